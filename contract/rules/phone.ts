import { define, optional, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';

/**
 * US phone number (doc 1 section 5, doc 2 section 5, doc 3 section 5): formatted 000-000-0000.
 * "Valid US number" is read as the North American Numbering Plan: the area code and the exchange each
 * start with 2-9 (a leading 0 or 1 is a trunk or operator prefix, never part of a number).
 */
const PHONE_PATTERN = /^[2-9]\d{2}-[2-9]\d{2}-\d{4}$/;

export function isUsPhone(value: unknown): value is string {
  return typeof value === 'string' && PHONE_PATTERN.test(value);
}

/**
 * Writes 10 digits as 000-000-0000 (also '(602) 555-0134', '602.555.0134', '+1 602 555 0134', which are
 * 10 digits after the country code 1). Anything else is returned as typed, so the rule can reject it.
 */
export function formatUsPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return input;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const phoneShape = define<string>('phone', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return MESSAGES.required;
  return PHONE_PATTERN.test(value) || MESSAGES.phone;
});

/** A required US phone number; `check` first rewrites 10 digits as 000-000-0000. */
export const usPhone: Struct<string, null> = coerceString(phoneShape, formatUsPhone);

/**
 * An optional US phone number (claim form telephone, contact form phone): absent or '' passes; anything
 * typed must be a valid number. An empty string is normalised to undefined.
 */
export const optionalUsPhone: Struct<string | undefined, null> = coerceString(
  optional(phoneShape),
  (value) => (value.trim() === '' ? undefined : formatUsPhone(value)),
);
