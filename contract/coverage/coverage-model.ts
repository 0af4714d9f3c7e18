/**
 * The coverage step's model (doc 3 sections 3 and 4): what the person chooses, and the per-state rules that
 * decide which choices exist. Pure data and functions, used by the wizard's step 4 (to draw and cascade
 * the fields) and by the API (to refuse an inconsistent quote request). Rules are data per state, so
 * opening a state is a configuration change.
 *
 * The rules module (contract/coverage/index.ts) exports, over these types:
 *   coverageDefaults(state, vehicles, today): CoverageForm          - a new form: the state's defaults
 *                                                                     (FL PIP 10,000 / deductible 500 /
 *                                                                     type; PA Stacked; GA PIP 2,000 ...),
 *                                                                     effective date today
 *   coverageFields(state, form, vehicles, vehicleIndex): FieldView[] - what step 4 draws for one vehicle,
 *                                                                     in order, with options, read-only and
 *                                                                     display values already cascaded
 *   applyCoverageChange(state, form, vehicles, change): ChangeResult - one choice and all its cascades
 *   continueBlockers(state, form, vehicles): CoverageFieldName[]     - what still blocks Continue (doc 3
 *                                                                     section 5's per-state lists)
 *   coverageLimits(state, form, vehicles): CoverageLimits            - the request's limit entries (doc 3
 *                                                                     section 3: names, POLICY/VEHICLE,
 *                                                                     indexNumber 0, formatted limits,
 *                                                                     tort F/L, FL S/NS, GLASS YES ...)
 *   coverageProblems(state, limits, vehicles): string[]              - the API's consistency check of a
 *                                                                     request's limits (missing, unknown
 *                                                                     value, broken cascade); [] when fine
 *
 * and beside them: applyVehicleChange(state, form, vehicles) (a vehicle's financing, stated value or the
 * vehicle list changed: a decline on a car no longer owned and a deductible above a new stated value are
 * cleared, entries added or dropped), coverageErrors (every required select left empty, for the error
 * marks), limitsOfRequest (a QuoteRequest's limits as coverageProblems reads them), COVERAGE_WARNINGS (the
 * modal text of each warning). The data is in states/ (one file per state), the engine in engine.ts.
 * A change of the garaging or rated state starts over from coverageDefaults (doc 3 "Quote lifecycle").
 */

/** The one decline text of every list (doc 3 section 9), one binding with the reference lists' own. */
export { DECLINE } from '../reference/limit-names.ts';

/** Chosen once per policy, on the first vehicle (doc 3 section 2: "shared coverages"). */
export type SharedCoverageField =
  | 'bodilyInjury'
  | 'propertyDamage'
  | 'uninsuredCoverageType'
  | 'uninsuredBodilyInjury'
  | 'underinsuredMotorist'
  | 'uninsuredPropertyDamage'
  | 'personalInjuryProtection'
  | 'pipDeductible'
  | 'pipDeductibleType'
  | 'medicalPayments'
  | 'combinedFirstParty'
  | 'accidentalDeath'
  | 'funeralBenefits'
  | 'incomeLoss'
  | 'extraBenefits'
  | 'tortOption';

/** Chosen per vehicle (doc 3 section 3: "one entry per vehicle"); the first vehicle's choices are copied on. */
export type VehicleCoverageField =
  | 'comprehensiveDeductible'
  | 'collisionDeductible'
  | 'propertyDamageDeductible'
  | 'rentalReimbursement';

export type CoverageFieldName = SharedCoverageField | VehicleCoverageField | 'policyEffectiveDate';

export interface CoverageForm {
  /** Option values ('' = not chosen yet). */
  shared: Record<SharedCoverageField, string>;
  /** One entry per vehicle, in the wizard's vehicle order. */
  vehicles: Record<VehicleCoverageField, string>[];
  /** MM/DD/YYYY, as typed or picked (doc 3: defaults to today). */
  policyEffectiveDate: string;
}

/** What the rules need to know of each vehicle. */
export interface CoverageVehicle {
  /** 'own' | 'lease' | 'finance' (contract OWNERSHIP values): owned vehicles may decline comp/collision. */
  financing: string;
  /** Whole dollars: deductible options above it are dropped (doc 3 "some variants filter..."). */
  statedValue: number;
}

export interface CoverageOption {
  value: string;
  label: string;
}

/** One field as step 4 draws it for one vehicle. */
export interface FieldView {
  name: CoverageFieldName;
  /** The spec's label where it gives one (e.g. 'Personal Injury Protection' for medical payments in OR). */
  label: string;
  /** Editable only on the first vehicle for shared fields (doc 3 section 2). */
  readOnly: boolean;
  /** A value shown in place of a control: 'Uninsured Coverage Declined', 'Combined Benefits Selected'... */
  displayValue?: string;
  options: readonly CoverageOption[];
  value: string;
  required: boolean;
  /** Short help (the comprehensive glass tooltip, PA's benefits tooltip), keyed text. */
  tooltip?: string;
}

export interface CoverageChange {
  field: CoverageFieldName;
  /** The vehicle whose step shows the field (0 for shared fields). */
  vehicleIndex: number;
  value: string;
}

export interface ChangeResult {
  form: CoverageForm;
  /** A modal to show: the comprehensive/collision pair warning (doc 3 "must be bought together"). */
  warning?: 'comprehensiveCollisionPair' | 'collisionNeedsComprehensive';
}

/** Limit entries as the quote request carries them (doc 3 section 3, contract LimitEntry). */
export interface CoverageLimitEntry {
  name: string;
  type: 'POLICY' | 'VEHICLE';
  indexNumber: 0;
  limit: string;
}

export interface CoverageLimits {
  /** Policy-level entries (BI, PD, UMBI, PIP, ...). */
  policy: CoverageLimitEntry[];
  /** Per vehicle, in order (COMP, COLL, RENT, GLASS, UMPDDeductible ...). */
  vehicles: CoverageLimitEntry[][];
  tortOption?: 'F' | 'L';
}
