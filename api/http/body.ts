import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { check, type FieldError } from '../../contract/index.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

/**
 * Reads the JSON body as an object. Malformed JSON and a body that is not an object are a 400. Content type
 * and size are checked by middleware before this runs.
 */
export async function readObject(c: Context): Promise<Record<string, unknown>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
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
