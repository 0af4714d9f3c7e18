import { COVERAGE_LABELS as L } from '../texts.ts';
import type { FieldRule, StateCoverageRules } from '../state-rules.ts';
import {
  BI_LEVELS, MEDICAL_BY_LEVEL, OTHER_CONTINUE, PROPERTY_BY_LEVEL, USUAL_RULES, bodilyInjury, collision, comprehensive,
  following, propertyDamage, readOnlyUninsuredPropertyDamage, rental,
} from './common.ts';

/**
 * The generic form (doc 3 section 2): the person chooses bodily injury and the vehicle's deductibles;
 * "read-only package values derived from the bodily-injury choice: property damage, uninsured bodily
 * injury, uninsured property damage, medical payments (labelled Personal Injury Protection in OR), and
 * rental coverage (hidden when comprehensive is declined)". GA and OR build on it; a state without rules
 * of its own gets it too (it is not quoted: doc 3 section 7).
 */
export interface GenericParts {
  state: string;
  propertyDamage: readonly string[];
  uninsuredBodilyInjury?: FieldRule;
  uninsuredPropertyDamage?: FieldRule;
  medical?: FieldRule;
  /** Fields placed after the medical one (GA's coverage type and deductible). */
  extra?: readonly FieldRule[];
  vehicleExtra?: readonly FieldRule[];
  continueFields?: StateCoverageRules['continueFields'];
}

export function genericForm(parts: GenericParts): StateCoverageRules {
  const derived = { derived: true } as const;
  return {
    state: parts.state,
    form: 'generic',
    fields: [
      bodilyInjury(BI_LEVELS),
      propertyDamage(parts.propertyDamage, derived),
      ...(parts.extra ?? []),
      parts.uninsuredBodilyInjury ??
        following('uninsuredBodilyInjury', L.uninsuredBodilyInjury, BI_LEVELS, { ...derived, limit: 'UMBI' }),
      parts.uninsuredPropertyDamage ?? readOnlyUninsuredPropertyDamage(parts.propertyDamage),
      parts.medical ?? following('medicalPayments', L.medicalPayments, MEDICAL_BY_LEVEL, { ...derived, limit: 'MP' }),
      comprehensive(),
      collision(),
      ...(parts.vehicleExtra ?? []),
      rental({ ...derived, declinable: false }),
    ],
    continueFields: parts.continueFields ?? OTHER_CONTINUE,
    ...USUAL_RULES,
  };
}

/** A state with no rules of its own: the generic form over the usual 25/50/25 package. */
export function fallbackRules(state: string): StateCoverageRules {
  return genericForm({ state, propertyDamage: PROPERTY_BY_LEVEL });
}
