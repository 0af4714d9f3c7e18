import { DECLINE } from '../reference/limit-names.ts';
import { MESSAGES } from '../messages.ts';
import type { CoverageFieldName, CoverageForm, CoverageVehicle } from './coverage-model.ts';
import { isVehicleField, resolveFields } from './engine.ts';
import type { ContinueItem } from './state-rules.ts';
import { coverageRulesFor } from './states/index.ts';
import { isTaken } from './values.ts';

function itemField(item: ContinueItem): CoverageFieldName {
  return typeof item === 'string' ? item : item.field;
}

/**
 * doc 3 section 5, "Continue is disabled until these are chosen", per state: the missing field names in
 * screen order ([] when Continue may be pressed). A field hidden on the screen does not block. With
 * `vehicleIndex`, only that vehicle's own fields count (the step moves vehicle by vehicle); without it,
 * every vehicle's.
 */
export function continueBlockers(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  vehicleIndex?: number,
): CoverageFieldName[] {
  const rules = coverageRulesFor(state);
  const needed = rules.continueFields.filter((item) => {
    if (typeof item === 'string') return true;
    if (item.when === 'uninsuredPropertyDamageTaken') return isTaken(form.shared.uninsuredPropertyDamage);
    return form.shared.uninsuredBodilyInjury !== DECLINE;
  }).map(itemField);
  const indexes = vehicleIndex === undefined ? vehicles.map((_v, i) => i) : [vehicleIndex];
  const missing = new Set<CoverageFieldName>();
  if (needed.includes('policyEffectiveDate') && form.policyEffectiveDate.trim() === '') {
    missing.add('policyEffectiveDate');
  }
  for (const index of indexes.length > 0 ? indexes : [0]) {
    for (const field of resolveFields(rules, form, vehicles, index)) {
      const name = field.rule.name;
      if (!needed.includes(name) || field.view.displayValue !== undefined) continue;
      if (!isVehicleField(name) && index !== indexes[0]) continue;
      if (field.view.value === '') missing.add(name);
    }
  }
  // screen order: the effective date first, then the form's own order
  const order: CoverageFieldName[] = ['policyEffectiveDate', ...rules.fields.map((field) => field.name)];
  return order.filter((name) => missing.has(name));
}

export interface CoverageFieldError {
  field: CoverageFieldName;
  vehicleIndex: number;
  message: string;
}

/**
 * doc 3 section 5, "All coverage selects are required": every shown, editable, required select left
 * empty, for the error marks on submit. The effective date's own rule (contract/rules/dates.ts) checks
 * the date.
 */
export function coverageErrors(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
): CoverageFieldError[] {
  const rules = coverageRulesFor(state);
  const errors: CoverageFieldError[] = [];
  vehicles.forEach((_vehicle, index) => {
    for (const field of resolveFields(rules, form, vehicles, index)) {
      const name = field.rule.name;
      if (index > 0 && !isVehicleField(name)) continue;
      if (field.view.readOnly || !field.view.required || field.view.value !== '') continue;
      errors.push({ field: name, vehicleIndex: index, message: MESSAGES.required });
    }
  });
  return errors;
}
