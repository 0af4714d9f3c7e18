import type { FieldView } from '../../../../contract/coverage/coverage-model.ts';
import { SelectField } from '../../../core/fields/SelectField.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import type { FieldBinding } from '../../../core/form.ts';
import { Tooltip } from '../../../core/Tooltip.tsx';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/**
 * One coverage of the vehicle on screen (doc 3 section 2), as the contract's coverage rules describe it: a
 * select of its options, or its value read-only (a shared coverage on a later vehicle, a package value that
 * follows bodily injury); with its tooltip where the rules give one.
 */
export function CoverageField({ field, binding }: { field: FieldView; binding: FieldBinding }) {
  const tooltip = field.tooltip ? <Tooltip label={T.tooltipAbout(field.label)} text={field.tooltip} /> : undefined;
  if (field.readOnly || field.displayValue !== undefined) {
    return <TextField label={field.label} field={{ ...binding, value: shownValue(field), error: undefined }} readOnly tooltip={tooltip} />;
  }
  return <SelectField label={field.label} field={binding} options={field.options} placeholder={T.select} tooltip={tooltip} />;
}

function shownValue(field: FieldView): string {
  if (field.displayValue !== undefined) return field.displayValue;
  return field.options.find((o) => o.value === field.value)?.label ?? field.value;
}
