import { StructError, validate, type Struct } from 'superstruct';

/** One failed rule: where (a dotted path, '' for the whole value) and the rule's message. */
export interface FieldError {
  path: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Runs a struct (with its coercions, e.g. a ZIP losing its dashes) and turns a failure into one list of
 * field errors carrying the rules' own messages. Widgets show them beside fields; the API answers them
 * as error_messages. One shape of failure everywhere.
 */
export function check<T, S>(value: unknown, struct: Struct<T, S>): Checked<T> {
  const [error, result] = validate(value, struct, { coerce: true });
  if (!error) return { ok: true, value: result as T };
  return { ok: false, errors: toFieldErrors(error) };
}

export function toFieldErrors(error: StructError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const failure of error.failures()) {
    const path = failure.path.join('.');
    if (seen.has(path)) continue; // the first failing rule of a field is the one to show
    seen.add(path);
    errors.push({ path, message: messageOf(failure.message, failure.refinement, failure.type) });
  }
  return errors;
}

/** superstruct's built-in types speak to developers ("Expected a string, but received: 4"); people get ours. */
function messageOf(message: string, refinement: string | undefined, type: string): string {
  if (message.startsWith('Expected ') && refinement === undefined) {
    return type === 'never' ? 'This field is not expected.' : 'This field is required.';
  }
  return message;
}
