/**
 * How a price is built (README "How a price is built"):
 *
 * 1. For each vehicle and each coverage it carries (the policy's limits, then the vehicle's own, which
 *    win): annual premium = base rate x limit or deductible factor x the policy-wide factors (territory,
 *    drivers, prior insurance, insurance score, ownership, discounts), each to its coverage group's weight
 *    x the vehicle factors (model line, age, stated value, prior damage) x state options (tort, stacking).
 * 2. The base rate's mileage share of that premium becomes the per-mile rate (spread over the table's
 *    reference miles); the rest is the monthly base rate. Rounded per coverage: base to cents, per mile
 *    to mills (thousandths of a dollar), so the vehicle's figures are the exact sums of its coverage lines.
 * 3. Unlimited (capped billing) = 6 monthly base charges + the per-mile rate x 7,300 miles (half of the
 *    14,600-mile cap: doc 3 section 9).
 * 4. Policy totals add the fees of doc 3 section 9 (contract/reference/fees.ts).
 *
 * Pure: the same request, table and day give the same price; no clock, no I/O.
 */
import {
  LIMITS, monthlyFeesCents, parseIsoDate, sixMonthFeesCents, stateName, type CalendarDate,
  type LimitEntry, type QuoteRequest,
} from '../../contract/index.ts';
import { RatingError } from './errors.ts';
import {
  WEIGHTS, ageOn, curveFactor, deductibleFactor, driverFactor, householdFactor, insuranceScoreFactor,
  priorInsuranceFactor, rentalFactor, splitLimitFactor, step, territoryFactor, type FactorName,
} from './factors.ts';
import { buysNothing, parseLimit, type ParsedLimit } from './limits.ts';
import type { CoverageCharge, InstallmentPlan, PricedQuote, PricedVehicle, RatedVehicle, RatingInput } from './rating-model.ts';
import { GROUP_OF, type CoverageGroup, type RatedCoverage, type RateTable } from './table.ts';

/** Miles of one 6-month term at the cap: what Unlimited is priced for. */
export const UNLIMITED_TERM_MILES = LIMITS.requestMilesCap / 2;
const MONTHS = LIMITS.termMonths;
const COMMUTE = 'COMMUTE NY/NJ';
const GROUPS: readonly CoverageGroup[] = ['liability', 'uninsured', 'medical', 'comprehensive', 'collision', 'rental'];

/** The request names that carry a premium, in the order the quote lists them, and what each is rated as. */
const LINES: readonly (readonly [string, RatedCoverage])[] = [
  ['BI', 'BI'], ['PD', 'PD'], ['UMBI', 'UMBI'], ['UMUIMBI', 'UMBI'], ['UM', 'UMBI'], ['UIM', 'UIM'],
  ['UMPD', 'UMPD'], ['UMUIMPD', 'UMPD'], ['MP', 'MP'], ['PIP', 'PIP'], ['FPB', 'FPB'], ['MEDEX', 'MEDEX'],
  ['ADND', 'ADND'], ['FNRL', 'FNRL'], ['INCLOSS', 'INCLOSS'], ['WORKLOSS', 'INCLOSS'], ['COMP', 'COMP'],
  ['COLL', 'COLL'], ['RENT', 'RENT'],
];

interface Limit {
  text: string;
  parsed: ParsedLimit;
}

function readLimits(entries: readonly LimitEntry[], path: string): Map<string, Limit> {
  const limits = new Map<string, Limit>();
  entries.forEach((entry, index) => {
    limits.set(entry.name, { text: entry.limit, parsed: parseLimit(entry.name, entry.limit, `${path}.${index}.limit`) });
  });
  return limits;
}

function isoDay(text: string, what: string, path: string): CalendarDate {
  const day = typeof text === 'string' ? parseIsoDate(text) : null;
  if (!day) throw new RatingError(`${what} must be a date (YYYY-MM-DD).`, path);
  return day;
}

/** The factors every vehicle of the policy shares, by coverage group, already raised to their weights. */
function policyFactors(request: QuoteRequest, table: RateTable, effective: CalendarDate): Record<CoverageGroup, number> {
  const curves = table.curves;
  const rated = request.drivers.filter((d) => d.status !== 'LIST' && !d.isExcluded);
  if (rated.length === 0) throw new RatingError('A quote needs at least one rated driver.', 'drivers');
  const driverFactors = rated.map((driver) => {
    const index = request.drivers.indexOf(driver);
    const born = isoDay(driver.dob, 'Date of birth', `drivers.${index}.dob`);
    return driverFactor(curves, {
      age: ageOn(born, effective),
      married: driver.isMarried === true,
      violations: driver.violations ?? 0,
      expiredLicence: driver.licenseStatus === 'EXPIRED',
    });
  });

  const garaging = request.addresses.find((a) => a.type === 'Garaging') ?? request.addresses.find((a) => a.type === 'Mailing');
  if (!garaging) throw new RatingError('A quote needs a garaging or mailing address.', 'addresses');

  const clubMember = request.ratedState === 'FL' || request.isInPorscheClubOfAmerica === true;
  const raw: Record<Exclude<FactorName, 'ownership'>, number> = {
    territory: territoryFactor(table.territory, garaging.zip),
    driver: householdFactor(curves, driverFactors),
    priorInsurance: priorInsuranceFactor(curves, request.priorCoverage, request.priorYearsInsured),
    insuranceScore: insuranceScoreFactor(curves, request.creditScore),
    policy:
      (request.vehicles.length > 1 ? curves.multiCar : 1) *
      (request.isHomeOwner === true ? curves.homeowner : 1) *
      (clubMember ? curves.clubMember : 1),
  };
  const byGroup = {} as Record<CoverageGroup, number>;
  for (const group of GROUPS) {
    let factor = 1;
    for (const [name, value] of Object.entries(raw) as [Exclude<FactorName, 'ownership'>, number][]) {
      factor *= Math.pow(value, WEIGHTS[name][group]);
    }
    byGroup[group] = factor;
  }
  return byGroup;
}

/** Years from model year to the effective year; null when the VIN gives no year. */
function vehicleAge(vehicle: RatedVehicle, effective: CalendarDate): number | null {
  return vehicle.modelYear === null ? null : Math.max(0, effective.year - vehicle.modelYear);
}

/** The limit or deductible factor of one coverage line. */
function limitFactor(table: RateTable, coverage: RatedCoverage, limit: ParsedLimit): number {
  const curves = table.curves;
  switch (limit.kind) {
    case 'split':
      return splitLimitFactor(curves, limit.perPerson, limit.perAccident);
    case 'csl':
      return splitLimitFactor(curves, limit.amount, limit.amount);
    case 'amount': {
      const curve = curves.amountLimits[coverage as keyof typeof curves.amountLimits];
      return curve ? curveFactor(curve, limit.dollars) : 1;
    }
    case 'deductible': {
      const curve = curves.deductibles[coverage as keyof typeof curves.deductibles];
      return curve ? deductibleFactor(curve, limit.dollars) : 1;
    }
    case 'rental':
      return rentalFactor(curves, limit.perDay, limit.perLoss);
    default:
      return 1;
  }
}

/** Splits one coverage's annual premium into its monthly base (cents) and per-mile rate (mills). */
function charge(
  table: RateTable,
  name: string,
  text: string,
  coverage: RatedCoverage,
  annual: number,
  perMileFactor: number,
): CoverageCharge {
  const { mileageShare } = table.baseRates[coverage];
  const monthlyBaseCents = Math.round(((annual * (1 - mileageShare)) / 12) * 100);
  const perMileMills = Math.round(((annual * mileageShare) / table.referenceAnnualMiles) * 1000 * perMileFactor);
  return {
    name,
    limit: text,
    monthlyBaseCents,
    perMileMills,
    unlimitedCents: table.unlimitedOffered ? unlimitedCents(monthlyBaseCents, perMileMills) : 0,
  };
}

/**
 * 6 months of base + the per-mile rate over 7,300 miles (mills x miles / 10 = cents), as six equal
 * monthly parts rounded to the cent: an Unlimited premium paid monthly is exactly its sixth, and doc 3's
 * "six times (monthly total minus fees) plus the six-month fee" is the single payment to the cent.
 */
export function unlimitedCents(monthlyBaseCents: number, perMileMills: number): number {
  return MONTHS * (monthlyBaseCents + Math.round((perMileMills * UNLIMITED_TERM_MILES) / MONTHS / 10));
}

function priceVehicle(
  { request, vehicles: rated }: RatingInput,
  table: RateTable,
  index: number,
  groupFactors: Record<CoverageGroup, number>,
  policyLimits: Map<string, Limit>,
  effective: CalendarDate,
): PricedVehicle {
  const vehicle = request.vehicles[index]!;
  const path = `vehicles.${index}`;
  const curves = table.curves;
  const state = request.ratedState;

  if (vehicle.billingType === 'capped' && !table.unlimitedOffered) {
    throw new RatingError(`The Unlimited plan is not offered in ${stateName(state) ?? state}.`, `${path}.billingType`);
  }
  const statedValue = Number(vehicle.statedValue);
  if (!Number.isFinite(statedValue) || statedValue <= 0) {
    throw new RatingError('Stated value must be a whole number of dollars.', `${path}.statedValue`);
  }
  const miles = vehicle.mileage.miles;
  if (!Number.isFinite(miles) || miles < 0) throw new RatingError('Annual miles must be a whole number.', `${path}.mileage.miles`);

  const limits = new Map(policyLimits);
  for (const [name, limit] of readLimits(vehicle.coverageLimits, `${path}.coverageLimits`)) limits.set(name, limit);
  // Colorado's 'ACV w/ N DED': the limit is this car's value (its stated value is what we would pay on a
  // total loss), with the deductible rated as any other uninsured PD deductible.
  const actualCash = limits.get('UMPD');
  if (actualCash?.parsed.kind === 'actualCashValue') {
    limits.set('UMPD', { ...actualCash, parsed: { kind: 'amount', dollars: statedValue } });
    limits.set('UMUIMPDDeductible', { ...actualCash, parsed: { kind: 'deductible', dollars: actualCash.parsed.deductible } });
  }

  const facts = rated[index];
  if (!facts) throw new RatingError('Each vehicle needs its VIN decoded before it is rated.', `${path}.vin`);
  const age = vehicleAge(facts, effective);
  const model = curves.modelLine[facts.line];
  const ageFactor = age === null ? 1 : step(curves.vehicleAge, age);
  const ownership = curves.ownership[vehicle.lengthOfOwnership] ?? 1;
  const physical = model.physical * ageFactor;
  const valueFactor = curveFactor(curves.statedValue, statedValue);
  const damage = vehicle.priorDamage === true ? curves.priorDamage : 1;
  const perMileFactor = vehicle.mileage.usageType === COMMUTE ? curves.commute : 1;

  const umType = limits.get('UM')?.parsed;
  const uninsuredType =
    umType?.kind !== 'code'
      ? 1
      : umType.code === 'stacked'
        ? curves.stackedBase + curves.stackedPerExtraVehicle * (request.vehicles.length - 1)
        : umType.code === 'addedOn'
          ? curves.addedOn
          : 1;
  const tort = request.tortOption === 'L' ? curves.limitedTort : 1;
  const pipDeductible = limits.get('PIPDeductible')?.parsed;
  const umpdDeductible = limits.get('UMUIMPDDeductible')?.parsed;
  const glass = limits.get('GLASS')?.parsed;
  const glassItemised = glass?.kind === 'flag' && glass.yes;

  const coverages: CoverageCharge[] = [];
  for (const [name, coverage] of LINES) {
    const limit = limits.get(name);
    if (!limit) continue;
    if (limit.parsed.kind === 'code') continue; // UM carrying the uninsured coverage type: a modifier above
    const group = GROUP_OF[coverage];
    if (buysNothing(limit.parsed)) {
      coverages.push({ name, limit: limit.text, monthlyBaseCents: 0, perMileMills: 0, unlimitedCents: 0 });
      if (coverage === 'COMP' && glassItemised) {
        coverages.push({ name: 'GLASS', limit: limits.get('GLASS')!.text, monthlyBaseCents: 0, perMileMills: 0, unlimitedCents: 0 });
      }
      continue;
    }
    const ownershipFactor = Math.pow(ownership, WEIGHTS.ownership[group]);
    let annual = table.baseRates[coverage].annual * limitFactor(table, coverage, limit.parsed) * groupFactors[group] * ownershipFactor;
    switch (group) {
      case 'liability':
        annual *= model.liability;
        break;
      case 'medical':
        annual *= Math.sqrt(model.liability);
        break;
      case 'uninsured':
        annual *= uninsuredType;
        break;
      case 'comprehensive':
      case 'collision':
        annual *= physical * valueFactor * damage;
        break;
      case 'rental':
        annual *= physical;
        break;
    }
    if (coverage === 'BI' || coverage === 'UMBI' || coverage === 'UIM') annual *= tort;
    if (coverage === 'PIP' && pipDeductible?.kind === 'deductible') annual *= deductibleFactor(curves.deductibles.PIP, pipDeductible.dollars);
    if (coverage === 'UMPD' && umpdDeductible?.kind === 'deductible') {
      annual *= deductibleFactor(curves.deductibles.UMPD, umpdDeductible.dollars);
    }

    if (coverage === 'COMP') {
      // Comprehensive includes full glass with no deductible (doc 3's tooltip): not scaled by the
      // deductible or the stated value. A GLASS YES entry shows it as its own line.
      const glassAnnual = table.baseRates.GLASS.annual * groupFactors.comprehensive * ownershipFactor * physical;
      if (glassItemised) {
        coverages.push(charge(table, name, limit.text, 'COMP', annual, perMileFactor));
        coverages.push(charge(table, 'GLASS', limits.get('GLASS')!.text, 'GLASS', glassAnnual, perMileFactor));
      } else {
        const both = charge(table, name, limit.text, 'COMP', annual, perMileFactor);
        const glassPart = charge(table, name, limit.text, 'GLASS', glassAnnual, perMileFactor);
        const monthlyBaseCents = both.monthlyBaseCents + glassPart.monthlyBaseCents;
        const perMileMills = both.perMileMills + glassPart.perMileMills;
        coverages.push({
          name,
          limit: limit.text,
          monthlyBaseCents,
          perMileMills,
          unlimitedCents: table.unlimitedOffered ? unlimitedCents(monthlyBaseCents, perMileMills) : 0,
        });
      }
      continue;
    }
    coverages.push(charge(table, name, limit.text, coverage, annual, perMileFactor));
  }

  let baseRateCents = 0;
  let perMileMills = 0;
  let unlimitedRateCents = 0;
  for (const line of coverages) {
    baseRateCents += line.monthlyBaseCents;
    perMileMills += line.perMileMills;
    unlimitedRateCents += line.unlimitedCents;
  }
  const estMonthlyMiles = Math.round(Math.min(miles, LIMITS.requestMilesCap) / 12);
  const estMonthlyNoFeeCents =
    vehicle.billingType === 'capped'
      ? unlimitedRateCents / MONTHS // a whole number of cents: unlimitedCents is six equal parts
      : baseRateCents + Math.round((perMileMills * estMonthlyMiles) / 10);

  return {
    carNumber: index + 1,
    billingType: vehicle.billingType,
    baseRateCents,
    perMileMills,
    estMonthlyMiles,
    estMonthlyNoFeeCents,
    unlimitedRateCents,
    coverages,
  };
}

/** The vehicle's premium for the 6-month term: Unlimited's fixed premium, or 6 estimated months. */
function termPremiumCents(vehicle: PricedVehicle): number {
  return vehicle.billingType === 'capped' ? vehicle.unlimitedRateCents : MONTHS * vehicle.estMonthlyNoFeeCents;
}

/**
 * Prices a (validated) quote request with `table`, each vehicle by the facts its VIN gave (decoded once,
 * by the caller: api/quotes/rating-input.ts).
 */
export function priceWithTable(input: RatingInput, table: RateTable): PricedQuote {
  const { request } = input;
  if (table.state !== request.ratedState) {
    throw new RatingError(`The ${table.state} rate table cannot price a ${request.ratedState} policy.`, 'ratedState');
  }
  const effective = isoDay(request.effectiveDate, 'Effective date', 'effectiveDate');
  if (request.vehicles.length === 0) throw new RatingError('A quote needs at least one vehicle.', 'vehicles');
  const groupFactors = policyFactors(request, table, effective);
  const policyLimits = readLimits(request.limits, 'limits');
  const vehicles = request.vehicles.map((_, index) => priceVehicle(input, table, index, groupFactors, policyLimits, effective));

  const state = request.ratedState;
  let monthlyPremium = 0;
  let termPremium = 0;
  let perMileVehicles = 0;
  for (const vehicle of vehicles) {
    monthlyPremium += vehicle.estMonthlyNoFeeCents;
    termPremium += termPremiumCents(vehicle);
    if (vehicle.billingType === 'per_mile') perMileVehicles += 1;
  }
  const estimatedMonthlyPaymentCents = monthlyPremium + monthlyFeesCents(state, perMileVehicles);
  // doc 3 section 9: "six times (monthly total minus fees) plus the six-month fee"
  const downPaymentSingleCents = termPremium + sixMonthFeesCents(state);
  const installmentOptions: InstallmentPlan[] = [
    {
      billingFrequency: 'monthly',
      payPlan: 18,
      downPaymentCents: estimatedMonthlyPaymentCents,
      installmentCents: estimatedMonthlyPaymentCents,
      installments: MONTHS - 1,
    },
    { billingFrequency: 'biannually', payPlan: 21, downPaymentCents: downPaymentSingleCents, installmentCents: 0, installments: 0 },
  ];
  return {
    ratedState: state,
    rateTableVersion: table.version,
    vehicles,
    downPaymentMonthlyCents: estimatedMonthlyPaymentCents,
    downPaymentSingleCents,
    estimatedMonthlyPaymentCents,
    estimatedTotalWrittenCents: termPremium,
    installmentOptions,
  };
}
