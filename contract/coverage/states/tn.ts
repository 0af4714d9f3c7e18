import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import {
  BI_LEVELS, MEDICAL_BY_LEVEL, bodilyInjury, collision, comprehensive, following, rental, uninsured,
} from './common.ts';

/**
 * Tennessee: "Uninsured Property Damage is read-only" (doc 3 section 4); Continue also needs property
 * damage (section 5). Minimum 25/50/25 (facts/state-minimums.md).
 */
const PROPERTY = ['$25,000', '$50,000', '$100,000', '$100,000'] as const;

export const TN: StateCoverageRules = {
  state: 'TN',
  form: 'state',
  fields: [
    bodilyInjury(BI_LEVELS),
    following('propertyDamage', L.propertyDamage, PROPERTY, { limit: 'PD' }),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS),
    following('uninsuredPropertyDamage', L.uninsuredPropertyDamage, PROPERTY, { derived: true, limit: 'UMPD' }),
    following('medicalPayments', L.medicalPayments, MEDICAL_BY_LEVEL, { capped: true, declinable: true, limit: 'MP' }),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: ['bodilyInjury', 'propertyDamage', 'comprehensiveDeductible', 'collisionDeductible'],
  pair: 'pair',
  rental: 'needsComprehensive',
  coverageTypeWhenUninsuredDeclined: 'hidden',
};
