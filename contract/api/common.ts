import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { hasUnsafeCharacters } from '../rules/text.ts';

/**
 * Pieces the request and answer structs share. Requests are `object` structs: the API refuses a field
 * it does not know. Answers are `type` structs: a widget reading an answer tolerates fields added later.
 */

/**
 * Where the API sends a person after an e-mailed link or a sign-up (doc 1 section 7: returnUrl): an
 * absolute http(s) address or a path on the site ('/account/'). The API still holds it to its own list
 * of origins, so the struct only refuses what can never be a page (javascript:, //evil, blank).
 */
export const returnUrl: Struct<string, null> = define<string>('returnUrl', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return MESSAGES.required;
  if (value.length > 2048) return MESSAGES.returnUrl;
  if (hasUnsafeCharacters(value)) return MESSAGES.textCharacters;
  if (value.startsWith('/')) return (!value.startsWith('//') && !value.startsWith('/\\')) || MESSAGES.returnUrl;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' || MESSAGES.returnUrl;
  } catch {
    return MESSAGES.returnUrl;
  }
});

/** A policy or quote number as the API issues it: letters, digits and dashes, at most 32. */
export const policyNumber: Struct<string, null> = define<string>('policyNumber', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return MESSAGES.required;
  return /^[A-Za-z0-9-]{1,32}$/.test(value) || MESSAGES.policyNumber;
});

/** An opaque token from a link or a header (session, reset, documents, rollover): 16 to 512 URL-safe characters. */
export const token: Struct<string, null> = define<string>('token', (value) => {
  if (typeof value !== 'string' || value === '') return MESSAGES.required;
  return /^[A-Za-z0-9._~+/=-]{16,512}$/.test(value) || MESSAGES.token;
});
