import { useSteadyDuringPress } from './steady-press.ts';

/**
 * The GOV.UK error message (govuk-frontend components/error-message): the visible text starts with a
 * visually hidden "Error:" so a screen reader announces what it is; the field points at it with
 * aria-describedby.
 */
const ERROR_SUFFIX = '-error';
/** What marks a field's shown error; the error summary (core/ErrorSummary.tsx) reads the page by it. */
export const ERROR_MESSAGE_CLASS = 'ppm-error-message';

export function errorId(fieldId: string): string {
  return `${fieldId}${ERROR_SUFFIX}`;
}

/** The field an error message belongs to, from the message's id; undefined for any other id. */
export function fieldIdOfError(messageId: string): string | undefined {
  return messageId.endsWith(ERROR_SUFFIX) ? messageId.slice(0, -ERROR_SUFFIX.length) : undefined;
}

export function hintId(fieldId: string): string {
  return `${fieldId}-hint`;
}

/** The message as it was when a pointer press began, until its click has landed (steady-press.ts). */
export function ErrorMessage({ fieldId, message: current }: { fieldId: string; message: string | undefined }) {
  const message = useSteadyDuringPress(current);
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className={ERROR_MESSAGE_CLASS} part="error-message">
      <span className="ppm-visually-hidden">Error:</span> {message}
    </p>
  );
}

/** aria-describedby for a field: its hint and, when shown, its error. */
export function describedBy(fieldId: string, error: string | undefined, hint?: string): string | undefined {
  const ids = [hint ? hintId(fieldId) : '', error ? errorId(fieldId) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
