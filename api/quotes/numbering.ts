/**
 * Quote numbers (link tokens are api/tokens/tokens.ts).
 *
 * A quote number is read over the phone to customer care and typed from an e-mail, so it is short and has
 * no look-alike characters: 'PPMQ-' and two groups of four from Crockford's base-32 alphabet (digits and
 * capitals without I, L, O, U), e.g. PPMQ-7KD2-XW9M. The eight characters come from the CSPRNG (40 bits),
 * so numbers say nothing about how many quotes exist or when one was made, and guessing another
 * shopper's number is hopeless; the unique index catches the rare repeat and the caller draws again.
 * A sequence with a check digit would have been shorter but counts our business out loud.
 */
import { secureRandomBytes } from '../random.ts';

const QUOTE_NUMBER_PREFIX = 'PPMQ-';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const QUOTE_NUMBER = /^PPMQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A policy's number and its binder's, drawn the same way (api/policies/bind.ts). */
export const POLICY_NUMBER_PREFIX = 'PPMP-';
export const BINDER_NUMBER_PREFIX = 'PPMB-';

/** `prefix` and two groups of four characters from the CSPRNG. */
export function newNumber(prefix: string): string {
  // 256 is a multiple of 32, so the low five bits of each byte pick a character without bias.
  const chars = [...secureRandomBytes(8)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${prefix}${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function newQuoteNumber(): string {
  return newNumber(QUOTE_NUMBER_PREFIX);
}
