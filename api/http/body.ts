import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { check } from '../../contract/index.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

/**
 * Reads the JSON body as an object, unchecked beyond that: for a route whose use case applies the rule
 * itself (the quote call checks the state before the rest). Malformed JSON and a body that is not an object
 * are a 400. Content type and size are checked by middleware before this runs.
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

/**
 * Reads the JSON body and checks it with a contract struct: the same rules and messages the widget uses.
 * Malformed JSON, a body that is not an object, and every failed rule end as a 400 with the rules' own
 * messages (each message once; `fields` keeps the per-field detail).
 */
export async function readBody<T, S>(c: Context, struct: Struct<T, S>): Promise<T> {
  const result = check(await readObject(c), struct);
  if (result.ok) return result.value;
  const messages = [...new Set(result.errors.map((error) => error.message))];
  throw new ApiError(400, messages, { fields: result.errors });
}
