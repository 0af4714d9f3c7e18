import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  AZ_OH_TX_CONTINUE, BI_LEVELS, PROPERTY_BY_LEVEL, bodilyInjury, cappedMedicalPayments, collision, comprehensive,
  propertyDamage, rental, stateForm, uninsured,
} from './common.ts';

/**
 * Ohio: the AZ/OH/TX rules of doc 3 sections 4 and 5. Minimum 25/50/25 (facts/state-minimums.md). Ohio
 * sells uninsured and underinsured motorist as one coverage, so it goes out as UMUIMBI (doc 1 shows that
 * name on the policy page).
 */
export const OH = stateForm({
  state: 'OH',
  fields: [
    bodilyInjury(BI_LEVELS),
    propertyDamage(PROPERTY_BY_LEVEL),
    uninsured('uninsuredBodilyInjury', L.uninsuredUnderinsuredBodilyInjury, BI_LEVELS, { limit: 'UMUIMBI' }),
    cappedMedicalPayments(),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: AZ_OH_TX_CONTINUE,
});
