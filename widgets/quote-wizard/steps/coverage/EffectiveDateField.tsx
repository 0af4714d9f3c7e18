import { effectiveDateBounds, type CalendarDate, localMidnight } from '../../../../contract/index.ts';
import { DateField } from '../../../core/date-picker.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import type { FieldBinding } from '../../../core/form.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/** The Policy Effective Date (doc 3 section 5: today to 30 days ahead): typed or picked, or read-only on later vehicles. */
export function EffectiveDateField({ editable, binding, value, today }: { editable: boolean; binding: FieldBinding; value: string; today: CalendarDate }) {
  if (!editable) return <TextField label={T.effectiveDate} field={{ ...binding, value, error: undefined }} readOnly />;
  const bounds = effectiveDateBounds(today);
  return (
    <div className="ppm-coverage__date">
      <DateField
        label={T.effectiveDate}
        field={binding}
        min={localMidnight(bounds.earliest)}
        max={localMidnight(bounds.latest)}
        hint={T.effectiveDateHint}
        calendarLabel={T.calendar}
      />
    </div>
  );
}

