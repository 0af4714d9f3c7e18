import { define, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/**
 * Vehicle identification number (doc 2 sections 4, 5 and 9; doc 3 section 2; 49 CFR 565.15):
 * 17 characters, letters and digits only, never I, O or Q.
 */
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]*$/;

/**
 * What the VIN field does while a person types (doc 2 section 4): upper-case, and the letters O and I,
 * which a VIN never holds, become the digits 0 and 1 they were meant to be. Spaces are dropped.
 * The API does not apply this: it validates what it is sent.
 */
export function vinFromTyping(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').replace(/O/g, '0').replace(/I/g, '1');
}

export function isVin(value: unknown): value is string {
  return typeof value === 'string' && value.length === LIMITS.vinLength && VIN_CHARACTERS.test(value);
}

const vinShape = define<string>('vin', (value) => {
  if (typeof value !== 'string' || value === '') return MESSAGES.required;
  if (value.length !== LIMITS.vinLength) return MESSAGES.vinLength;
  return VIN_CHARACTERS.test(value) || MESSAGES.vinCharacters;
});

/** A required VIN; `check` upper-cases and trims it first (requests send it upper-cased, doc 3 section 3). */
export const vin: Struct<string, null> = coerceString(vinShape, (value) => value.trim().toUpperCase());

/**
 * Doc 3 section 2: a VIN on a quote is "unusable (a placeholder)" when it is not 17 characters, contains
 * * or !, contains I, O or Q, or matches a run of zeros. The run we test is 7 zeros or more. After
 * position 10 (model year, never 0) a real VIN holds at most six (plant code 0 and serial 00000x);
 * before it, positions 3-9 would need a maker writing zeros throughout its descriptor section, which
 * the marque never does (position 4 is the body letter, facts/porsche-vin.md). Placeholders typed to
 * get past a form (00000000000000000, WP0AB2A9000000000) have seven or more.
 */
export const PLACEHOLDER_ZERO_RUN = 7;

export function isPlaceholderVin(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return true;
  const candidate = value.toUpperCase();
  return (
    candidate.length !== LIMITS.vinLength ||
    /[*!]/.test(candidate) ||
    /[IOQ]/.test(candidate) ||
    new RegExp(`0{${PLACEHOLDER_ZERO_RUN},}`).test(candidate)
  );
}

/**
 * The check digit (position 9) of a North American VIN, 49 CFR 565.15(c): letters transliterated
 * (A1 B2 C3 D4 E5 F6 G7 H8 J1 K2 L3 M4 N5 P7 R9 S2 T3 U4 V5 W6 X7 Y8 Z9), weights
 * 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, sum mod 11, 10 written X. Null for a value that is not a VIN.
 * Deciding what to do with a wrong check digit is the VIN decoder's job (the API), not this rule's.
 */
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export function vinCheckDigit(value: string): string | null {
  const candidate = value.toUpperCase();
  if (!isVin(candidate)) return null;
  let sum = 0;
  for (let i = 0; i < candidate.length; i += 1) {
    const ch = candidate[i]!;
    const number = ch >= '0' && ch <= '9' ? Number(ch) : TRANSLITERATION[ch]!;
    sum += number * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when position 9 holds the check digit the other 16 characters call for. */
export function hasValidCheckDigit(value: string): boolean {
  const expected = vinCheckDigit(value);
  return expected !== null && value.toUpperCase()[8] === expected;
}
