import flatpickr from 'flatpickr';
import type { DayElement } from 'flatpickr/dist/types/instance';
import type { Instance } from 'flatpickr/dist/types/instance';
import flatpickrCss from 'flatpickr/dist/flatpickr.min.css?inline';
import { formatDate } from './date-text.ts';
import { adoptStyles } from './styles/adopt.ts';

/**
 * The flatpickr calendar behind a DateField's button. It lives in its own module so the bundle loads it
 * (about 15 KB gzip with its CSS) only when a person first opens a calendar; typing the date under the
 * mask needs none of it. The calendar is appended inside the widget (its shadow root, when embedded) and
 * flatpickr's CSS is adopted there, because a calendar on <body> would never meet a shadow root's styles.
 *
 * The keyboard, after the WAI-ARIA APG date picker dialog as far as flatpickr goes: opening moves focus to a
 * day (the chosen one, else today, else the allowed day nearest today); the arrows move by a day or a week
 * (flatpickr's own), Page Up and Page Down by a month (with Shift, a year), Home and End to the week's first and
 * last day; Enter picks the day, Escape closes; either way focus goes back to the calendar button. Focus that
 * leaves the calendar (Tab) closes it.
 */
export interface CalendarOptions {
  anchor: HTMLElement;
  hidden: HTMLInputElement;
  button: HTMLButtonElement;
  min: Date | undefined;
  max: Date | undefined;
  /** The calendar's accessible name (the button's). */
  label: string;
  /** Extra CSS for the calendar inside our widgets (DateField's datePickerStyles). */
  styles: string;
  onPick: (text: string) => void;
}

const DAY = '.flatpickr-day:not(.flatpickr-disabled):not(.prevMonthDay):not(.nextMonthDay)';

export function createCalendar({ anchor, hidden, button, min, max, label, styles, onPick }: CalendarOptions): Instance {
  const root = anchor.getRootNode();
  if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, [flatpickrCss, styles]);
  const active = () => (root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null);

  const picker = flatpickr(hidden, {
    appendTo: anchor,
    clickOpens: false,
    // the phone's native picker would ignore our mask and the shadow root
    disableMobile: true,
    // no fade: nothing moves for a person who asked for less motion, and the days are legible from the first frame
    animate: false,
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
    // a day is a button to a screen reader; flatpickr names it with its date
    onDayCreate: (_dates, _text, _self, day: DayElement) => {
      if (!day.classList.contains('flatpickr-disabled')) day.setAttribute('role', 'button');
    },
    onChange: (dates) => {
      const date = dates[0];
      if (date) onPick(formatDate(date));
    },
    onOpen: (_dates, _text, self) => {
      button.setAttribute('aria-expanded', 'true');
      // once flatpickr has placed it
      void Promise.resolve().then(() => firstDay(self)?.focus());
    },
    onClose: (_dates, _text, self) => {
      button.setAttribute('aria-expanded', 'false');
      // flatpickr hands focus to its input, which is ours and hidden: the button takes it instead. A picked
      // day is redrawn (buildDays) before the close, so its focus is already lost: a shadow root then has no
      // active element, but a document (our site's islands, in the light DOM) reports <body> (issue 23).
      const now = active();
      if (!now || now === hidden || now === document.body || self.calendarContainer.contains(now)) button.focus();
    },
  });
  const container = picker.calendarContainer;
  container.setAttribute('role', 'dialog');
  container.setAttribute('aria-label', label);
  container.addEventListener('keydown', (event) => moveByKey(picker, event));
  container.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.contains(next) && next !== button && picker.isOpen) picker.close();
  });
  return picker;
}

/** The day focus starts on: the chosen one, today, or the allowed day nearest today (first or last of the window). */
function firstDay(self: Instance): HTMLElement | undefined {
  const days = self.daysContainer;
  if (!days) return undefined;
  const shown = (element: Element | undefined): element is DayElement => !!element && element.matches(DAY);
  if (shown(self.selectedDateElem)) return self.selectedDateElem;
  if (shown(self.todayDateElem)) return self.todayDateElem;
  const all = [...days.querySelectorAll<DayElement>(DAY)];
  const max = self.config.maxDate;
  return max && max < new Date() ? all.at(-1) : all[0];
}

/** Page Up/Down (a month; with Shift, a year), Home and End (the week's first and last day) on a focused day. */
function moveByKey(self: Instance, event: KeyboardEvent): void {
  const day = event.target as Partial<DayElement>;
  if (!(day.dateObj instanceof Date)) return;
  const from = day.dateObj;
  let to: Date;
  if (event.key === 'PageUp' || event.key === 'PageDown') {
    const months = (event.key === 'PageUp' ? -1 : 1) * (event.shiftKey ? 12 : 1);
    const first = new Date(from.getFullYear(), from.getMonth() + months, 1);
    // the same day of the month, or the month's last when it is shorter
    const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
    to = new Date(first.getFullYear(), first.getMonth(), Math.min(from.getDate(), last));
  } else if (event.key === 'Home' || event.key === 'End') {
    const weekday = (from.getDay() - self.l10n.firstDayOfWeek + 7) % 7;
    to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + (event.key === 'Home' ? -weekday : 6 - weekday));
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  const { minDate, maxDate } = self.config;
  if (minDate && to < minDate) to = minDate;
  if (maxDate && to > maxDate) to = maxDate;
  self.jumpToDate(to);
  const target = [...(self.daysContainer?.querySelectorAll<DayElement>(DAY) ?? [])].find(
    (element) => element.dateObj.toDateString() === to.toDateString(),
  );
  target?.focus();
}
