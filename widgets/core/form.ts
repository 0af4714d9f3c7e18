import type { Struct } from 'superstruct';
import { check } from '../../contract/index.ts';
import { useFormCore, useLocalValues, type BoundForm, type FieldChecker, type Form } from './form-core.ts';

/**
 * Forms checked with the contract's rules (superstruct structs), given at once. Blur, change and submit
 * behave as form-core.ts says; a form that loads its rules on first use is loaded-form.ts's useLoadedForm,
 * with a checker made here (rulesChecker) in the chunk it loads.
 */
export type { BoundForm, FieldBinding, Form } from './form-core.ts';

export type Rules<V> = { [K in keyof V]: Struct<any, any> };

/** A checker from rules: a value's message is its rule's first failure; a field without a rule is right. */
export function rulesChecker<V>(rules: Partial<Rules<V>>): FieldChecker<V> {
  return {
    names: Object.keys(rules) as (keyof V & string)[],
    message: (name, value) => {
      const rule = rules[name];
      if (!rule) return undefined;
      const result = check(value, rule);
      return result.ok ? undefined : result.errors[0]?.message;
    },
  };
}

/** The latest render's checker: rules given at once are never loading. */
const current = <V>(form: { checker: () => FieldChecker<V> | Promise<FieldChecker<V>> }) => form.checker() as FieldChecker<V>;

/**
 * The bound form (form-core.ts BoundForm) over the given rules: `rules` may change between renders. On a
 * failed validate() the first invalid field in the page's order gets focus.
 */
export function useBoundForm<V extends { [K in keyof V]: string }>(
  idPrefix: string,
  rules: Partial<Rules<V>>,
  values: V,
  onChange: (name: keyof V & string, value: string) => void,
): BoundForm<V> {
  const checker = rulesChecker(rules);
  const core = useFormCore(idPrefix, () => checker, values, onChange);
  return { errors: core.errors, field: core.field, setError: core.setError, focus: core.focus, validate: () => core.validateWith(current(core)) };
}

/** A form that keeps its own values (the small widgets and the account step): the bound form over local state. */
export function useForm<V extends Record<string, string>>(idPrefix: string, rules: Rules<V>, initial: V): Form<V> {
  const local = useLocalValues(initial);
  const checker = rulesChecker(rules);
  const core = useFormCore<V>(idPrefix, () => checker, local.values, local.set);
  return {
    values: local.values,
    errors: core.errors,
    field: core.field,
    validate: () => (core.validateWith(current(core)) ? local.trimmed(core.latest()) : null),
    reset: (next: V = initial) => {
      local.setValues(next);
      core.clearErrors();
    },
  };
}
