import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  AZ_OH_TX_CONTINUE, BI_LEVELS, PROPERTY_BY_LEVEL, bodilyInjury, cappedMedicalPayments, collision, comprehensive,
  propertyDamage, readOnlyUninsuredPropertyDamage, rental, stateForm, uninsured,
} from './common.ts';

/**
 * Tennessee: "Uninsured Property Damage is read-only" (doc 3 section 4); Continue also needs property
 * damage (section 5). Minimum 25/50/25 (facts/state-minimums.md).
 */
export const TN = stateForm({
  state: 'TN',
  fields: [
    bodilyInjury(BI_LEVELS),
    propertyDamage(PROPERTY_BY_LEVEL),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS),
    readOnlyUninsuredPropertyDamage(PROPERTY_BY_LEVEL),
    cappedMedicalPayments(),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: [...AZ_OH_TX_CONTINUE, 'propertyDamage'],
});
