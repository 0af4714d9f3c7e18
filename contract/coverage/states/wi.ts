import { COVERAGE_LABELS as L } from '../texts.ts';
import { bodilyInjury, collision, comprehensive, following, propertyDamage, rental, stateForm, uninsured } from './common.ts';

/**
 * Wisconsin: minimum 25/50/10 with uninsured motorist 25/50 and medical payments $1,000 required
 * (facts/state-minimums.md), so neither offers the decline text. doc 3 section 3 names "$125,000
 * combined single limit options": the CSL levels follow the split ones ($300,000 and $500,000 CSL are
 * ours, the usual next steps). doc 3 section 4, the "WI-style variant": a required Uninsured/Underinsured
 * Property Damage Deductible appears when uninsured BI is set and collision is declined.
 */
const LEVELS = ['25/50', '50/100', '100/300', '250/500', '$125,000 CSL', '$300,000 CSL', '$500,000 CSL'] as const;

export const WI = stateForm({
  state: 'WI',
  fields: [
    bodilyInjury(LEVELS),
    propertyDamage(['$10,000', '$25,000', '$50,000', '$100,000', '$25,000', '$50,000', '$100,000']),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS, { declinable: false }),
    uninsured('underinsuredMotorist', L.underinsuredMotorist, LEVELS, { byLevel: LEVELS }),
    following(
      'medicalPayments',
      L.medicalPayments,
      ['$1,000', '$2,000', '$5,000', '$10,000', '$2,000', '$5,000', '$10,000'],
      { limit: 'MP' },
    ),
    comprehensive(),
    collision(),
    {
      name: 'propertyDamageDeductible',
      label: L.uninsuredPropertyDamageDeductible,
      options: ['$250 deductible', '$500 deductible', '$1,000 deductible'],
      limit: 'UMUIMPDDeductible',
    },
    rental({
      byLevel: ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750', '$75/$2,250', '$100/$3,000', '$125/$3,750'],
      options: ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'],
    }),
  ],
  continueFields: ['bodilyInjury', 'uninsuredBodilyInjury', 'propertyDamage'],
  propertyDamageDeductibleNeedsCollisionDeclined: true,
});
