import type { FieldBinding } from '../form.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

/**
 * A labelled multi-line text wired to a form field (a claim's description, a message's body), like TextField:
 * the same frame and hint, the error after blur or submit, linked to the field.
 */
export function TextAreaField({ label, field, hint, rows = 4, maxLength }: {
  label: string;
  field: FieldBinding;
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      <textarea
        ref={field.inputRef}
        id={field.id}
        name={field.name}
        className="ppm-input ppm-textarea"
        part="input"
        rows={rows}
        maxLength={maxLength}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.error, hint)}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={(event) => field.onBlur(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}

/** A text area grows with its rows, not sideways; only its height is the person's to change. */
export const textAreaStyles = /* css */ `
.ppm-textarea { resize: vertical; min-height: 4.5rem; line-height: 1.5; font: inherit; }
`;
