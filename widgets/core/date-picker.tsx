import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { FieldBinding } from './form.ts';
import { MaskedField } from './fields/MaskedField.tsx';
import { parseDate } from './date-text.ts';
import { adoptStyles } from './styles/adopt.ts';

/**
 * A date typed under the MM/DD/YYYY mask, or picked on a flatpickr calendar limited to [min, max]
 * (doc 2: date of birth; doc 3: effective date). The calendar (calendar.ts) loads on the first press of
 * its button, so a form whose dates are typed never downloads it; it is worked by keyboard as calendar.ts says.
 */
export interface DateFieldProps {
  label: string;
  field: FieldBinding;
  min?: Date;
  max?: Date;
  hint?: string;
  /** Accessible name of the calendar button. */
  calendarLabel?: string;
}

export function DateField({ label, field, min, max, hint = 'For example, 03/27/1990', calendarLabel = 'Choose a date from the calendar' }: DateFieldProps) {
  const anchorRef = useRef<HTMLDivElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pickerRef = useRef<Instance | null>(null);
  const latest = useRef(field);
  latest.current = field;

  // The field's own layout from the first paint; flatpickr's CSS comes with the calendar.
  useLayoutEffect(() => {
    const root = anchorRef.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, [datePickerStyles]);
  }, []);

  // A later min or max (the effective-date window moving past midnight) reaches an open calendar too.
  useEffect(() => {
    pickerRef.current?.set({ minDate: min, maxDate: max });
  }, [min?.getTime(), max?.getTime()]);

  useEffect(() => () => {
    pickerRef.current?.destroy();
    pickerRef.current = null;
  }, []);

  async function calendar(): Promise<Instance | null> {
    if (pickerRef.current) return pickerRef.current;
    const anchor = anchorRef.current;
    const hidden = hiddenRef.current;
    const button = buttonRef.current;
    if (!anchor || !hidden || !button) return null;
    const { createCalendar } = await import('./calendar.ts');
    // the component may have gone, or a second press may have won, while the code loaded
    if (pickerRef.current || !anchor.isConnected) return pickerRef.current;
    pickerRef.current = createCalendar({
      anchor,
      hidden,
      button,
      min,
      max,
      label: calendarLabel,
      styles: datePickerStyles,
      onPick: (text) => {
        latest.current.onChange(text);
        latest.current.onBlur(text);
      },
    });
    return pickerRef.current;
  }

  async function toggle() {
    const picker = await calendar();
    if (!picker) return;
    const typed = parseDate(latest.current.value);
    // open on the typed date when it is a real one, otherwise on today's month
    picker.setDate(typed ?? [], false);
    if (!typed && min && min > new Date()) picker.jumpToDate(min);
    else if (!typed && max && max < new Date()) picker.jumpToDate(max);
    picker.toggle();
  }

  return (
    <div ref={anchorRef} className="ppm-date">
      <MaskedField
        label={label}
        field={field}
        mask="date"
        hint={hint}
        after={
          <>
            <button
              ref={buttonRef}
              type="button"
              className="ppm-button ppm-button--secondary ppm-date__button"
              part="calendar-button"
              aria-label={calendarLabel}
              aria-haspopup="dialog"
              aria-expanded="false"
              onClick={toggle}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
                <path
                  fill="currentColor"
                  d="M6 1h2v2h4V1h2v2h3a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h3V1Zm10 7H4v8h12V8Z"
                />
              </svg>
            </button>
            <input ref={hiddenRef} type="hidden" tabIndex={-1} aria-hidden="true" />
          </>
        }
      />
    </div>
  );
}

export const datePickerStyles = /* css */ `
.ppm-date { position: relative; }
.ppm-input-row { display: flex; gap: 0.5rem; align-items: stretch; }
.ppm-input-row .ppm-input { flex: 1 1 auto; min-width: 0; }
.ppm-date__button { padding: 0.5rem 0.75rem; }
.ppm-date .flatpickr-calendar { position: absolute; font-family: inherit; }
/* flatpickr turns its hidden anchor input into a text box (type="text"); it must stay out of sight */
.ppm-date input.flatpickr-input[aria-hidden="true"] { display: none; }
/* flatpickr's greys and blue fail WCAG's contrast (its sheet comes later, so these rules are more specific) */
.ppm-date .flatpickr-calendar .flatpickr-weekday { color: var(--_ink); }
.ppm-date .flatpickr-calendar .flatpickr-day.prevMonthDay, .ppm-date .flatpickr-calendar .flatpickr-day.nextMonthDay { color: var(--_muted); }
.ppm-date .flatpickr-calendar .flatpickr-day.selected { color: var(--_surface); background: var(--_ink); border-color: var(--_ink); }
.ppm-date .flatpickr-calendar .flatpickr-day:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; }
`;
