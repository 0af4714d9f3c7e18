import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import { bodilyInjury, collision, comprehensive, following, rental, uninsured } from './common.ts';

/**
 * Texas: the AZ/OH/TX rules, plus "TN and TX: Uninsured Property Damage is read-only. In TX it appears
 * only once uninsured BI is chosen and not declined" (doc 3 section 4). Minimum 30/60/25 (doc 3 "Texas
 * minimum liability $30,000/$60,000"; facts/state-minimums.md). PIP from $2,500, the Texas statutory
 * minimum offer (Tex. Ins. Code 1952.152), may be rejected in writing.
 */
const LEVELS = ['30/60', '50/100', '100/300', '250/500'] as const;
const PROPERTY = ['$25,000', '$50,000', '$100,000', '$100,000'] as const;

export const TX: StateCoverageRules = {
  state: 'TX',
  form: 'state',
  fields: [
    bodilyInjury(LEVELS),
    following('propertyDamage', L.propertyDamage, PROPERTY, { limit: 'PD' }),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    following('uninsuredPropertyDamage', L.uninsuredPropertyDamage, PROPERTY, { derived: true, limit: 'UMPD' }),
    following('personalInjuryProtection', L.personalInjuryProtection, ['$2,500', '$5,000', '$10,000', '$10,000'], {
      declinable: true,
      limit: 'PIP',
    }),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible'],
  pair: 'pair',
  rental: 'needsComprehensive',
  coverageTypeWhenUninsuredDeclined: 'hidden',
  uninsuredPropertyDamageNeedsUninsured: true,
};
