import { Struct, type Context } from 'superstruct';

/**
 * superstruct's `coerce(struct, string(), fn)`, minus its cost. superstruct tests the condition with
 * `is(value, string())`, which builds a StructError (and so a stack trace) for every value that is not a
 * string: every boolean yes/no answer, every number, every absent optional field of a request. A quote
 * request has dozens of those, and the API validates one per quote; a typeof test does the same job.
 */
export function coerceString<T, S>(struct: Struct<T, S>, coercer: (value: string, context: Context) => unknown): Struct<T, S> {
  return new Struct({
    ...struct,
    coercer: (value, context) => struct.coercer(typeof value === 'string' ? coercer(value, context) : value, context),
  });
}

/** The same for `coerce(struct, number(), fn)`. */
export function coerceNumber<T, S>(struct: Struct<T, S>, coercer: (value: number, context: Context) => unknown): Struct<T, S> {
  return new Struct({
    ...struct,
    coercer: (value, context) =>
      struct.coercer(typeof value === 'number' && !Number.isNaN(value) ? coercer(value, context) : value, context),
  });
}
