import { useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import { check } from '../../contract/index.ts';

/**
 * Validation on blur and on submit with the contract's rules (STYLE.md habit 6: an error appears only
 * after the person left the field or submitted, never while they type; once the value is right while
 * they type, the error goes). On a failed submit the first invalid field, in the page's order, gets
 * focus (doc 1 section 8: "first invalid field focused").
 */
export type Rules<V> = { [K in keyof V]: Struct<any, any> };

export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: (value?: string) => void;
  /** The focusable control; the form focuses it when it is the first invalid one. */
  inputRef: (element: HTMLElement | null) => void;
}

export interface Form<V extends Record<string, string>> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  field: (name: keyof V & string) => FieldBinding;
  /** Validates everything; returns the coerced values, or null after showing errors and focusing the first. */
  validate: () => V | null;
  reset: (values?: V) => void;
}

/**
 * The same rules, blur and submit behaviour for a form whose values live elsewhere (the quote wizard keeps
 * every step's values in one persisted state, so a reload restores them). `rules` may change between
 * renders: a field that is not asked (the dealer question before 'Dealer' is picked) has no rule. On a
 * failed validate() the first invalid field in the page's order gets focus (doc 2 section 5: "the first
 * invalid field is focused or scrolled into view").
 */
export interface BoundForm<V extends { [K in keyof V]: string }> {
  errors: Partial<Record<keyof V, string>>;
  field: (name: keyof V & string) => FieldBinding;
  /** Checks every field that has a rule now; shows the errors and focuses the first invalid field. */
  validate: () => boolean;
  /** An error from outside the rules (a failed VIN check); undefined clears it. */
  setError: (name: keyof V & string, message: string | undefined) => void;
  /** Focuses a field's control (after setError). */
  focus: (name: keyof V & string) => void;
}

/** BoundForm and what useForm needs on top: the values as of the last keystroke, and a way to clear errors. */
interface FormCore<V extends { [K in keyof V]: string }> extends BoundForm<V> {
  latest: () => V;
  clearErrors: () => void;
}

export function useBoundForm<V extends { [K in keyof V]: string }>(
  idPrefix: string,
  rules: Partial<Rules<V>>,
  values: V,
  onChange: (name: keyof V & string, value: string) => void,
): BoundForm<V> {
  const { latest: _latest, clearErrors: _clear, ...form } = useFormCore(idPrefix, rules, values, onChange);
  return form;
}

/** The one implementation of blur, change and submit checks behind both hooks. */
function useFormCore<V extends { [K in keyof V]: string }>(
  idPrefix: string,
  rules: Partial<Rules<V>>,
  values: V,
  onChange: (name: keyof V & string, value: string) => void,
): FormCore<V> {
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const elements = useRef(new Map<keyof V, HTMLElement>());
  // Blur may carry a value newer than the last render (a combobox committing its typed text), and a
  // submit may follow a change in the same event: checks read these, never a stale render's values.
  const latest = useRef(values);
  latest.current = values;
  const latestRules = useRef(rules);
  latestRules.current = rules;
  const latestErrors = useRef(errors);
  latestErrors.current = errors;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const one = (name: keyof V, value: string): string | undefined => {
    const rule = latestRules.current[name];
    if (!rule) return undefined;
    const result = check(value, rule);
    return result.ok ? undefined : result.errors[0]?.message;
  };

  const field = (name: keyof V & string): FieldBinding => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value) => {
      latest.current = { ...latest.current, [name]: value };
      onChangeRef.current(name, value);
      // "Reward early": a shown error goes as soon as the value is right. Waiting for blur would remove
      // it while the person clicks Submit, moving the button from under the pointer. A new error still
      // waits for blur or submit.
      if (latestErrors.current[name] && one(name, value) === undefined) setErrors((old) => ({ ...old, [name]: undefined }));
    },
    onBlur: (value) => {
      const current = value ?? latest.current[name] ?? '';
      setErrors((old) => ({ ...old, [name]: one(name, current) }));
    },
    inputRef: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  const focus = (name: keyof V & string) => elements.current.get(name)?.focus();

  const validate = (): boolean => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(latestRules.current) as (keyof V)[]) {
      const message = one(name, latest.current[name] ?? '');
      if (message) found[name] = message;
    }
    setErrors(found);
    const invalid = (Object.keys(found) as (keyof V)[])
      .map((name) => elements.current.get(name))
      .filter((element): element is HTMLElement => element !== undefined)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
    return Object.keys(found).length === 0;
  };

  const setError = (name: keyof V & string, message: string | undefined) => setErrors((old) => ({ ...old, [name]: message }));

  return { errors, field, validate, setError, focus, latest: () => latest.current, clearErrors: () => setErrors({}) };
}

/** A form that keeps its own values (the small widgets and the account step): the bound form over local state. */
export function useForm<V extends Record<string, string>>(idPrefix: string, rules: Rules<V>, initial: V): Form<V> {
  const [values, setValues] = useState<V>(initial);
  const core = useFormCore<V>(idPrefix, rules, values, (name, value) => setValues((old) => ({ ...old, [name]: value })));
  return {
    values,
    errors: core.errors,
    field: core.field,
    validate: () => {
      if (!core.validate()) return null;
      const trimmed = { ...core.latest() };
      for (const key of Object.keys(trimmed) as (keyof V)[]) trimmed[key] = String(trimmed[key]).trim() as V[keyof V];
      return trimmed;
    },
    reset: (next: V = initial) => {
      setValues(next);
      core.clearErrors();
    },
  };
}
