import { useRef } from 'react';
import { useFormCore, useLocalValues, type FieldChecker, type Form } from './form-core.ts';

/**
 * A form that keeps its own values and loads its checker (the contract's rules, superstruct) on the person's
 * first focus in a field, or on submit: a host page that only shows the form pays for none of it (issue 11;
 * notify-me). Blur and submit wait for it; validate() rejects when it cannot load (offline), and the next
 * focus or submit tries again.
 */
export function useLoadedForm<V extends Record<string, string>>(
  idPrefix: string,
  load: () => Promise<FieldChecker<V>>,
  initial: V,
): Form<V, Promise<V | null>> {
  const local = useLocalValues(initial);
  const loaded = useRef<{ checker?: FieldChecker<V>; loading?: Promise<FieldChecker<V>> | undefined }>({});
  const checker = useRef(
    (): FieldChecker<V> | Promise<FieldChecker<V>> =>
      loaded.current.checker ??
      (loaded.current.loading ??= load().then(
        (ready) => (loaded.current.checker = ready),
        (error: unknown) => {
          loaded.current.loading = undefined;
          throw error;
        },
      )),
  );
  const prefetch = useRef(() => void Promise.resolve(checker.current()).catch(() => undefined));
  const core = useFormCore<V>(idPrefix, checker.current, local.values, local.set, prefetch.current);
  return {
    values: local.values,
    errors: core.errors,
    field: core.field,
    validate: async () => (core.validateWith(await core.checker()) ? local.trimmed(core.latest()) : null),
    reset: (next: V = initial) => {
      local.setValues(next);
      core.clearErrors();
    },
  };
}
