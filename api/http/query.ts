import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { check } from '../../contract/index.ts';
import { ApiError } from './errors.ts';

/**
 * Reads a GET call's query and checks it with a contract struct, as readBody does for a body: a failed rule
 * is a 400 with its message. Only the struct's own fields are read, so a link that picked up a tracking
 * parameter on the way (utm_source) still opens.
 */
export function readQuery<T>(c: Context, struct: Struct<T, Record<string, Struct<any, any>>>): T {
  const query = Object.fromEntries(
    Object.keys(struct.schema).flatMap((name) => {
      const value = c.req.query(name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const result = check(query, struct);
  if (result.ok) return result.value;
  throw new ApiError(400, [...new Set(result.errors.map((error) => error.message))], { fields: result.errors });
}
