import { COVERAGE_LABELS as L } from '../texts.ts';
import {
  AZ_OH_TX_CONTINUE, BI_LEVELS, bodilyInjury, cappedMedicalPayments, collision, comprehensive, propertyDamage, rental,
  stateForm, uninsured,
} from './common.ts';

/**
 * Arizona (doc 3 section 4 "AZ: medical, underinsured and uninsured lists follow bodily injury";
 * section 5 "AZ, OH, TX: bodily injury, comprehensive and collision deductible"). Minimum 25/50/15
 * (facts/state-minimums.md): property damage starts at $15,000.
 */
export const AZ = stateForm({
  state: 'AZ',
  fields: [
    bodilyInjury(BI_LEVELS),
    propertyDamage(['$15,000', '$25,000', '$50,000', '$100,000']),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS),
    uninsured('underinsuredMotorist', L.underinsuredMotorist, BI_LEVELS, { byLevel: BI_LEVELS }),
    cappedMedicalPayments(),
    comprehensive(),
    collision(),
    rental(),
  ],
  continueFields: AZ_OH_TX_CONTINUE,
});
