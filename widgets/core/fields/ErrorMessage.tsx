/**
 * The GOV.UK error message (govuk-frontend components/error-message): the visible text starts with a
 * visually hidden "Error:" so a screen reader announces what it is; the field points at it with
 * aria-describedby.
 */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`;
}

export function hintId(fieldId: string): string {
  return `${fieldId}-hint`;
}

export function ErrorMessage({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className="ppm-error-message" part="error-message">
      <span className="ppm-visually-hidden">Error:</span> {message}
    </p>
  );
}

/** aria-describedby for a field: its hint and, when shown, its error. */
export function describedBy(fieldId: string, error: string | undefined, hint?: string): string | undefined {
  const ids = [hint ? hintId(fieldId) : '', error ? errorId(fieldId) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
