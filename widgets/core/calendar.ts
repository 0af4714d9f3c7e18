import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import flatpickrCss from 'flatpickr/dist/flatpickr.min.css?inline';
import { formatDate } from './masks.ts';
import { adoptStyles } from './styles/adopt.ts';

/**
 * The flatpickr calendar behind a DateField's button. It lives in its own module so the bundle loads it
 * (about 15 KB gzip with its CSS) only when a person first opens a calendar; typing the date under the
 * mask needs none of it. The calendar is appended inside the widget (its shadow root, when embedded) and
 * flatpickr's CSS is adopted there, because a calendar on <body> would never meet a shadow root's styles.
 */
export interface CalendarOptions {
  anchor: HTMLElement;
  hidden: HTMLInputElement;
  button: HTMLButtonElement;
  min: Date | undefined;
  max: Date | undefined;
  /** Extra CSS for the calendar inside our widgets (DateField's datePickerStyles). */
  styles: string;
  onPick: (text: string) => void;
}

export function createCalendar({ anchor, hidden, button, min, max, styles, onPick }: CalendarOptions): Instance {
  const root = anchor.getRootNode();
  if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, [flatpickrCss, styles]);
  return flatpickr(hidden, {
    appendTo: anchor,
    clickOpens: false,
    // the phone's native picker would ignore our mask and the shadow root
    disableMobile: true,
    minDate: min,
    maxDate: max,
    dateFormat: 'm/d/Y',
    ignoredFocusElements: [button],
    // flatpickr positions against the page; inside our relative anchor we place it under the input
    position: (self) => {
      const input = anchor.querySelector('input.ppm-input') as HTMLElement | null;
      self.calendarContainer.style.top = `${(input?.offsetTop ?? 0) + (input?.offsetHeight ?? 0) + 4}px`;
      self.calendarContainer.style.left = '0px';
    },
    onChange: (dates) => {
      const date = dates[0];
      if (date) onPick(formatDate(date));
    },
    onClose: () => button.setAttribute('aria-expanded', 'false'),
    onOpen: () => button.setAttribute('aria-expanded', 'true'),
  });
}
