import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  AZ_OH_TX_CONTINUE, PROPERTY_BY_LEVEL, bodilyInjury, collision, comprehensive, following, propertyDamage,
  readOnlyUninsuredPropertyDamage, rental, stateForm, uninsured,
} from './common.ts';

/**
 * Texas: the AZ/OH/TX rules, plus "TN and TX: Uninsured Property Damage is read-only. In TX it appears
 * only once uninsured BI is chosen and not declined" (doc 3 section 4). Minimum 30/60/25 (doc 3 "Texas
 * minimum liability $30,000/$60,000"; facts/state-minimums.md). PIP from $2,500, the Texas statutory
 * minimum offer (Tex. Ins. Code 1952.152), may be rejected in writing.
 */
const LEVELS = ['30/60', '50/100', '100/300', '250/500'] as const;

export const TX = stateForm({
  state: 'TX',
  fields: [
    bodilyInjury(LEVELS),
    propertyDamage(PROPERTY_BY_LEVEL),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    readOnlyUninsuredPropertyDamage(PROPERTY_BY_LEVEL),
    following('personalInjuryProtection', L.personalInjuryProtection, ['$2,500', '$5,000', '$10,000', '$10,000'], {
      declinable: true,
      limit: 'PIP',
    }),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: AZ_OH_TX_CONTINUE,
  uninsuredPropertyDamageNeedsUninsured: true,
});
