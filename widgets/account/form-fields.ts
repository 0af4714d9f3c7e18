/**
 * Fields and the error summary of the account pages' plain forms, the GOV.UK way (STYLE.md habit 5) and
 * with the same markup and classes as the React fields of widgets/core/fields: a label bound to the
 * control, a hint, an inline message that starts with a visually hidden "Error:", `aria-invalid` and
 * `aria-describedby` on the control; above the form, a summary whose items link to the fields.
 */
import type { Struct } from 'superstruct';
import { MESSAGES } from '../../contract/messages.ts';
import { check } from '../../contract/validate.ts';
import { h } from './dom.ts';

/** The message of the first rule `value` breaks, or undefined (the contract's rules, STYLE.md habit 8). */
export function ruleProblem<T>(value: unknown, rule: Struct<T, any>): string | undefined {
  const result = check(value, rule);
  return result.ok ? undefined : result.errors[0]?.message;
}

export interface PlainField {
  /** The frame: label, hint, error message and control. */
  element: HTMLElement;
  control: HTMLInputElement;
  /** Shows `message` beside the field, or clears it (undefined). */
  setError(message: string | undefined): void;
}

/** An `<input>` (text, e-mail, file) with its label and hint; its own attributes (type, inputmode, ...) come with it. */
export function inputField(options: { id: string; label: string; hint?: string; input: HTMLInputElement }): PlainField {
  const { id, label, hint, input } = options;
  input.id = id;
  input.classList.add('ppm-input');
  const hintElement = hint ? h('span', { id: `${id}-hint`, class: 'ppm-hint' }, hint) : null;
  const element = h('div', { class: 'ppm-field' }, h('label', { class: 'ppm-label', for: id }, label), hintElement);
  return withError(element, input, hintElement, input);
}

/** A checkbox with its label beside it (the e-sign consent); its error sits above it, as GOV.UK's does. */
export function checkboxField(options: { id: string; label: string }): PlainField {
  const input = h('input', { type: 'checkbox', id: options.id, name: options.id });
  const choice = h('div', { class: 'ppm-choice' }, input, h('label', { for: options.id }, options.label));
  const element = h('div', { class: 'ppm-field' });
  return withError(element, input, null, choice);
}

/** Adds the error behaviour: the message goes between the hint and the control. */
function withError(element: HTMLElement, control: HTMLInputElement, hint: HTMLElement | null, placed: HTMLElement): PlainField {
  const errorId = `${control.id}-error`;
  let message: HTMLElement | null = null;
  element.append(placed);
  const describe = () => {
    const ids = [hint?.id, message ? errorId : undefined].filter(Boolean).join(' ');
    if (ids) control.setAttribute('aria-describedby', ids);
    else control.removeAttribute('aria-describedby');
  };
  describe();
  return {
    element,
    control,
    setError(text) {
      message?.remove();
      message = text ? h('p', { id: errorId, class: 'ppm-error-message' }, h('span', { class: 'ppm-visually-hidden' }, 'Error:'), ` ${text}`) : null;
      if (message) placed.before(message);
      element.classList.toggle('ppm-field--error', message !== null);
      if (message) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
      describe();
    },
  };
}

/**
 * When a field shows its problem (STYLE.md habit 6): once the person leaves it, and a shown problem goes as
 * soon as the value is right. Leaving it by pressing the form's submit button shows nothing: the submit
 * checks every field anyway, and a message appearing above the button between press and release would
 * move the button from under the finger, and the press would miss.
 */
export function checkOnLeave(form: HTMLFormElement, field: PlainField, problem: (value: string) => string | undefined): void {
  let pressingSubmit = false;
  form.addEventListener('pointerdown', (event) => {
    pressingSubmit = event.target instanceof Element && event.target.closest('[type="submit"]') !== null;
  });
  form.addEventListener('click', () => (pressingSubmit = false));
  field.control.addEventListener('blur', () => {
    if (!pressingSubmit) field.setError(problem(field.control.value));
    pressingSubmit = false;
  });
  field.control.addEventListener('input', () => {
    if (field.control.hasAttribute('aria-invalid') && !problem(field.control.value)) field.setError(undefined);
  });
}

export interface SummaryItem {
  message: string;
  /** The control the item links to; none for a failure that belongs to no field (no answer at all). */
  field?: HTMLElement;
}

export interface ErrorSummary {
  element: HTMLElement;
  show(items: readonly SummaryItem[]): void;
  hide(): void;
}

/**
 * GOV.UK's error summary: a titled box listing each problem, each linked to its field. Following a link
 * focuses the field itself (a fragment alone would only scroll) and brings its label into view.
 */
export function errorSummary(id: string, title: string): ErrorSummary {
  const list = h('ul', { class: 'ppm-error-summary__list' });
  const element = h(
    'div',
    { class: 'ppm-error-summary', tabindex: '-1', 'aria-labelledby': `${id}-title`, hidden: true },
    h('h2', { id: `${id}-title`, class: 'ppm-error-summary__title' }, title),
    list,
  );
  return {
    element,
    show(items) {
      list.replaceChildren(...items.map((item) => h('li', {}, item.field ? fieldLink(item.message, item.field) : item.message)));
      element.hidden = false;
    },
    hide() {
      element.hidden = true;
      list.replaceChildren();
    },
  };
}

function fieldLink(message: string, field: HTMLElement): HTMLAnchorElement {
  const link = h('a', { href: `#${field.id}` }, message);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    field.closest('.ppm-field')?.scrollIntoView({ block: 'start' });
    field.focus({ preventScroll: true });
  });
  return link;
}

// ---- Added with the card request (issue 9) ----

export interface ChoiceGroup extends PlainField {
  element: HTMLFieldSetElement;
  /** Every box or radio, in the page's order; `control` is the first, where the summary's link and the focus go. */
  controls: HTMLInputElement[];
  /** The values ticked. */
  values(): string[];
}

/**
 * GOV.UK's checkboxes or radios: a fieldset whose legend asks the question, the error message under the
 * legend and named by the fieldset's `aria-describedby`, one labelled control per option. Each control's
 * id is `${id}-${index}`; the first is `control`, so an error summary item links to it.
 */
export function choiceGroup(options: {
  id: string;
  legend: string;
  hint?: string;
  type: 'checkbox' | 'radio';
  options: readonly { value: string; label: string }[];
}): ChoiceGroup {
  const { id, legend, hint, type } = options;
  const controls = options.options.map((option, index) =>
    h('input', { type, id: `${id}-${index}`, name: id, value: option.value }),
  );
  const hintElement = hint ? h('p', { id: `${id}-hint`, class: 'ppm-hint' }, hint) : null;
  const list = h(
    'div',
    { class: 'ppm-choice-list' },
    ...options.options.map((option, index) => h('div', { class: 'ppm-choice' }, controls[index]!, h('label', { for: controls[index]!.id }, option.label))),
  );
  const element = h('fieldset', { class: 'ppm-choices', id }, h('legend', {}, legend), hintElement, list);
  const errorId = `${id}-error`;
  let message: HTMLElement | null = null;
  const describe = () => {
    const ids = [hintElement?.id, message ? errorId : undefined].filter(Boolean).join(' ');
    if (ids) element.setAttribute('aria-describedby', ids);
    else element.removeAttribute('aria-describedby');
  };
  describe();
  return {
    element,
    controls,
    control: controls[0] ?? h('input', { type, id: `${id}-0` }),
    values: () => controls.filter((c) => c.checked).map((c) => c.value),
    setError(text) {
      message?.remove();
      message = text ? h('p', { id: errorId, class: 'ppm-error-message' }, h('span', { class: 'ppm-visually-hidden' }, 'Error:'), ` ${text}`) : null;
      if (message) list.before(message);
      element.classList.toggle('ppm-field--error', message !== null);
      describe();
    },
  };
}

/**
 * Every field's problem in one pass of a form's contract struct (the password forms' confirmation reads
 * its sibling, so a field cannot always be checked alone): field name -> the message of its first broken rule.
 */
export function formProblems(values: Record<string, unknown>, form: Struct<any, any>): Record<string, string> {
  const result = check(values, form);
  return result.ok ? {} : Object.fromEntries(result.errors.map((error) => [error.path, error.message]));
}

/**
 * The summary's line for a field. A message that does not say which field it is about ('This field is
 * required.') is named by the field's label, so three of them in one summary read as three different
 * things (GOV.UK: each summary item says what to fix).
 */
function summaryMessage(field: PlainField, problem: string): string {
  if (problem !== MESSAGES.required) return problem;
  const label = field.control.labels?.[0]?.textContent?.trim();
  return label ? `${label}: ${problem}` : problem;
}

/**
 * A submit's check (GOV.UK): each field shows its problem or none; with any, the summary lists them linked
 * to their fields and the first invalid field takes the focus (doc 1 section 8). True when all are right.
 */
export function reportProblems(summary: ErrorSummary, checks: readonly { field: PlainField; problem: string | undefined }[]): boolean {
  for (const { field, problem } of checks) field.setError(problem);
  const found = checks.filter((c): c is { field: PlainField; problem: string } => c.problem !== undefined);
  if (found.length === 0) {
    summary.hide();
    return true;
  }
  summary.show(found.map(({ field, problem }) => ({ message: summaryMessage(field, problem), field: field.control })));
  found[0]!.field.control.focus();
  return false;
}

/**
 * Runs `work` with the submit button marked busy: its text says what is happening and aria-disabled keeps it
 * focusable (a disabled button would drop the focus of the person who pressed it). Restored afterwards,
 * whatever the work answered.
 */
export async function whileBusy<T>(button: HTMLButtonElement, busyText: string, work: () => Promise<T>): Promise<T> {
  const idleText = button.textContent ?? '';
  button.textContent = busyText;
  button.setAttribute('aria-disabled', 'true');
  try {
    return await work();
  } finally {
    button.textContent = idleText;
    button.removeAttribute('aria-disabled');
  }
}
