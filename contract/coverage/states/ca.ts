import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  bodilyInjury, cappedMedicalPayments, collision, comprehensive, propertyDamage, rental, stateForm, uninsured,
} from './common.ts';

/**
 * California (doc 3 section 4 "CA" and section 5). doc 3 gives "California $15,000/$30,000": that was the
 * minimum until 31 December 2024; since 1 January 2025 it is 30/60/15 (SB 1107; facts/state-minimums.md),
 * so the lowest level here is 30/60. Uninsured motorist property damage is at most $3,500 (Cal. Ins. Code
 * 11580.26); taking it replaces comprehensive, collision and rental.
 */
const LEVELS = ['30/60', '50/100', '100/300', '250/500'] as const;

export const CA = stateForm({
  state: 'CA',
  fields: [
    bodilyInjury(LEVELS),
    propertyDamage(['$15,000', '$25,000', '$50,000', '$100,000']),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    {
      name: 'uninsuredPropertyDamage',
      label: L.uninsuredPropertyDamage,
      options: ['$3,500'],
      declinable: true,
      limit: 'UMPD',
    },
    cappedMedicalPayments(),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: [
    'policyEffectiveDate',
    'bodilyInjury',
    { field: 'uninsuredBodilyInjury', when: 'uninsuredPropertyDamageTaken' },
  ],
  rental: 'needsEither',
  uninsuredPropertyDamageReplacesPhysicalDamage: true,
});
