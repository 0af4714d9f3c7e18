import { COVERAGE_LABELS as L, COVERAGE_TOOLTIPS } from '../texts.ts';
import type { FieldRule } from '../state-rules.ts';

/**
 * Building blocks the state files share. Figures and where they come from:
 * - bodily-injury levels 25/50, 50/100, 100/300, 250/500: doc 3 section 3, "default bodily-injury limits";
 *   each state's lowest level is its legal minimum (facts/state-minimums.md).
 * - comprehensive and collision deductibles $250 to $2,000: ours, the usual range of US carriers
 *   (the brief: "deductibles 250/500/1000/2000 typical"); options above a vehicle's stated value drop out.
 * - rental per day / per loss up to $125 a day for 30 days: doc 1 section 1 ("rental reimbursement up to
 *   $125 per day for at most 30 days"); the lower steps are ours, 30 days each.
 */

export const BI_LEVELS = ['25/50', '50/100', '100/300', '250/500'] as const;

export const DEDUCTIBLES = ['$250 deductible', '$500 deductible', '$1,000 deductible', '$2,000 deductible'] as const;

export const RENTAL_BY_LEVEL = ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'] as const;

/** Medical payments steps: ours, the usual $1,000 to $10,000 offered by US carriers. */
export const MEDICAL_BY_LEVEL = ['$1,000', '$2,000', '$5,000', '$10,000'] as const;

export function bodilyInjury(levels: readonly string[], extra: Partial<FieldRule> = {}): FieldRule {
  return { name: 'bodilyInjury', label: L.bodilyInjury, options: levels, limit: 'BI', ...extra };
}

/** A field that takes the value of its bodily-injury level (doc 3 "follow the same level index"). */
export function following(
  name: FieldRule['name'],
  label: string,
  byLevel: readonly string[],
  extra: Partial<FieldRule> = {},
): FieldRule {
  return { name, label, options: [...new Set(byLevel)], byLevel, ...extra };
}

export function comprehensive(extra: Partial<FieldRule> = {}): FieldRule {
  return {
    name: 'comprehensiveDeductible',
    label: L.comprehensiveDeductible,
    options: DEDUCTIBLES,
    declinable: true,
    limit: 'COMP',
    tooltip: COVERAGE_TOOLTIPS.comprehensive,
    ...extra,
  };
}

export function collision(extra: Partial<FieldRule> = {}): FieldRule {
  return {
    name: 'collisionDeductible',
    label: L.collisionDeductible,
    options: DEDUCTIBLES,
    declinable: true,
    limit: 'COLL',
    ...extra,
  };
}

/** Rental, chosen per vehicle, following bodily injury; declinable unless the form derives it. */
export function rental(extra: Partial<FieldRule> = {}): FieldRule {
  return following('rentalReimbursement', L.rentalReimbursement, RENTAL_BY_LEVEL, {
    declinable: true,
    limit: 'RENT',
    ...extra,
  });
}

/** Uninsured (or underinsured) bodily injury: at most the chosen bodily injury, decline appended. */
export function uninsured(
  name: 'uninsuredBodilyInjury' | 'underinsuredMotorist',
  label: string,
  levels: readonly string[],
  extra: Partial<FieldRule> = {},
): FieldRule {
  return {
    name,
    label,
    options: levels,
    capped: true,
    declinable: true,
    limit: name === 'uninsuredBodilyInjury' ? 'UMBI' : 'UIM',
    ...extra,
  };
}

/** Stacking for FL and PA (doc 3 section 2); the request carries S or NS (doc 3 section 9). */
export function stacking(defaultValue: 'Stacked' | 'Unstacked'): FieldRule {
  return {
    name: 'uninsuredCoverageType',
    label: L.stacking,
    options: ['Stacked', 'Unstacked'],
    default: defaultValue,
    limit: 'UM',
    limitValues: { Stacked: 'S', Unstacked: 'NS' },
  };
}
