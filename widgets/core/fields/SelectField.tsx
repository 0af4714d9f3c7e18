import type { ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

/** A native <select> for short lists; the searchable state list is StateCombobox. */
export function SelectField({
  label,
  field,
  options,
  placeholder = 'Select...',
  disabled,
  tooltip,
}: {
  label: string;
  field: FieldBinding;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  disabled?: boolean;
  /** A toggletip beside the label. */
  tooltip?: ReactNode;
}) {
  return (
    <FieldFrame label={label} field={field} tooltip={tooltip}>
      <select
        ref={field.inputRef}
        id={field.id}
        name={field.name}
        className="ppm-select"
        part="select"
        value={field.value}
        disabled={disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.error)}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={(event) => field.onBlur(event.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
