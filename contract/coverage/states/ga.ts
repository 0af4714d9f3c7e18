import { UNINSURED_COVERAGE_TYPES } from '../../reference/limit-names.ts';
import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import { BI_LEVELS, PROPERTY_BY_LEVEL, following, uninsured } from './common.ts';
import { genericForm } from './generic.ts';

/**
 * Georgia: the generic form plus "uninsured coverage type (Added On or Reduced By), uninsured BI and
 * property damage deductible", editable only on the first vehicle; "Default PIP $2,000" (doc 3 sections
 * 4 and 9); Continue needs the effective date and uninsured BI, plus the deductible and the type unless
 * uninsured BI is declined (section 5). Minimum 25/50/25 (facts/state-minimums.md). The request carries
 * the type as R or A (section 2) under UM; the uninsured property damage deductible steps are ours.
 */
export const GA: StateCoverageRules = genericForm({
  state: 'GA',
  propertyDamage: PROPERTY_BY_LEVEL,
  extra: [
    {
      name: 'uninsuredCoverageType',
      label: L.uninsuredCoverageType,
      options: UNINSURED_COVERAGE_TYPES.map((type) => type.value),
      labels: Object.fromEntries(UNINSURED_COVERAGE_TYPES.map((type) => [type.value, type.label])),
      limit: 'UM',
    },
  ],
  uninsuredBodilyInjury: uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS),
  medical: following('personalInjuryProtection', L.personalInjuryProtection, ['$2,000', '$5,000', '$10,000', '$10,000'], {
    derived: true,
    default: '$2,000',
    limit: 'PIP',
  }),
  vehicleExtra: [
    {
      name: 'propertyDamageDeductible',
      label: L.uninsuredPropertyDamageColorado,
      options: ['$250 deductible', '$500 deductible', '$1,000 deductible'],
      firstVehicleOnly: true,
      limit: 'UMUIMPDDeductible',
    },
  ],
  continueFields: [
    'policyEffectiveDate',
    'uninsuredBodilyInjury',
    { field: 'propertyDamageDeductible', when: 'uninsuredNotDeclined' },
    { field: 'uninsuredCoverageType', when: 'uninsuredNotDeclined' },
  ],
});
