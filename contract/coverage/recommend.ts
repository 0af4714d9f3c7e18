import { DECLINE } from '../reference/limit-names.ts';
import { localToday, type CalendarDate } from '../rules/dates.ts';
import type { CoverageForm, CoverageVehicle } from './coverage-model.ts';
import { applyCoverageChange, coverageDefaults, coverageFields, isVehicleField } from './engine.ts';

/**
 * The package step 4 opens with (issue 11: "priced on arrival"), so a price shows before the person touches
 * anything. The spec gives defaults for a few fields only (FL's PIP and its deductible, PA's stacking, GA's
 * PIP: coverageDefaults keeps those as it sets them); everywhere else it leaves the choice open, and we
 * choose what an agent would suggest:
 *
 * - bodily injury 100/300, with its doc 3 cascade (property damage, uninsured, rental follow its level;
 *   GA's PIP is a package value that follows it too: its $2,000 default is the package's before a level);
 * - $1,000 comprehensive and collision deductibles, or the highest a vehicle's stated value allows;
 * - rental at the middle of its options (the lower middle of an even list), where the person chooses it;
 * - any other required choice still open: uninsured and underinsured equal to bodily injury when offered,
 *   else the middle of its options. Declines are never recommended; optional choices stay open.
 *
 * Every choice goes through applyCoverageChange, so the result obeys the same cascades as a person's.
 */
export const RECOMMENDED_BODILY_INJURY = '100/300';
export const RECOMMENDED_DEDUCTIBLE = '$1,000 deductible';

/** The middle of a list, the lower one of an even list ('$50' '$75' '$100' '$125' -> '$75'). */
export function middleOption<T>(options: readonly T[]): T | undefined {
  return options[Math.floor((options.length - 1) / 2)];
}

export function recommendedCoverage(
  state: string,
  vehicles: readonly CoverageVehicle[],
  today: CalendarDate = localToday(),
): CoverageForm {
  let form = coverageDefaults(state, vehicles, today);
  const choose = (field: Parameters<typeof applyCoverageChange>[3]['field'], value: string, vehicleIndex: number) => {
    form = applyCoverageChange(state, form, vehicles, { field, value, vehicleIndex }).form;
  };
  const editable = (vehicleIndex: number) =>
    coverageFields(state, form, vehicles, vehicleIndex).filter((f) => !f.readOnly && f.displayValue === undefined && f.name !== 'policyEffectiveDate');
  const offered = (field: { options: readonly { value: string }[] }) => field.options.map((o) => o.value).filter((v) => v !== DECLINE);

  const bodilyInjury = editable(0).find((f) => f.name === 'bodilyInjury');
  if (bodilyInjury && bodilyInjury.value === '') {
    const levels = offered(bodilyInjury);
    const level = levels.includes(RECOMMENDED_BODILY_INJURY) ? RECOMMENDED_BODILY_INJURY : middleOption(levels);
    if (level) choose('bodilyInjury', level, 0);
  }

  vehicles.forEach((_vehicle, index) => {
    for (const name of ['comprehensiveDeductible', 'collisionDeductible'] as const) {
      const field = editable(index).find((f) => f.name === name);
      if (!field) continue;
      // each vehicle its own: the first one's choice is copied on, and may be above a later one's value
      const amounts = offered(field);
      const deductible = amounts.includes(RECOMMENDED_DEDUCTIBLE) ? RECOMMENDED_DEDUCTIBLE : amounts[amounts.length - 1];
      if (deductible && field.value !== deductible) choose(name, deductible, index);
    }
    const rental = editable(index).find((f) => f.name === 'rentalReimbursement');
    const middle = rental ? middleOption(offered(rental)) : undefined;
    if (rental && middle && (rental.value === '' || rental.value !== middle)) choose('rentalReimbursement', middle, index);
  });

  // a choice may show another field (TX: uninsured PD once uninsured BI is chosen): a few passes settle it
  for (let pass = 0; pass < 4; pass += 1) {
    let chosen = false;
    vehicles.forEach((_vehicle, index) => {
      for (const field of editable(index)) {
        const current = editable(index).find((f) => f.name === field.name);
        if (!current || current.value !== '' || !current.required || (index > 0 && !isVehicleField(current.name))) continue;
        const values = offered(current);
        const value = values.includes(form.shared.bodilyInjury) ? form.shared.bodilyInjury : middleOption(values);
        if (value) {
          choose(current.name, value, index);
          chosen = true;
        }
      }
    });
    if (!chosen) break;
  }
  return form;
}
