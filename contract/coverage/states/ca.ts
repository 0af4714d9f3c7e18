import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import { MEDICAL_BY_LEVEL, bodilyInjury, collision, comprehensive, following, rental, uninsured } from './common.ts';

/**
 * California (doc 3 section 4 "CA" and section 5). doc 3 gives "California $15,000/$30,000": that was the
 * minimum until 31 December 2024; since 1 January 2025 it is 30/60/15 (SB 1107; facts/state-minimums.md),
 * so the lowest level here is 30/60. Uninsured motorist property damage is at most $3,500 (Cal. Ins. Code
 * 11580.26); taking it replaces comprehensive, collision and rental.
 */
const LEVELS = ['30/60', '50/100', '100/300', '250/500'] as const;

export const CA: StateCoverageRules = {
  state: 'CA',
  form: 'state',
  fields: [
    bodilyInjury(LEVELS),
    following('propertyDamage', L.propertyDamage, ['$15,000', '$25,000', '$50,000', '$100,000'], { limit: 'PD' }),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    {
      name: 'uninsuredPropertyDamage',
      label: L.uninsuredPropertyDamage,
      options: ['$3,500'],
      declinable: true,
      limit: 'UMPD',
    },
    following('medicalPayments', L.medicalPayments, MEDICAL_BY_LEVEL, { capped: true, declinable: true, limit: 'MP' }),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: [
    'policyEffectiveDate',
    'bodilyInjury',
    { field: 'uninsuredBodilyInjury', when: 'uninsuredPropertyDamageTaken' },
  ],
  pair: 'pair',
  rental: 'needsEither',
  coverageTypeWhenUninsuredDeclined: 'hidden',
  uninsuredPropertyDamageReplacesPhysicalDamage: true,
};
