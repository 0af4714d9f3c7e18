import { COVERAGE_LABELS as L, COVERAGE_TOOLTIPS } from '../texts.ts';
import type { FieldRule, StateCoverageRules } from '../state-rules.ts';

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

/** Property damage by BI_LEVELS where the minimum is $25,000 (OH, TN, TX, GA and states without rules). */
export const PROPERTY_BY_LEVEL = ['$25,000', '$50,000', '$100,000', '$100,000'] as const;

const DEDUCTIBLES = ['$250 deductible', '$500 deductible', '$1,000 deductible', '$2,000 deductible'] as const;

const RENTAL_BY_LEVEL = ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'] as const;

/** Medical payments steps: ours, the usual $1,000 to $10,000 offered by US carriers. */
export const MEDICAL_BY_LEVEL = ['$1,000', '$2,000', '$5,000', '$10,000'] as const;

/** doc 3 section 5, "AZ, OH, TX: bodily injury, comprehensive and collision deductible" (TN: also property damage). */
export const AZ_OH_TX_CONTINUE = ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible'] as const;

/** doc 3 section 5, "Other: bodily injury, comprehensive, collision, effective date": the generic form, and CO. */
export const OTHER_CONTINUE = [...AZ_OH_TX_CONTINUE, 'policyEffectiveDate'] as const;

/**
 * What doc 3 section 4 says of every form unless a state's own rules say otherwise: declining comprehensive
 * or collision declines the other, rental needs comprehensive, and the uninsured coverage type is hidden
 * once uninsured BI is declined.
 */
export const USUAL_RULES = {
  pair: 'pair',
  rental: 'needsComprehensive',
  coverageTypeWhenUninsuredDeclined: 'hidden',
} as const satisfies Partial<StateCoverageRules>;

type UsualRule = keyof typeof USUAL_RULES;

/** A state with a section of its own in doc 3: its fields, its Continue list and where it departs from USUAL_RULES. */
export function stateForm(
  parts: Omit<StateCoverageRules, 'form' | UsualRule> & Partial<Pick<StateCoverageRules, UsualRule>>,
): StateCoverageRules {
  const { state, ...own } = parts;
  return { state, form: 'state', ...USUAL_RULES, ...own };
}

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

/** Property damage, following bodily injury. */
export function propertyDamage(byLevel: readonly string[], extra: Partial<FieldRule> = {}): FieldRule {
  return following('propertyDamage', L.propertyDamage, byLevel, { limit: 'PD', ...extra });
}

/** Uninsured property damage as the package derives it from bodily injury, read-only (doc 3: TN and TX, the generic form). */
export function readOnlyUninsuredPropertyDamage(byLevel: readonly string[], extra: Partial<FieldRule> = {}): FieldRule {
  return following('uninsuredPropertyDamage', L.uninsuredPropertyDamage, byLevel, { derived: true, limit: 'UMPD', ...extra });
}

/** Medical payments following bodily injury and never above it, declinable (doc 3 "AZ: medical ... follow bodily injury"). */
export function cappedMedicalPayments(): FieldRule {
  return following('medicalPayments', L.medicalPayments, MEDICAL_BY_LEVEL, { capped: true, declinable: true, limit: 'MP' });
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
