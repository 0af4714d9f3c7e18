import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

export interface TextFieldProps {
  label: string;
  field: FieldBinding;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** The digits-only pattern `[0-9]*` makes older iOS show its number pad. */
  pattern?: string;
  /** Another class beside ppm-input, for a field's own look. */
  className?: string;
  readOnly?: boolean;
  /** Shown but not editable and not sent by the person (a prefilled lienholder). */
  disabled?: boolean;
  /** A toggletip beside the label. */
  tooltip?: ReactNode;
}

/** A labelled text input wired to a form field: error shown after blur or submit, linked for screen readers. */
export function TextField({ label, field, hint, type = 'text', autoComplete, inputMode, maxLength, pattern, className, readOnly, disabled, tooltip }: TextFieldProps) {
  return (
    <FieldFrame label={label} field={field} hint={hint} tooltip={tooltip}>
      <input
        ref={field.inputRef}
        id={field.id}
        name={field.name}
        className={className ? `ppm-input ${className}` : 'ppm-input'}
        part="input"
        type={type}
        value={field.value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        pattern={pattern}
        readOnly={readOnly}
        disabled={disabled}
        spellCheck={false}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.error, hint)}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={(event) => field.onBlur(event.currentTarget.value)}
      />
    </FieldFrame>
  );
}
