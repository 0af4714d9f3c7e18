import { useRef, useState } from 'react';
import { focusInView } from './reveal.ts';

/**
 * Validation on blur and on submit (STYLE.md habit 6: an error appears only after the person left the field
 * or submitted, never while they type; once the value is right while they type, the error goes). On a failed
 * submit the first invalid field, in the page's order, gets focus (doc 1 section 8: "first invalid field
 * focused"; doc 2 section 5: "the first invalid field is focused or scrolled into view").
 *
 * This module knows fields, errors and focus, but not the rules: a form is given its FieldChecker, or the
 * promise of it while it loads. form.ts makes checkers from the contract's rules (superstruct) for the forms
 * that have them at hand; a small widget on a host page (notify-me) loads its rules and the checker on the
 * person's first focus or submit instead (loaded-form.ts), so the page does not pay for them on arrival
 * (issue 11). The rules and their messages are the contract's either way.
 */
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

/** How a form checks its fields: which have a rule now, and a value's message (undefined when it is right). */
export interface FieldChecker<V> {
  names: readonly (keyof V & string)[];
  message: (name: keyof V & string, value: string) => string | undefined;
}

/** The form's checker now, or the promise of it while it loads (loaded-form.ts). */
export type CheckerNow<V> = () => FieldChecker<V> | Promise<FieldChecker<V>>;

/**
 * The same rules, blur and submit behaviour for a form whose values live elsewhere (the quote wizard keeps
 * every step's values in one persisted state, so a reload restores them). The rules may change between
 * renders: a field that is not asked (the dealer question before 'Dealer' is picked) has no rule.
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

/** A form that keeps its own values (the small widgets and the account step). */
export interface Form<V extends Record<string, string>, Checked = V | null> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  field: (name: keyof V & string) => FieldBinding;
  /** Validates everything; returns the trimmed values, or null after showing errors and focusing the first. */
  validate: () => Checked;
  reset: (values?: V) => void;
}

/** What both kinds of form are made of: the values as of the last keystroke, and the checks. */
export interface FormCore<V extends { [K in keyof V]: string }> extends Omit<BoundForm<V>, 'validate'> {
  latest: () => V;
  clearErrors: () => void;
  /** The latest render's checker (or its promise), also for an older render's handler. */
  checker: CheckerNow<V>;
  /** Checks every field with `checker`; shows the errors and focuses the first invalid field. */
  validateWith: (checker: FieldChecker<V>) => boolean;
}

/**
 * The one implementation of blur, change and submit checks behind every form. `prefetch` (a stable function)
 * runs on the first focus of each field: a form whose checker loads starts loading it then.
 */
export function useFormCore<V extends { [K in keyof V]: string }>(
  idPrefix: string,
  checker: CheckerNow<V>,
  values: V,
  onChange: (name: keyof V & string, value: string) => void,
  prefetch?: () => void,
): FormCore<V> {
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const elements = useRef(new Map<keyof V, HTMLElement>());
  // Blur may carry a value newer than the last render (a combobox committing its typed text), and a
  // submit may follow a change in the same event: checks read these, never a stale render's values.
  const latest = useRef(values);
  latest.current = values;
  const latestErrors = useRef(errors);
  latestErrors.current = errors;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // the latest render's checker (a bound form's rules change with what is asked), even for an older render's handler
  const checkerRef = useRef(checker);
  checkerRef.current = checker;

  /** The value's message, when the checker is there (an error is shown only once it is). */
  const message = (name: keyof V & string, value: string) => {
    const now = checkerRef.current();
    return now instanceof Promise ? undefined : now.message(name, value);
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
      // waits for blur or submit. (An error is shown only once the checker is there.)
      if (latestErrors.current[name] && message(name, value) === undefined) setErrors((old) => ({ ...old, [name]: undefined }));
    },
    onBlur: (value) => {
      const current = value ?? latest.current[name] ?? '';
      const show = (using: FieldChecker<V>) => setErrors((old) => ({ ...old, [name]: using.message(name, current) }));
      const now = checkerRef.current();
      if (now instanceof Promise) now.then(show, () => undefined);
      else show(now);
    },
    inputRef: (element) => {
      if (element) {
        elements.current.set(name, element);
        if (prefetch) element.addEventListener('focus', prefetch, { once: true });
      } else elements.current.delete(name);
    },
  });

  const focus = (name: keyof V & string) => elements.current.get(name)?.focus();

  const validateWith = (using: FieldChecker<V>): boolean => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of using.names) {
      const text = using.message(name, latest.current[name] ?? '');
      if (text) found[name] = text;
    }
    setErrors(found);
    const invalid = (Object.keys(found) as (keyof V)[])
      .map((name) => elements.current.get(name))
      .filter((element): element is HTMLElement => element !== undefined)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    // in view at once, not by a smooth scroll the errors drawn above it would leave short (reveal.ts)
    focusInView(invalid[0]);
    return Object.keys(found).length === 0;
  };

  const setError = (name: keyof V & string, text: string | undefined) => setErrors((old) => ({ ...old, [name]: text }));

  return { errors, field, setError, focus, latest: () => latest.current, clearErrors: () => setErrors({}), checker: () => checkerRef.current(), validateWith };
}

/** Local state for a form's values, and the values as a submit sends them (trimmed). */
export function useLocalValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const set = (name: keyof V & string, value: string) => setValues((old) => ({ ...old, [name]: value }));
  const trimmed = (from: V): V => {
    const result = { ...from };
    for (const key of Object.keys(result) as (keyof V)[]) result[key] = String(result[key]).trim() as V[keyof V];
    return result;
  };
  return { values, setValues, set, trimmed };
}
