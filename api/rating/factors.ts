/**
 * The rating factors, one function each, over a table's curves (README "Factors"). Every factor is a
 * positive number; 1 is the reference risk. Coverages answer each factor to a different degree, which
 * WEIGHTS writes down as exponents: a coverage takes factor^weight, so 0 ignores the factor and 1 takes it
 * whole while the order of risks never changes (a worse driver is never cheaper on any coverage).
 */
import type { CoverageGroup, DeductibleCurve, LimitCurve, RatingCurves, Steps } from './table.ts';

export type FactorName = 'territory' | 'driver' | 'priorInsurance' | 'insuranceScore' | 'ownership' | 'policy';

/**
 * How strongly each coverage group takes each policy-wide factor (1 = whole, 0 = not at all).
 * Driving record and age drive liability and collision claims; uninsured motorist claims depend on the
 * other drivers, comprehensive on where the car is parked, so those take a little of the driver factor.
 */
export const WEIGHTS: Readonly<Record<FactorName, Readonly<Record<CoverageGroup, number>>>> = {
  territory: { liability: 1, uninsured: 1, medical: 1, comprehensive: 1, collision: 1, rental: 1 },
  driver: { liability: 1, uninsured: 0.3, medical: 0.6, comprehensive: 0.3, collision: 1, rental: 0.3 },
  priorInsurance: { liability: 1, uninsured: 0.5, medical: 0.5, comprehensive: 0.5, collision: 1, rental: 0.5 },
  insuranceScore: { liability: 1, uninsured: 1, medical: 1, comprehensive: 1, collision: 1, rental: 1 },
  ownership: { liability: 1, uninsured: 0.5, medical: 0.5, comprehensive: 0.5, collision: 1, rental: 0.5 },
  // multi-car, homeowner and club discounts: the whole policy
  policy: { liability: 1, uninsured: 1, medical: 1, comprehensive: 1, collision: 1, rental: 1 },
};

export function step(steps: Steps, value: number): number {
  let factor = steps[0]?.[1] ?? 1;
  for (const [from, f] of steps) {
    if (value >= from) factor = f;
    else break;
  }
  return factor;
}

/** Whole years from `born` to `on` (both YYYY-MM-DD parts), birthday counted on the day. */
export function ageOn(born: { year: number; month: number; day: number }, on: { year: number; month: number; day: number }): number {
  const before = on.month < born.month || (on.month === born.month && on.day < born.day);
  return on.year - born.year - (before ? 1 : 0);
}

export interface DriverFacts {
  age: number;
  married: boolean;
  violations: number;
  expiredLicence: boolean;
}

/** One driver: age (and experience) x marital status x accidents and convictions x licence. */
export function driverFactor(curves: RatingCurves, driver: DriverFacts): number {
  const violations = curves.violations[Math.min(Math.max(Math.trunc(driver.violations), 0), 3)]!;
  return (
    step(curves.driverAge, driver.age) *
    (driver.married ? curves.married : 1) *
    violations *
    (driver.expiredLicence ? curves.expiredLicence : 1)
  );
}

/**
 * The household: weighted toward its riskiest driver (who may take any car) without ignoring the rest.
 * Raising any one driver's factor never lowers it.
 */
export function householdFactor(curves: RatingCurves, driverFactors: readonly number[]): number {
  if (driverFactors.length === 0) return 1;
  let max = 0;
  let sum = 0;
  for (const f of driverFactors) {
    if (f > max) max = f;
    sum += f;
  }
  const w = curves.householdMaxWeight;
  return w * max + (1 - w) * (sum / driverFactors.length);
}

/** Prior insurance and years insured. An unknown answer counts as the reference (1). */
export function priorInsuranceFactor(curves: RatingCurves, priorCoverage: number, priorYears: number | undefined): number {
  const coverage = curves.priorCoverage[priorCoverage as 0 | 1 | 2 | 3] ?? 1;
  const years = priorYears === undefined ? 1 : (curves.priorYears[priorYears as 0 | 1 | 2] ?? 1);
  return coverage * years;
}

/** Insurance-score tier; 1 where the state forbids credit-based insurance scores (table's null). */
export function insuranceScoreFactor(curves: RatingCurves, creditScore: number): number {
  if (curves.insuranceScore === null) return 1;
  return curves.insuranceScore[creditScore] ?? 1;
}

export function territoryFactor(territory: { other: number; byZipPrefix: Readonly<Record<string, number>> }, zip: string): number {
  return territory.byZipPrefix[zip.slice(0, 3)] ?? territory.other;
}

/** (amount / reference) ^ exponent: increased-limit factors, and physical damage on stated value. */
export function curveFactor(curve: LimitCurve, amount: number): number {
  return Math.pow(amount / curve.reference, curve.exponent);
}

/** BI-style split limit, in dollars; a combined single limit L reads as L per person and L per accident. */
export function splitLimitFactor(curves: RatingCurves, perPerson: number, perAccident: number): number {
  return (
    Math.pow(perPerson / 25_000, curves.splitLimit.perPersonExponent) *
    Math.pow(perAccident / 50_000, curves.splitLimit.perAccidentExponent)
  );
}

/** ((k + reference) / (k + deductible)) ^ exponent: falls as the deductible rises, 1 at the reference. */
export function deductibleFactor(curve: DeductibleCurve, deductible: number): number {
  return Math.pow((curve.k + curve.reference) / (curve.k + deductible), curve.exponent);
}

/** Rental: per day and per loss both raise it (reference $30 a day, $900 a loss). */
export function rentalFactor(curves: RatingCurves, perDay: number, perLoss: number): number {
  return Math.pow(perDay / 30, curves.rental.perDayExponent) * Math.pow(perLoss / 900, curves.rental.perLossExponent);
}
