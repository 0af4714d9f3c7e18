import type { ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { ErrorMessage, describedBy } from './ErrorMessage.tsx';

/** Radio buttons in a fieldset whose legend is the question; the value is the chosen option's value. */
export function RadioGroup({
  legend,
  field,
  options,
  tooltip,
}: {
  legend: string;
  field: FieldBinding;
  options: readonly { value: string; label: string }[];
  /** A toggletip beside the question. */
  tooltip?: ReactNode;
}) {
  return (
    <fieldset
      className={field.error ? 'ppm-choices ppm-field--error' : 'ppm-choices'}
      aria-describedby={describedBy(field.id, field.error)}
      part="field"
    >
      {tooltip ? (
        <legend className="ppm-legend--tooltip">
          <span className="ppm-label-row">
            {legend}
            {tooltip}
          </span>
        </legend>
      ) : (
        <legend>{legend}</legend>
      )}
      <ErrorMessage fieldId={field.id} message={field.error} />
      {options.map((option, index) => (
        <label className="ppm-choice" key={option.value}>
          <input
            ref={index === 0 ? field.inputRef : undefined}
            id={index === 0 ? field.id : `${field.id}-${option.value}`}
            type="radio"
            name={field.id}
            value={option.value}
            checked={field.value === option.value}
            aria-invalid={field.error ? true : undefined}
            onChange={() => field.onChange(option.value)}
            onBlur={(event) => {
              // leaving the group, not moving between its radios
              const next = event.relatedTarget as HTMLInputElement | null;
              if (next?.name !== field.id) field.onBlur();
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * One checkbox; the field's value is 'true' or ''. so a `requiredText` rule means "must be ticked". The label
 * may hold a link (the contact form's privacy agreement links to the policy it agrees to).
 */
export function Checkbox({ label, field }: { label: ReactNode; field: FieldBinding }) {
  return (
    <div className={field.error ? 'ppm-field ppm-field--error' : 'ppm-field'} part="field">
      <ErrorMessage fieldId={field.id} message={field.error} />
      <label className="ppm-choice">
        <input
          ref={field.inputRef}
          id={field.id}
          name={field.name}
          type="checkbox"
          checked={field.value === 'true'}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(field.id, field.error)}
          onChange={(event) => field.onChange(event.currentTarget.checked ? 'true' : '')}
          onBlur={(event) => field.onBlur(event.currentTarget.checked ? 'true' : '')}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}
