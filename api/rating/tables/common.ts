/**
 * What the state tables share: the factor curves and the countrywide base rates each state scales by its
 * own relativities. The figures are ours, set so that prices land where the market is (README "Calibration"):
 * they follow the shape of published rating plans (age curves, increased-limit factors, deductible credits),
 * not any one insurer's filing.
 */
import type { BaseRate, CoverageGroup, RatedCoverage, RateTable, RatingCurves } from '../table.ts';
import { GROUP_OF } from '../table.ts';
import { inStates, UNLIMITED_STATES } from '../../../contract/index.ts';

export const COMMON_CURVES: RatingCurves = {
  // Young drivers crash far more often (IIHS: per mile driven, drivers 16-19 are nearly three times as
  // likely as drivers 20 and older to be in a fatal crash); the curve flattens at 30, dips in the
  // fifties and rises again past 70.
  driverAge: [
    [16, 2.6], [17, 2.4], [18, 2.15], [19, 1.95], [20, 1.75], [21, 1.55], [22, 1.42], [23, 1.32], [24, 1.22],
    [25, 1.12], [26, 1.08], [28, 1.05], [30, 1.02], [35, 1.0], [55, 0.96], [65, 1.0], [70, 1.08], [75, 1.2],
    [80, 1.35],
  ],
  married: 0.93,
  violations: [1.0, 1.28, 1.6, 1.95],
  expiredLicence: 1.1,
  householdMaxWeight: 0.7,
  priorCoverage: { 3: 1.0, 1: 1.06, 2: 1.18, 0: 1.3 },
  priorYears: { 0: 1.06, 1: 1.0, 2: 0.93 },
  // creditScore values of the request (contract CREDIT_SCORES): Excellent 800 ... Not Very Good 550
  insuranceScore: { 800: 0.9, 780: 1.0, 595: 1.2, 550: 1.4 },
  modelLine: {
    '911': { liability: 1.0, physical: 1.0 },
    Boxster: { liability: 0.9, physical: 0.92 },
    Cayman: { liability: 0.92, physical: 0.95 },
    '924': { liability: 0.85, physical: 0.85 },
    '944': { liability: 0.85, physical: 0.85 },
    '968': { liability: 0.85, physical: 0.88 },
    '928': { liability: 0.9, physical: 0.95 },
    // hand-built cars: parts and repairs far beyond their value's share
    '959': { liability: 1.15, physical: 1.35 },
    'Carrera GT': { liability: 1.2, physical: 1.4 },
    '918 Spyder': { liability: 1.2, physical: 1.4 },
    Cayenne: { liability: 0.95, physical: 0.85 },
    Macan: { liability: 0.92, physical: 0.85 },
    Panamera: { liability: 1.0, physical: 0.95 },
    // battery and body repairs of electric cars cost more per claim
    Taycan: { liability: 1.05, physical: 1.15 },
    // another maker's car or a VIN that names no known line: no information, priced cautiously
    other: { liability: 1.1, physical: 1.1 },
  },
  // New cars carry sensors and cameras in every panel; old ones are mostly garaged and driven with care
  // (their stated value already carries what they are worth).
  vehicleAge: [[0, 1.08], [3, 1.0], [11, 0.92], [26, 0.82]],
  // Most losses are partial, so physical damage grows slower than value.
  statedValue: { reference: 100_000, exponent: 0.85 },
  ownership: { '<1': 1.04, '1-2': 1.0, '3-4': 0.97, '5+': 0.94 },
  priorDamage: 1.1,
  multiCar: 0.92,
  homeowner: 0.95,
  clubMember: 0.95,
  commute: 1.1,
  limitedTort: 1,
  stackedBase: 1.15,
  stackedPerExtraVehicle: 0.1,
  addedOn: 1.3,
  // increased-limit factors: 50/100 1.23, 100/300 1.58, 250/500 2.0, 500/500 2.29 (25/50 = 1)
  splitLimit: { perPersonExponent: 0.2, perAccidentExponent: 0.1 },
  amountLimits: {
    PD: { reference: 25_000, exponent: 0.15 },
    UMPD: { reference: 25_000, exponent: 0.15 },
    MP: { reference: 5_000, exponent: 0.35 },
    PIP: { reference: 10_000, exponent: 0.4 },
    FPB: { reference: 177_500, exponent: 0.5 },
    ADND: { reference: 25_000, exponent: 0.5 },
    FNRL: { reference: 2_500, exponent: 0.5 },
    INCLOSS: { reference: 5_000, exponent: 0.5 },
    MEDEX: { reference: 1_100_000, exponent: 0.3 },
  },
  // A $500 comprehensive or collision deductible = 1; $1,000 saves about 13%; $0 costs about 10% more on
  // comprehensive and 12% more on collision.
  deductibles: {
    COMP: { reference: 500, k: 1_500, exponent: 0.6 },
    COLL: { reference: 500, k: 2_500, exponent: 0.6 },
    PIP: { reference: 0, k: 2_000, exponent: 1 },
    UMPD: { reference: 250, k: 1_000, exponent: 1 },
  },
  rental: { perDayExponent: 0.5, perLossExponent: 0.3 },
};

/**
 * Countrywide base rates for the reference risk, in dollars a year at 12,000 miles. `mileageShare` is
 * the part that grows with driving: most of liability and collision (crashes follow miles driven, the
 * premise of distance-based insurance), little of comprehensive (theft, hail, fire and glass damage
 * happen parked).
 */
const COUNTRYWIDE: Readonly<Record<RatedCoverage, BaseRate>> = {
  BI: { annual: 300, mileageShare: 0.6 },
  PD: { annual: 210, mileageShare: 0.6 },
  UMBI: { annual: 70, mileageShare: 0.5 },
  UIM: { annual: 45, mileageShare: 0.5 },
  UMPD: { annual: 35, mileageShare: 0.5 },
  MP: { annual: 35, mileageShare: 0.5 },
  PIP: { annual: 150, mileageShare: 0.5 },
  FPB: { annual: 120, mileageShare: 0.5 },
  ADND: { annual: 8, mileageShare: 0.5 },
  FNRL: { annual: 4, mileageShare: 0.5 },
  INCLOSS: { annual: 30, mileageShare: 0.5 },
  MEDEX: { annual: 20, mileageShare: 0.5 },
  COMP: { annual: 450, mileageShare: 0.1 },
  GLASS: { annual: 90, mileageShare: 0.2 },
  COLL: { annual: 1_100, mileageShare: 0.55 },
  RENT: { annual: 45, mileageShare: 0.3 },
};

/** A state's base rates: the countrywide ones times the state's relativity per group, then per coverage. */
function stateBaseRates(
  byGroup: Readonly<Record<CoverageGroup, number>>,
  byCoverage: Partial<Readonly<Record<RatedCoverage, number>>> = {},
): Record<RatedCoverage, BaseRate> {
  const rates = {} as Record<RatedCoverage, BaseRate>;
  for (const [coverage, base] of Object.entries(COUNTRYWIDE) as [RatedCoverage, BaseRate][]) {
    const relativity = byGroup[GROUP_OF[coverage]] * (byCoverage[coverage] ?? 1);
    rates[coverage] = { annual: Math.round(base.annual * relativity * 100) / 100, mileageShare: base.mileageShare };
  }
  return rates;
}

/** What a state's table file holds: the figures that are its own. */
export interface StateTableParts extends Pick<RateTable, 'state' | 'effectiveDate' | 'notes' | 'territory'> {
  /** A later revision of a table dated the same day (its version ends .2, .3 ...); 1 when absent. */
  revision?: number;
  /** Multiplies the countrywide base rates per coverage group... */
  relativities: Readonly<Record<CoverageGroup, number>>;
  /** ... and then per coverage, where one coverage of a group stands apart (FL's PIP). */
  coverageRelativities?: Partial<Readonly<Record<RatedCoverage, number>>>;
  /** The state's own curves in place of the common ones (CA without insurance scores, PA's limited tort). */
  curves?: Partial<RatingCurves>;
}

/**
 * A state's rate table from its own figures. The rest follows from them: the version names the state, the
 * date and the revision; Unlimited billing is offered where the contract's UNLIMITED_STATES says, so a
 * table cannot disagree with the quote rule; territory factors go by the first three digits of the
 * garaging ZIP (README "Rate tables").
 */
export function stateTable(parts: StateTableParts): RateTable {
  const { state, effectiveDate, revision = 1 } = parts;
  return {
    state,
    version: `${state}-${effectiveDate}.${revision}`,
    effectiveDate,
    notes: parts.notes,
    referenceAnnualMiles: 12_000,
    unlimitedOffered: inStates(UNLIMITED_STATES, state),
    territory: parts.territory,
    baseRates: stateBaseRates(parts.relativities, parts.coverageRelativities),
    curves: { ...COMMON_CURVES, ...parts.curves },
  };
}
