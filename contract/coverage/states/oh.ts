import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import {
  BI_LEVELS, MEDICAL_BY_LEVEL, bodilyInjury, collision, comprehensive, following, rental, uninsured,
} from './common.ts';

/**
 * Ohio: the AZ/OH/TX rules of doc 3 sections 4 and 5. Minimum 25/50/25 (facts/state-minimums.md). Ohio
 * sells uninsured and underinsured motorist as one coverage, so it goes out as UMUIMBI (doc 1 shows that
 * name on the policy page).
 */
export const OH: StateCoverageRules = {
  state: 'OH',
  form: 'state',
  fields: [
    bodilyInjury(BI_LEVELS),
    following('propertyDamage', L.propertyDamage, ['$25,000', '$50,000', '$100,000', '$100,000'], { limit: 'PD' }),
    uninsured('uninsuredBodilyInjury', L.uninsuredUnderinsuredBodilyInjury, BI_LEVELS, { limit: 'UMUIMBI' }),
    following('medicalPayments', L.medicalPayments, MEDICAL_BY_LEVEL, { capped: true, declinable: true, limit: 'MP' }),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible'],
  pair: 'pair',
  rental: 'needsComprehensive',
  coverageTypeWhenUninsuredDeclined: 'hidden',
};
