import { useEffect, useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import { check, effectiveDate, oneOf } from '../../../../contract/index.ts';
import { applyCoverageChange, coverageFields } from '../../../../contract/coverage/index.ts';
import type { ChangeResult, CoverageForm, CoverageVehicle, FieldView } from '../../../../contract/coverage/coverage-model.ts';
import { useBoundForm, type BoundForm } from '../../../core/form.ts';
import type { StepProps } from '../../step.ts';
import type { WizardState } from '../../model/wizard-model.ts';

/**
 * The coverage fields of the vehicle on screen, bound to the wizard's coverage form (doc 3 sections 2, 4 and
 * 5): the contract's coverage rules say which fields show, their options, which are read-only and which are
 * required; a choice goes through applyCoverageChange with its cascades, and a choice that declines half of
 * the comprehensive/collision pair raises the pair warning. The effective date is typed into a draft and
 * taken only when valid (commitDate); its timers are use-effective-date-checks.ts.
 */
export const EFFECTIVE_DATE = 'policyEffectiveDate';

export type CoverageValues = Record<string, string>;
export type PairWarning = NonNullable<ChangeResult['warning']>;

export interface CoverageFormOptions {
  state: WizardState;
  update: StepProps['update'];
  coverage: CoverageForm;
  ratedState: string;
  coverageVehicleList: CoverageVehicle[];
  /** The vehicle on screen. */
  vehicleIndex: number;
}

export interface CoverageFormHandle {
  /** The fields of the page bound to the form (core/form.ts): their errors, validate(), setError(). */
  bound: BoundForm<CoverageValues>;
  /** The fields in the order the step draws them; the effective date among them when the state's rules place it. */
  fields: FieldView[];
  /** The date is drawn before the fields when the rules do not place it. */
  dateAmongFields: boolean;
  /** Typed on the first vehicle's page only, unless the rules make it read-only. */
  dateEditable: boolean;
  /** The date as typed, between renders. */
  draftDate(): string;
  /** doc 3 section 4: a valid typed or picked date that differs from the old one replaces it. */
  commitDate(text: string): CoverageForm;
  /** The wizard state with the typed date committed, as a quote request is built from it. */
  committed(): WizardState;
  /** The latest wizard state, between renders (awaited calls). */
  latestState(): WizardState;
  warning: PairWarning | null;
  dismissWarning(): void;
}

export function useCoverageForm({ state, update, coverage, ratedState, coverageVehicleList, vehicleIndex }: CoverageFormOptions): CoverageFormHandle {
  const [draftDate, setDraftDate] = useState(coverage.policyEffectiveDate);
  const [warning, setWarning] = useState<PairWarning | null>(null);
  // the latest values, for handlers that run between renders (blur timers, awaited calls)
  const latest = useRef({ state, coverage, draftDate });
  latest.current = { state, coverage, draftDate };

  const fields = coverageFields(ratedState, coverage, coverageVehicleList, vehicleIndex);
  const dateField = fields.find((f) => f.name === EFFECTIVE_DATE);
  const dateEditable = vehicleIndex === 0 && (!dateField || !dateField.readOnly);

  useEffect(() => setDraftDate(coverage.policyEffectiveDate), [coverage.policyEffectiveDate]);

  const values: CoverageValues = { [EFFECTIVE_DATE]: draftDate };
  const rules: Record<string, Struct<any, any>> = {};
  for (const field of fields) {
    if (field.name === EFFECTIVE_DATE) continue;
    values[field.name] = field.value;
    if (!field.readOnly && field.displayValue === undefined && field.required) rules[field.name] = oneOf(field.options.map((o) => o.value));
  }
  if (dateEditable) rules[EFFECTIVE_DATE] = effectiveDate();

  /** One choice with its cascades (contract applyCoverageChange); the quote goes with it (lifecycle). */
  function change(name: string, value: string, changedVehicle: number): CoverageForm {
    const result = applyCoverageChange(ratedState, latest.current.coverage, coverageVehicleList, {
      field: name as FieldView['name'], vehicleIndex: changedVehicle, value,
    });
    latest.current = { ...latest.current, coverage: result.form };
    update((s) => ({ ...s, coverage: result.form }));
    if (result.warning) setWarning(result.warning);
    return result.form;
  }

  const form = useBoundForm<CoverageValues>(`ppm-coverage-${vehicleIndex}`, rules, values, (name, value) => {
    if (name === EFFECTIVE_DATE) {
      latest.current = { ...latest.current, draftDate: value };
      setDraftDate(value);
    } else {
      change(name, value, vehicleIndex);
    }
  });

  function commitDate(text: string): CoverageForm {
    const now = latest.current.coverage;
    if (text === now.policyEffectiveDate || !check(text, effectiveDate()).ok) return now;
    return change(EFFECTIVE_DATE, text, 0);
  }

  function committed(): WizardState {
    const coverageNow = dateEditable ? commitDate(latest.current.draftDate) : latest.current.coverage;
    return { ...latest.current.state, coverage: coverageNow };
  }

  return {
    bound: form,
    fields,
    dateAmongFields: dateField !== undefined,
    dateEditable,
    draftDate: () => latest.current.draftDate,
    commitDate,
    committed,
    latestState: () => latest.current.state,
    warning,
    dismissWarning: () => setWarning(null),
  };
}
