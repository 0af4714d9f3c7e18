/**
 * What a rate table holds (api/rating/README.md explains each part and why). One table per state and
 * version, dated: the engine picks the table in force on the policy's effective date, and the quote keeps
 * the version it was priced with. Tables are plain data; everything that turns them into a price lives
 * in ./factors.ts and ./engine.ts.
 */
import type { ModelLine } from '../../contract/reference/model-lines.ts';

/** The coverages that carry a premium. Request names map onto them (UM and UMUIMBI onto UMBI ...). */
export type RatedCoverage =
  | 'BI' | 'PD' | 'UMBI' | 'UIM' | 'UMPD' | 'MP' | 'PIP' | 'FPB' | 'ADND' | 'FNRL' | 'INCLOSS' | 'MEDEX'
  | 'COMP' | 'GLASS' | 'COLL' | 'RENT';

/** Coverages that respond to the same risks take the same factors (see WEIGHTS in ./factors.ts). */
export type CoverageGroup = 'liability' | 'uninsured' | 'medical' | 'comprehensive' | 'collision' | 'rental';

export const GROUP_OF: Readonly<Record<RatedCoverage, CoverageGroup>> = {
  BI: 'liability',
  PD: 'liability',
  UMBI: 'uninsured',
  UIM: 'uninsured',
  UMPD: 'uninsured',
  MP: 'medical',
  PIP: 'medical',
  FPB: 'medical',
  ADND: 'medical',
  FNRL: 'medical',
  INCLOSS: 'medical',
  MEDEX: 'medical',
  COMP: 'comprehensive',
  GLASS: 'comprehensive',
  COLL: 'collision',
  RENT: 'rental',
};

export interface BaseRate {
  /**
   * Annual premium in dollars for the reference risk (README "Reference risk": a 911 worth $100,000, 3 to
   * 10 years old, one single 40-year-old clean driver, insured now for 6 months to 3 years, insurance
   * score 780, territory factor 1.0, 12,000 miles a year) at the reference limit or deductible.
   */
  annual: number;
  /** The part of that premium that comes from driving, 0 to 1: it becomes the per-mile rate. */
  mileageShare: number;
}

/** An amount-limited coverage's limit factor: (limit / reference) ^ exponent. */
export interface LimitCurve {
  reference: number;
  exponent: number;
}

/** A deductible factor: ((k + reference) / (k + deductible)) ^ exponent; 1 at the reference deductible. */
export interface DeductibleCurve {
  reference: number;
  k: number;
  exponent: number;
}

/** A step curve: the factor of the last step whose `from` is at or below the value. */
export type Steps = readonly (readonly [from: number, factor: number])[];

export interface RatingCurves {
  /** Driver age on the effective date (and with it experience: the request carries no licence date). */
  driverAge: Steps;
  married: number;
  /** Accidents and convictions in the last 3 years, 0 to 3. */
  violations: readonly [number, number, number, number];
  /** An expired licence (a revoked or suspended one cannot be quoted). */
  expiredLicence: number;
  /** Household driver factor = maxWeight x the highest driver's factor + (1 - maxWeight) x the mean. */
  householdMaxWeight: number;
  /** priorCoverage 3 current, 1 lapsed under a month, 2 lapsed longer, 0 never insured. */
  priorCoverage: Readonly<Record<0 | 1 | 2 | 3, number>>;
  /** priorYearsInsured 0 under 6 months, 1 six months to 3 years, 2 over 3 years. */
  priorYears: Readonly<Record<0 | 1 | 2, number>>;
  /** Insurance-score tier by the request's creditScore (800, 780, 595, 550). Null where the state forbids it. */
  insuranceScore: Readonly<Record<number, number>> | null;
  /** By model line: liability (performance, who drives it) and physical damage (repair cost per dollar). */
  modelLine: Readonly<Record<ModelLine | 'other', { liability: number; physical: number }>>;
  /** Physical damage by vehicle age in years (model year to effective year). */
  vehicleAge: Steps;
  /** Physical damage on stated value: (value / reference) ^ exponent. */
  statedValue: LimitCurve;
  /** lengthOfOwnership: '<1', '1-2', '3-4', '5+'. */
  ownership: Readonly<Record<string, number>>;
  /** Existing damage: physical damage only. */
  priorDamage: number;
  /** Two or more vehicles on the policy. */
  multiCar: number;
  homeowner: number;
  /** Club members (FL: always, doc 3 section 3). */
  clubMember: number;
  /** The per-mile part for COMMUTE NY/NJ usage (PA). */
  commute: number;
  /** PA limited tort on BI, UMBI and UIM; 1 elsewhere. */
  limitedTort: number;
  /** Uninsured coverage type: stacked = stackedBase + stackedPerVehicle x (vehicles - 1); GA added on. */
  stackedBase: number;
  stackedPerExtraVehicle: number;
  addedOn: number;
  /** Limit factors. BI-style limits: (perPerson / 25,000) ^ a x (perAccident / 50,000) ^ b. */
  splitLimit: { perPersonExponent: number; perAccidentExponent: number };
  amountLimits: Readonly<Record<'PD' | 'UMPD' | 'MP' | 'PIP' | 'FPB' | 'ADND' | 'FNRL' | 'INCLOSS' | 'MEDEX', LimitCurve>>;
  deductibles: Readonly<Record<'COMP' | 'COLL' | 'PIP' | 'UMPD', DeductibleCurve>>;
  /** Rental: (perDay / 30) ^ perDayExponent x (perLoss / 900) ^ perLossExponent. */
  rental: { perDayExponent: number; perLossExponent: number };
}

export interface RateTable {
  state: string;
  /** '<ST>-<effective date>.<revision>', stored with every quote priced from it. */
  version: string;
  /** YYYY-MM-DD: the first policy effective date the table prices. */
  effectiveDate: string;
  /** Why this state's table looks the way it does (its laws, its losses). */
  notes: string;
  /** Miles a year at which `annual` is the whole premium; the per-mile rate spreads the mileage share over them. */
  referenceAnnualMiles: number;
  /** Unlimited (capped) billing offered: the contract's UNLIMITED_STATES (DESIGN.md: AZ, CO, GA, OH, OR, TN, TX). */
  unlimitedOffered: boolean;
  /** Territory by the first 3 digits of the garaging ZIP; `other` for the rest. */
  territory: { other: number; byZipPrefix: Readonly<Record<string, number>> };
  baseRates: Readonly<Record<RatedCoverage, BaseRate>>;
  curves: RatingCurves;
}
