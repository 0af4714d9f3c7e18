import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';

/**
 * The WHATWG "valid e-mail address" production (what <input type=email> accepts), plus a dot in the
 * domain, because a quote e-mail to "name@localhost" never reaches a shopper. At most 254 characters
 * (RFC 5321 path limit).
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** E-mail everywhere (doc 1 section 5): required and valid, 'Please enter a valid email address.' */
export const email: Struct<string, null> = define<string>('email', (value) =>
  typeof value === 'string' && isEmail(value.trim()) ? true : MESSAGES.email,
);
