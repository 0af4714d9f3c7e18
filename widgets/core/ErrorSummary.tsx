import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { ERROR_MESSAGE_CLASS, fieldIdOfError } from './fields/ErrorMessage.tsx';
import { focusInView } from './reveal.ts';
import { ERROR_SUMMARY_TITLE } from './styles/error-summary.styles.ts';

/**
 * GOV.UK's error summary (govuk-frontend components/error-summary) for a form whose submit failed: a box
 * headed "There is a problem" listing each invalid field's label and message as a link that moves focus to
 * the field, its question scrolled into view first.
 *
 * It reads the fields from the page, not from a form's state: every core field draws its shown error as an
 * ErrorMessage whose id names the field (fields/ErrorMessage.tsx), so the page holds exactly what the
 * person sees, in page order, whichever form, rule or outside check (a VIN look-up, a card field in
 * Stripe's frame) put it there, and a form needs no wiring to be summarised.
 *
 * When: a press of a submit button (or a submit) inside `scope` arms it. If the page then shows errors, the
 * summary lists them and follows the page as the person mends them (a mended field leaves the list); it goes
 * when none is left, and at once when `resetKey` changes (another step). Focus is not moved to it: the form
 * focuses the first invalid field (doc 1 section 8), whose label and error a screen reader reads. It is not a
 * live region either: announced as well, it would read every error again over the focused field's own.
 *
 * Drawn above the form's fields after the field took focus, it pushes that field down, off a phone's screen
 * (issue 23: at 390 x 844 the wizard's first field ended at 952 px; WCAG 2.4.11). Once it is drawn, the
 * focused field is brought back into view, as little as needed: the summary above may scroll out of view.
 */
export interface ErrorSummaryTexts {
  heading: string;
  /** One entry: the field's label (empty when it has none) and its message. */
  item: (label: string, message: string) => string;
}

const ERROR_SUMMARY_TEXTS: ErrorSummaryTexts = {
  heading: ERROR_SUMMARY_TITLE,
  // a label that ends its own sentence keeps its mark: 'Garaged at your mailing address? This field is required.'
  item: (label, message) => (!label ? message : /[?:.]$/.test(label) ? `${label} ${message}` : `${label}: ${message}`),
};

export interface InvalidField {
  /** The control's id: the link's target. */
  id: string;
  label: string;
  message: string;
}

export interface ErrorSummaryProps {
  /** The form it summarises (it sits inside it); null until the form is drawn. */
  scope: HTMLElement | null;
  /** A new value (the next step) clears it. */
  resetKey: unknown;
  /** The heading's level under the page's heading for the form. */
  headingLevel?: 2 | 3 | 4;
  /**
   * A new value arms it as a submit does: a server's refusal that belongs to a field (a wrong current
   * password) is shown at the field after the answer, when the submit's own look found nothing.
   */
  armKey?: unknown;
  texts?: Partial<ErrorSummaryTexts>;
}

export function ErrorSummary({ scope, resetKey, headingLevel = 2, texts, armKey }: ErrorSummaryProps) {
  const fields = useInvalidFieldsAfterSubmit(scope, resetKey, armKey);
  if (!scope || fields.length === 0) return null;
  const t = { ...ERROR_SUMMARY_TEXTS, ...texts };
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <div className="ppm-error-summary" part="error-summary">
      <Heading className="ppm-error-summary__title">{t.heading}</Heading>
      <ul className="ppm-error-summary__list">
        {fields.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`} onClick={(event) => focusField(event, scope, field.id)}>
              {t.item(field.label, field.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The fields `scope` shows in error, after a submit there, following the page until none is left. */
function useInvalidFieldsAfterSubmit(scope: HTMLElement | null, resetKey: unknown, armKey: unknown): InvalidField[] {
  const [fields, setFields] = useState<InvalidField[]>([]);
  const armed = useRef(false);

  // before the arming below: a summary drawn only once a submit was refused (notify-me's, which comes with
  // its rules) is armed as it mounts, and the reset's first run must not undo that
  useEffect(() => {
    armed.current = false;
    setFields([]);
  }, [resetKey]);

  // after the render that drew the refusal at its field
  useEffect(() => {
    if (armKey === undefined || !scope) return;
    armed.current = true;
    const found = invalidFieldsIn(scope);
    if (found.length === 0) armed.current = false;
    setFields(found);
    // drawn above the focused field, the summary may push it out of view: back, once it is drawn
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => revealFocused(scope)));
    return () => cancelAnimationFrame(frame);
  }, [armKey]);

  useEffect(() => {
    if (!scope) return;
    const collect = () => {
      if (!armed.current) return;
      const found = invalidFieldsIn(scope);
      if (found.length === 0) armed.current = false;
      setFields((shown) => (JSON.stringify(shown) === JSON.stringify(found) ? shown : found));
    };
    const observer = new MutationObserver(collect);
    observer.observe(scope, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['id', 'aria-invalid'] });
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSubmitAttempt = (event: Event) => {
      const control = (event.target as Element).closest?.('button, input') as HTMLButtonElement | HTMLInputElement | null;
      if (event.type === 'click' && control?.type !== 'submit') return;
      armed.current = true;
      // Errors the page already showed draw nothing new: look once the step's handler and its render are done.
      // A submit that showed none (the page moved on) disarms there.
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = requestAnimationFrame(
        () =>
          (timer = setTimeout(() => {
            collect();
            // the summary's render (a microtask away) is done by the next frame: then the field goes back into view
            frame = requestAnimationFrame(() => revealFocused(scope));
          }, 0)),
      );
    };
    // capture: a step's own submit button may stop the click's default (and so the submit) in its handler
    scope.addEventListener('click', onSubmitAttempt, true);
    scope.addEventListener('submit', onSubmitAttempt, true);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      scope.removeEventListener('click', onSubmitAttempt, true);
      scope.removeEventListener('submit', onSubmitAttempt, true);
    };
  }, [scope]);

  return fields;
}

/** The focused control inside `scope` back in view (reveal.ts), if the summary drawn above pushed it out. */
function revealFocused(scope: HTMLElement): void {
  const active = (scope.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
  if (active && scope.contains(active)) focusInView(active);
}

/** Every field inside `scope` that shows an error, in page order, with its label and message. */
function invalidFieldsIn(scope: ParentNode): InvalidField[] {
  const found: InvalidField[] = [];
  for (const message of scope.querySelectorAll<HTMLElement>(`.${ERROR_MESSAGE_CLASS}[id]`)) {
    const id = fieldIdOfError(message.id);
    const control = id ? scope.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
    if (!id || !control) continue;
    const question = questionOf(control, scope);
    found.push({ id, label: question ? textWithout(question, 'button, [role="status"]') : '', message: textWithout(message, '.ppm-visually-hidden') });
  }
  return found;
}

/**
 * What asks for the field: a radio group's legend (a radio's own label is one answer), else the label that
 * names the control (govuk-frontend's getAssociatedLegendOrLabel).
 */
function questionOf(control: HTMLElement, scope: ParentNode): HTMLElement | null {
  if (control instanceof HTMLInputElement && control.type === 'radio') return control.closest('fieldset')?.querySelector('legend') ?? null;
  return scope.querySelector<HTMLElement>(`label[for="${CSS.escape(control.id)}"]`) ?? control.closest('label');
}

/** The text a person reads in `element`, without the parts `skip` selects (a tooltip's button and text). */
function textWithout(element: HTMLElement, skip: string): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const part of copy.querySelectorAll(skip)) part.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The link's target is in the widget's shadow root, where the browser's own #fragment jump does not reach:
 * the question goes into view, then the field takes focus. A field that cannot take focus itself (a card
 * field, whose input is in Stripe's frame) is clicked, as its label would be.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, scope: HTMLElement, id: string): void {
  const control = scope.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  if (!control) return;
  event.preventDefault();
  (questionOf(control, scope) ?? control).scrollIntoView();
  control.focus({ preventScroll: true });
  const root = control.getRootNode() as Document | ShadowRoot;
  if (!root.activeElement || !control.contains(root.activeElement)) control.click();
}
