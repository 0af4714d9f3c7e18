import { COVERAGE_LABELS as L } from '../texts.ts';
import type { StateCoverageRules } from '../state-rules.ts';
import { BI_LEVELS, following, readOnlyUninsuredPropertyDamage } from './common.ts';
import { genericForm } from './generic.ts';

/**
 * Oregon: the generic form (doc 3 section 2), medical payments "labelled Personal Injury Protection in
 * OR". Minimum 25/50/20 with PIP $15,000 and uninsured motorist 25/50 (facts/state-minimums.md), so the
 * package never declines them. Oregon's UM/UIM is one coverage (ORS 742.502): sent as UMUIMBI and UMUIMPD.
 * Glass YES is added to the request (doc 3 section 9).
 */
const PROPERTY = ['$20,000', '$50,000', '$100,000', '$100,000'] as const;

export const OR: StateCoverageRules = genericForm({
  state: 'OR',
  propertyDamage: PROPERTY,
  uninsuredBodilyInjury: following('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS, {
    derived: true,
    limit: 'UMUIMBI',
  }),
  uninsuredPropertyDamage: readOnlyUninsuredPropertyDamage(PROPERTY, { limit: 'UMUIMPD' }),
  medical: following('medicalPayments', L.personalInjuryProtection, ['$15,000', '$25,000', '$50,000', '$100,000'], {
    derived: true,
    limit: 'PIP',
  }),
});
