import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import {
  BI_LEVELS, MEDICAL_BY_LEVEL, bodilyInjury, collision, comprehensive, following, rental, uninsured,
} from './common.ts';

/**
 * Arizona (doc 3 section 4 "AZ: medical, underinsured and uninsured lists follow bodily injury";
 * section 5 "AZ, OH, TX: bodily injury, comprehensive and collision deductible"). Minimum 25/50/15
 * (facts/state-minimums.md): property damage starts at $15,000.
 */
export const AZ: StateCoverageRules = {
  state: 'AZ',
  form: 'state',
  fields: [
    bodilyInjury(BI_LEVELS),
    following('propertyDamage', L.propertyDamage, ['$15,000', '$25,000', '$50,000', '$100,000'], { limit: 'PD' }),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS),
    uninsured('underinsuredMotorist', L.underinsuredMotorist, BI_LEVELS, { byLevel: BI_LEVELS }),
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
