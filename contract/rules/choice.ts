import { define, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';

/**
 * One value of a fixed list (a select, a radio group). Nothing chosen (undefined, null, '') fails with
 * `required`; a value the list does not hold (a tampered request) fails with MESSAGES.choice. superstruct's
 * own `enums` would say "Expected one of ..." to a person, hence this.
 */
export function oneOf<const T extends string | number | boolean>(
  values: readonly T[],
  required: string = MESSAGES.required,
): Struct<T, null> {
  const allowed = new Set<unknown>(values);
  return define<T>('oneOf', (value) => {
    if (value === undefined || value === null || value === '') return required;
    return allowed.has(value) || MESSAGES.choice;
  });
}

/** The values of a {value, label} option list, for `oneOf`. */
export function valuesOf<const T>(options: readonly { readonly value: T }[]): T[] {
  return options.map((option) => option.value);
}

/**
 * A yes/no answer. Widgets send booleans; a form that posts 'Yes'/'No' or 'true'/'false' is coerced by
 * `check` so the API sees one shape.
 */
export const yesNo: Struct<boolean, null> = coerceString(
  define<boolean>('yesNo', (value) => (typeof value === 'boolean' ? true : MESSAGES.required)),
  (value) => {
    const answer = value.trim().toLowerCase();
    if (answer === 'yes' || answer === 'true') return true;
    if (answer === 'no' || answer === 'false') return false;
    return value;
  },
);
