import { DECLINE } from '../reference/limit-names.ts';
import type { CoverageFieldName, CoverageForm, CoverageVehicle, FieldView } from './coverage-model.ts';
import { coverageErrors } from './continue.ts';
import { applyCoverageChange, coverageDefaults, coverageFields } from './engine.ts';

/** Helpers for the coverage tests (not used by the rules). */

export const TODAY = { year: 2026, month: 3, day: 5 } as const;
export const OWNED: CoverageVehicle = { financing: 'own', statedValue: 120000 };
export const LEASED: CoverageVehicle = { financing: 'lease', statedValue: 90000 };
export const FINANCED: CoverageVehicle = { financing: 'finance', statedValue: 60000 };

export function fresh(state: string, vehicles: readonly CoverageVehicle[] = [OWNED]): CoverageForm {
  return coverageDefaults(state, vehicles, TODAY);
}

export function change(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  field: CoverageFieldName,
  value: string,
  vehicleIndex = 0,
): CoverageForm {
  return applyCoverageChange(state, form, vehicles, { field, value, vehicleIndex }).form;
}

export function view(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  name: CoverageFieldName,
  vehicleIndex = 0,
): FieldView | undefined {
  return coverageFields(state, form, vehicles, vehicleIndex).find((field) => field.name === name);
}

export function optionValues(field: FieldView | undefined): string[] {
  return field ? field.options.map((option) => option.value) : [];
}

/** Every required choice left open filled with its first real option, as a person might. */
export function fillRequired(state: string, form: CoverageForm, vehicles: readonly CoverageVehicle[]): CoverageForm {
  let current = form;
  for (let round = 0; round < 20; round += 1) {
    const [missing] = coverageErrors(state, current, vehicles);
    if (!missing) return current;
    const field = view(state, current, vehicles, missing.field, missing.vehicleIndex);
    const choice = field?.options.find((option) => option.value !== DECLINE) ?? field?.options[0];
    if (!choice) throw new Error(`no option for ${missing.field}`);
    current = change(state, current, vehicles, missing.field, choice.value, missing.vehicleIndex);
  }
  throw new Error('the form never completed');
}
