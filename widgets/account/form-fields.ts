/**
 * Fields of the account pages' plain forms, the GOV.UK way (STYLE.md habit 5) and
 * with the same markup and classes as the React fields of widgets/core/fields: a label bound to the
 * control, a hint, an inline message that starts with a visually hidden "Error:", `aria-invalid` and
 * `aria-describedby` on the control.
 */
import type { Struct } from 'superstruct';
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
