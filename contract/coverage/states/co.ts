import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  BI_LEVELS, OTHER_CONTINUE, bodilyInjury, collision, comprehensive, following, propertyDamage, rental, stateForm,
  uninsured,
} from './common.ts';

/**
 * Colorado (doc 3 section 4: "uninsured PD deductibles map to ACV w/ 100, 250, 500, 1000 or 2500 DED,
 * default 100"; section 5: the "Other" Continue list). Minimum 25/50/15 (facts/state-minimums.md).
 * Uninsured and underinsured motorist are one coverage in Colorado (C.R.S. 10-4-609), sent as UMUIMBI;
 * medical payments start at the $5,000 every policy must offer (C.R.S. 10-4-635). Glass YES is added to
 * the request (doc 3 section 9).
 */
const ACV = ['ACV w/ 100 DED', 'ACV w/ 250 DED', 'ACV w/ 500 DED', 'ACV w/ 1000 DED', 'ACV w/ 2500 DED'] as const;

export const CO = stateForm({
  state: 'CO',
  fields: [
    bodilyInjury(BI_LEVELS),
    propertyDamage(['$15,000', '$25,000', '$50,000', '$100,000']),
    uninsured('uninsuredBodilyInjury', L.uninsuredUnderinsuredBodilyInjury, BI_LEVELS, { limit: 'UMUIMBI' }),
    following('medicalPayments', L.medicalPayments, ['$5,000', '$10,000', '$25,000', '$50,000'], {
      declinable: true,
      limit: 'MP',
    }),
    comprehensive(),
    collision(),
    {
      name: 'propertyDamageDeductible',
      label: L.uninsuredPropertyDamageColorado,
      options: ACV,
      labels: Object.fromEntries(
        ACV.map((value) => [value, `Actual cash value, $${Number(/\d+/.exec(value)![0]).toLocaleString('en-US')} deductible`]),
      ),
      declinable: true,
      default: 'ACV w/ 100 DED',
      limit: 'UMPD',
    },
    rental(),
  ],
  continueFields: OTHER_CONTINUE,
});
