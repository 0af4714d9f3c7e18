import { useEffect, type RefObject } from 'react';
import { check, effectiveDate } from '../../../../contract/index.ts';
import type { BoundForm, FieldBinding } from '../../../core/form.ts';
import { EFFECTIVE_DATE, type CoverageValues } from './use-coverage-form.ts';

/**
 * The effective date's two timers (doc 3 sections 4 and 5): a date re-check 50 ms after the field loses
 * focus, which takes a valid new date into the coverage form; and, when the step opens on a date that is no
 * longer valid, its message and a scroll to it after 100 ms. Returns the date field's binding.
 */
export interface EffectiveDateChecks {
  bound: BoundForm<CoverageValues>;
  /** The coverage form's date as the step opens. */
  openingDate: string;
  editable: boolean;
  draftDate(): string;
  commitDate(text: string): unknown;
  /** The page the date field is on. */
  page: RefObject<HTMLElement | null>;
  scrollDelayMs: number;
  dateCheckDelayMs: number;
}

export function useEffectiveDateChecks({ bound, openingDate, editable, draftDate, commitDate, page, scrollDelayMs, dateCheckDelayMs }: EffectiveDateChecks): FieldBinding {
  const binding = bound.field(EFFECTIVE_DATE);

  useEffect(() => {
    const message = dateMessage(openingDate);
    if (!editable || !message) return;
    const timer = setTimeout(() => {
      bound.setError(EFFECTIVE_DATE, message);
      page.current?.querySelector(`#${CSS.escape(binding.id)}`)?.scrollIntoView({ block: 'center' });
    }, scrollDelayMs);
    return () => clearTimeout(timer);
  }, []);

  if (!editable) return binding;
  return {
    ...binding,
    onBlur: (value) => {
      binding.onBlur(value);
      const text = value ?? draftDate();
      // doc 3 section 4: "A date re-check runs 50 ms after blur"
      setTimeout(() => commitDate(text), dateCheckDelayMs);
    },
  };
}

function dateMessage(text: string): string | undefined {
  const result = check(text, effectiveDate());
  return result.ok ? undefined : result.errors[0]?.message;
}
