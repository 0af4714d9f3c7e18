import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { check, MESSAGES, type FieldError } from '../../contract/index.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

/**
 * The deepest nesting of arrays and objects a request may have. The deepest form (the quote: drivers, their
 * violations, a violation's fields) is 4 levels; 32 leaves room and keeps every recursive reader (the rules'
 * messages, the idempotency key's canonical JSON) far from the stack's end (issue 22 item 6: 4,000 nested
 * arrays in a field made a 500).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` nests arrays and objects at most `max` deep, by one pass over its brackets outside strings
 * (before JSON.parse, so a deep body costs no tree).
 */
export function nestingWithin(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return false;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return true;
}

/**
 * JSON.parse for a request's text: a nesting deeper than MAX_JSON_DEPTH is a 400 with MESSAGES.nestedTooDeep;
 * malformed JSON throws SyntaxError as JSON.parse does.
 */
export function parseRequestJson(text: string): unknown {
  if (!nestingWithin(text)) throw new ApiError(400, MESSAGES.nestedTooDeep);
  return JSON.parse(text);
}

/**
 * Reads the JSON body as an object. Malformed JSON and a body that is not an object are a 400. Content type
 * and size are checked by middleware before this runs.
 */
export async function readObject(c: Context): Promise<Record<string, unknown>> {
  let raw: unknown;
  try {
    raw = parseRequestJson(await c.req.text());
  } catch (error) {
    // The body-limit middleware aborts an oversized chunked stream with its own error: let it through.
    if (error instanceof SyntaxError) throw new ApiError(400, HTTP_MESSAGES.invalidJson);
    throw error;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ApiError(400, HTTP_MESSAGES.notAnObject);
  }
  return raw as Record<string, unknown>;
}

/** The 400 of a request that failed its rules: each message once, the per-field detail in `fields`. */
export function requestRefused(errors: FieldError[]): ApiError {
  return new ApiError(400, [...new Set(errors.map((error) => error.message))], { fields: errors });
}

/**
 * Reads the JSON body and checks it with a contract struct, for a JSON call outside the table of endpoints
 * (the operations page's decision); every /api call gets its request checked by on() (./endpoint.ts).
 */
export async function readBody<T, S>(c: Context, struct: Struct<T, S>): Promise<T> {
  const result = check(await readObject(c), struct);
  if (result.ok) return result.value;
  throw requestRefused(result.errors);
}
