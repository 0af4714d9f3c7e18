import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { check } from '../../contract/index.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

/**
 * Reads the JSON body and checks it with a contract struct: the same rules and messages the widget uses.
 * Malformed JSON, a body that is not an object, and every failed rule end as a 400 with the rules' own
 * messages (each message once; `fields` keeps the per-field detail). Content type and size are checked
 * by middleware before this runs.
 */
export async function readBody<T, S>(c: Context, struct: Struct<T, S>): Promise<T> {
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
  const result = check(raw, struct);
  if (result.ok) return result.value;
  const messages = [...new Set(result.errors.map((error) => error.message))];
  throw new ApiError(400, messages, { fields: result.errors });
}
