import type { FieldBinding } from '../form.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

/** A labelled multi-line text wired to a form field, like TextField: error after blur or submit, linked. */
export function TextAreaField({ label, field, hint, rows = 4 }: { label: string; field: FieldBinding; hint?: string; rows?: number }) {
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      <textarea
        ref={field.inputRef}
        id={field.id}
        name={field.name}
        className="ppm-input ppm-textarea"
        part="input"
        rows={rows}
        value={field.value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.error, hint)}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={(event) => field.onBlur(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}
