import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../../../../contract/index.ts';
import { testCardFor } from '../../../../contract/reference/test-cards.ts';

/**
 * The test-mode card (DESIGN.md "The API", payments without keys): the browser turns one of Stripe's
 * documented test card numbers into the test token Stripe itself gives for it, so the bind call carries a
 * token in test mode exactly as it does with Stripe Elements, and no card number ever leaves the page.
 *
 * The numbers and tokens are the contract's one table (contract/reference/test-cards.ts, imported directly
 * so the other bundles do not carry it): 4242 4242 4242 4242 and Mastercard 5555 5555 5555 4444 succeed,
 * 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure. Stripe refuses a real card number
 * in test mode, which the buyer meets as a decline: any other number that passes the Luhn check becomes the
 * table's unknown card (tok_chargeDeclined).
 */
/** The digits of what the person typed (the mask puts spaces between groups of four). */
function cardDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The Luhn checksum (ISO/IEC 7812-1) every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The test token for a card number; null for a number that cannot be a card's. */
export function testTokenFor(cardNumber: string): string | null {
  const digits = cardDigits(cardNumber);
  if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) return null;
  return testCardFor(digits).token;
}

// ours, as Stripe Elements words them: a complete but impossible number, and an expiry already past
export const CARD_INVALID = 'Your card number is invalid.';
export const EXPIRY_PAST = "Your card's expiration year is in the past.";
export const EXPIRY_MONTH_PAST = "Your card's expiration date is in the past.";

/**
 * The card fields' rules. Doc 3 section 5: "card number, expiry and CVC must be complete (messages 'Card
 * Number is Required', 'Expiry date is Required', 'CVC is Required')": an empty or incomplete field says
 * so; a complete one that cannot be right says why, as Stripe's own fields would.
 */
export function cardRules(today: Date = new Date()): { cardNumber: Struct<string, null>; cardExpiry: Struct<string, null>; cardCvc: Struct<string, null> } {
  return {
    cardNumber: define<string>('cardNumber', (value) => {
      const digits = cardDigits(typeof value === 'string' ? value : '');
      if (digits.length < 15) return MESSAGES.cardNumber;
      return testTokenFor(digits) !== null || CARD_INVALID;
    }),
    cardExpiry: define<string>('cardExpiry', (value) => {
      const match = /^(\d{2})\/(\d{2})$/.exec(typeof value === 'string' ? value.trim() : '');
      if (!match) return MESSAGES.cardExpiry;
      const month = Number(match[1]);
      const year = 2000 + Number(match[2]);
      if (month < 1 || month > 12) return MESSAGES.cardExpiry;
      if (year < today.getFullYear()) return EXPIRY_PAST;
      return year > today.getFullYear() || month >= today.getMonth() + 1 || EXPIRY_MONTH_PAST;
    }),
    cardCvc: define<string>('cardCvc', (value) => /^\d{3,4}$/.test(typeof value === 'string' ? value.trim() : '') || MESSAGES.cardCvc),
  };
}


