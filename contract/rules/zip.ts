import { define, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/**
 * ZIP code (doc 1 section 5, doc 2 section 5, doc 3 section 5): required, digits only, exactly 5,
 * "non-digits stripped". So '85-004' is 85004; a ZIP+4 ('85004-1234') keeps 9 digits and fails, as the
 * spec asks for exactly five (the widget's mask stops at five).
 */
export function zipDigits(input: string): string {
  return input.replace(/\D/g, '');
}

export function isZip(value: unknown): value is string {
  return typeof value === 'string' && /^\d{5}$/.test(value);
}

const ZIP_LENGTH = new RegExp(`^\\d{${LIMITS.zipLength}}$`);

const zipShape = define<string>('zip', (value) => {
  if (typeof value !== 'string' || value === '') return MESSAGES.required;
  return ZIP_LENGTH.test(value) || MESSAGES.zip;
});

/** Strips non-digits (when run through `check`), then requires exactly 5 digits. */
export const zip: Struct<string, null> = coerceString(zipShape, zipDigits);
