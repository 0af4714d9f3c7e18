import type { ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { ErrorMessage, hintId } from './ErrorMessage.tsx';

/**
 * What every single-control field shares: the label bound to the control, an optional hint, and the
 * GOV.UK error message between them, so a person reads label, hint, error, then meets the control.
 * The control itself (input, select, combobox) is the child; it points back with describedBy().
 */
export function FieldFrame({
  label,
  field,
  hint,
  tooltip,
  children,
}: {
  label: string;
  field: FieldBinding;
  hint?: string | undefined;
  /** A toggletip (core/Tooltip.tsx) shown beside the label. */
  tooltip?: ReactNode;
  children: ReactNode;
}) {
  const labelElement = (
    <label className="ppm-label" htmlFor={field.id} part="label">
      {label}
    </label>
  );
  return (
    <div className={field.error ? 'ppm-field ppm-field--error' : 'ppm-field'} part="field">
      {tooltip ? (
        <div className="ppm-label-row">
          {labelElement}
          {tooltip}
        </div>
      ) : (
        labelElement
      )}
      {hint && (
        <span id={hintId(field.id)} className="ppm-hint">
          {hint}
        </span>
      )}
      <ErrorMessage fieldId={field.id} message={field.error} />
      {children}
    </div>
  );
}
