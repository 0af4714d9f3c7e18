import type { LimitName } from '../reference/limit-names.ts';
import type { CoverageFieldName, SharedCoverageField, VehicleCoverageField } from './coverage-model.ts';

/**
 * The shape of one state's coverage rules (doc 3 sections 3 to 5) as data. The engine (engine.ts) reads
 * only this, so opening a state is writing one file in states/ and listing it in states/index.ts.
 */

export type RuleField = Exclude<CoverageFieldName, 'policyEffectiveDate'>;

export interface FieldRule {
  name: RuleField;
  label: string;
  /** Option values in screen order, without the decline text (see `declinable`). */
  options: readonly string[];
  /** Labels where optionLabel()'s reading is not the one to show. */
  labels?: Readonly<Record<string, string>>;
  /** 'I decline this coverage' is offered last (comp/collision: only for owned vehicles, doc 3 decline rules). */
  declinable?: boolean;
  /**
   * doc 3 "Bodily-injury cascade": the value this field takes at each bodily-injury level index (the
   * position of the chosen limit in bodilyInjury's options).
   */
  byLevel?: readonly string[];
  /** Options above the chosen bodily injury are not offered (doc 3: uninsured and underinsured; AZ medical). */
  capped?: boolean;
  /** A package value derived from bodily injury, shown read-only (doc 3 section 2, the generic form). */
  derived?: boolean;
  /** Required unless false (doc 3 section 5: "All coverage selects are required"). */
  required?: boolean;
  /** The value of a new form (coverageDefaults); '' when the person must choose. */
  default?: string;
  /** The request's limit name (doc 3 section 3); a field without one is not sent as a limit. */
  limit?: LimitName;
  /** The request's form of a value where it is not formatLimit(value) (FL Stacked -> S). */
  limitValues?: Readonly<Record<string, string>>;
  tooltip?: string;
  /** A per-vehicle field editable only on the first vehicle (GA: property damage deductible). */
  firstVehicleOnly?: boolean;
}

/** A Continue condition of doc 3 section 5: a field, or a field needed only in some cases. */
export type ContinueItem =
  | CoverageFieldName
  | { field: CoverageFieldName; when: 'uninsuredPropertyDamageTaken' | 'uninsuredNotDeclined' };

export interface StateCoverageRules {
  state: string;
  /** 'state': a section of its own in doc 3; 'generic': GA and OR ("use the generic form"). */
  form: 'state' | 'generic';
  /** Every field the state's form has, in screen order (shared first, then the vehicle's own). */
  fields: readonly FieldRule[];
  /** doc 3 section 5, "Continue is disabled until these are chosen". */
  continueFields: readonly ContinueItem[];
  /**
   * doc 3 decline rules: 'pair': declining comprehensive or collision declines the other; FL: only
   * collision needs comprehensive.
   */
  pair: 'pair' | 'collisionNeedsComprehensive';
  /**
   * When rental is offered: the generic form hides it when comprehensive is declined; CA shows it
   * only when comprehensive or collision is taken; FL shows it declined when either is declined.
   */
  rental: 'needsComprehensive' | 'needsEither' | 'needsBoth';
  /** FL: property damage options allowed per bodily-injury value, as 1-based positions (doc 3 section 4). */
  propertyDamageByBodilyInjury?: Readonly<Record<string, readonly number[]>>;
  /** CA: a taken uninsured property damage replaces comprehensive, collision and rental. */
  uninsuredPropertyDamageReplacesPhysicalDamage?: boolean;
  /** PA: combined first party benefits or the individual ones. */
  firstPartyBenefits?: boolean;
  /** How the uninsured coverage type shows when uninsured BI is declined (PA: the declined text). */
  coverageTypeWhenUninsuredDeclined: 'hidden' | 'declinedText';
  /** TX: uninsured property damage appears only once uninsured BI is chosen and not declined. */
  uninsuredPropertyDamageNeedsUninsured?: boolean;
  /** WI: the UM/UIM property damage deductible appears only when collision is declined. */
  propertyDamageDeductibleNeedsCollisionDeclined?: boolean;
}

export type { SharedCoverageField, VehicleCoverageField };
