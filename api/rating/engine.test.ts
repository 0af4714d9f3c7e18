import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FEES, type LimitEntry, type QuoteRequest } from '../../contract/index.ts';
import { porscheVin, withCheckDigit } from '../vin/build-vin.ts';
import { UNLIMITED_TERM_MILES, unlimitedCents } from './engine.ts';
import { RatingError, priceQuote, rateTableFor } from './index.ts';
import { TYPICAL_TODAY as today, prepared, typicalRequest } from './testing.ts';

function price(request: QuoteRequest) {
  return priceQuote(prepared(request, today));
}
function line(quote: ReturnType<typeof price>, name: string, vehicle = 0) {
  const found = quote.vehicles[vehicle]!.coverages.find((c) => c.name === name);
  assert.ok(found, `no ${name} line`);
  return found;
}
function setLimit(entries: LimitEntry[], name: string, limit: string, type: 'POLICY' | 'VEHICLE' = 'POLICY') {
  const entry = entries.find((e) => e.name === name);
  if (entry) entry.limit = limit;
  else entries.push({ name: name as LimitEntry['name'], type, indexNumber: 0, limit });
}
function throwsRating(run: () => unknown, message: string | RegExp) {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof RatingError, String(error));
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}

describe('rate tables', () => {
  it('picks the table in force on the effective date, and says when there is none', () => {
    assert.equal(rateTableFor('TX', '2026-12-01').version, 'TX-2025-01-01.1');
    throwsRating(() => rateTableFor('TX', '2024-12-31'), 'No TX rate table is in force on 2024-12-31.');
    throwsRating(() => rateTableFor('NY', '2026-12-01'), 'We do not rate policies in NY.');
  });

  it('stores the table version with the price', () => {
    assert.equal(price(typicalRequest('OH')).rateTableVersion, 'OH-2025-01-01.1');
  });
});

describe('priceQuote: one vehicle', () => {
  const quote = price(typicalRequest('AZ'));
  const vehicle = quote.vehicles[0]!;

  it('explains itself: the vehicle figures are the sums of its coverage lines', () => {
    assert.deepEqual(vehicle.coverages.map((c) => c.name), ['BI', 'PD', 'UMBI', 'UIM', 'MP', 'COMP', 'COLL', 'RENT']);
    const sum = (pick: (c: (typeof vehicle.coverages)[number]) => number) => vehicle.coverages.reduce((s, c) => s + pick(c), 0);
    assert.equal(vehicle.baseRateCents, sum((c) => c.monthlyBaseCents));
    assert.equal(vehicle.perMileMills, sum((c) => c.perMileMills));
    assert.equal(vehicle.unlimitedRateCents, sum((c) => c.unlimitedCents));
    for (const c of vehicle.coverages) assert.ok(c.monthlyBaseCents > 0 && c.perMileMills > 0, c.name);
    assert.equal(line(quote, 'BI').limit, '100/300');
  });

  it('estimates monthly miles from the annual miles and the cost without fees from them', () => {
    assert.equal(vehicle.carNumber, 1);
    assert.equal(vehicle.estMonthlyMiles, 500);
    assert.equal(vehicle.estMonthlyNoFeeCents, vehicle.baseRateCents + Math.round((vehicle.perMileMills * 500) / 10));
  });

  it('prices Unlimited as six base charges plus 7,300 miles (the 14,600 cap over half a year)', () => {
    assert.equal(UNLIMITED_TERM_MILES, 7_300);
    assert.equal(unlimitedCents(10_000, 90), 60_000 + 65_700);
    // six equal monthly parts, each to the cent: 100 mills x 7,300 miles = $730.00, a sixth is 12,166.67 cents
    assert.equal(unlimitedCents(10_000, 100), 6 * (10_000 + 12_167));
    assert.equal(vehicle.unlimitedRateCents, vehicle.coverages.reduce((s, c) => s + unlimitedCents(c.monthlyBaseCents, c.perMileMills), 0));
  });

  it('adds the fees of doc 3 section 9 to the totals', () => {
    const monthlyFees = FEES.monthlyPolicyFeeCents + FEES.mileageMonitoringFeeCents + FEES.creditCardFeeCents;
    assert.equal(quote.estimatedMonthlyPaymentCents, vehicle.estMonthlyNoFeeCents + monthlyFees);
    assert.equal(quote.downPaymentMonthlyCents, quote.estimatedMonthlyPaymentCents);
    assert.equal(quote.estimatedTotalWrittenCents, 6 * vehicle.estMonthlyNoFeeCents);
    assert.equal(quote.downPaymentSingleCents, 6 * vehicle.estMonthlyNoFeeCents + FEES.sixMonthPolicyFeeCents + FEES.creditCardFeeCents);
    assert.deepEqual(quote.installmentOptions, [
      {
        billingFrequency: 'monthly', payPlan: 18, downPaymentCents: quote.estimatedMonthlyPaymentCents,
        installmentCents: quote.estimatedMonthlyPaymentCents, installments: 5,
      },
      { billingFrequency: 'biannually', payPlan: 21, downPaymentCents: quote.downPaymentSingleCents, installmentCents: 0, installments: 0 },
    ]);
  });

  it('charges the Texas convenience fee and no mileage monitoring on Unlimited', () => {
    const request = typicalRequest('TX');
    request.vehicles[0]!.billingType = 'capped';
    const quote = price(request);
    const v = quote.vehicles[0]!;
    assert.equal(v.unlimitedRateCents % 6, 0, 'an Unlimited premium is six equal monthly parts');
    assert.equal(v.estMonthlyNoFeeCents, v.unlimitedRateCents / 6);
    // doc 3 section 9: six times (monthly total minus fees) plus the six-month fee, to the cent
    const monthlyFees = FEES.monthlyPolicyFeeCents + FEES.texasConvenienceFeeCents;
    assert.equal(quote.downPaymentSingleCents, 6 * (quote.estimatedMonthlyPaymentCents - monthlyFees) + FEES.sixMonthPolicyFeeCents + FEES.texasConvenienceFeeCents);
    assert.equal(quote.estimatedMonthlyPaymentCents, v.estMonthlyNoFeeCents + FEES.monthlyPolicyFeeCents + FEES.texasConvenienceFeeCents);
    assert.equal(quote.estimatedTotalWrittenCents, v.unlimitedRateCents);
    assert.equal(quote.downPaymentSingleCents, v.unlimitedRateCents + FEES.sixMonthPolicyFeeCents + FEES.texasConvenienceFeeCents);
  });

  it('makes Unlimited dearer than Pay-Per-Mile at 6,000 miles, and cheaper than paying per mile at the cap', () => {
    assert.ok(vehicle.unlimitedRateCents > 6 * vehicle.estMonthlyNoFeeCents);
    const atCap = 6 * vehicle.baseRateCents + Math.round((vehicle.perMileMills * 7_300) / 10);
    assert.ok(Math.abs(vehicle.unlimitedRateCents - atCap) <= 3 * (vehicle.coverages.length + 1), 'equal up to rounding per line');
  });
});

describe('priceQuote: coverages and options', () => {
  it('prices a declined coverage at zero and keeps its line', () => {
    const request = typicalRequest('AZ');
    setLimit(request.vehicles[0]!.coverageLimits, 'COLL', 'I decline this coverage');
    const coll = line(price(request), 'COLL');
    assert.deepEqual(coll, { name: 'COLL', limit: 'I decline this coverage', monthlyBaseCents: 0, perMileMills: 0, unlimitedCents: 0 });
  });

  it('lets a vehicle limit override the policy limit of the same name', () => {
    const request = typicalRequest('AZ');
    setLimit(request.limits, 'COMP', '250');
    assert.equal(line(price(request), 'COMP').limit, '500');
  });

  it('keeps glass inside comprehensive, shown as its own line when GLASS is YES, for the same total', () => {
    const withGlass = typicalRequest('CO');
    const without = typicalRequest('CO');
    without.vehicles[0]!.coverageLimits = without.vehicles[0]!.coverageLimits.filter((e) => e.name !== 'GLASS');
    const a = price(withGlass);
    const b = price(without);
    assert.ok(line(a, 'GLASS').monthlyBaseCents > 0);
    assert.ok(Math.abs(a.vehicles[0]!.baseRateCents - b.vehicles[0]!.baseRateCents) <= 1, 'same total up to rounding');
    assert.ok(line(b, 'COMP').monthlyBaseCents > line(a, 'COMP').monthlyBaseCents);
  });

  it('does not lower the glass part with the comprehensive deductible (glass has none)', () => {
    const low = typicalRequest('CO');
    const high = typicalRequest('CO');
    setLimit(high.vehicles[0]!.coverageLimits, 'COMP', '2500', 'VEHICLE');
    assert.deepEqual(line(price(low), 'GLASS'), line(price(high), 'GLASS'));
    assert.ok(line(price(high), 'COMP').monthlyBaseCents < line(price(low), 'COMP').monthlyBaseCents);
  });

  it('ignores the insurance score in California and uses it in Arizona', () => {
    for (const [state, differs] of [['CA', false], ['AZ', true]] as const) {
      const good = typicalRequest(state);
      const poor = typicalRequest(state);
      poor.creditScore = 550;
      assert.equal(price(poor).vehicles[0]!.baseRateCents !== price(good).vehicles[0]!.baseRateCents, differs, state);
    }
  });

  it('discounts Pennsylvania limited tort on bodily injury and uninsured motorist only', () => {
    const full = typicalRequest('PA');
    const limited = typicalRequest('PA');
    limited.tortOption = 'L';
    for (const name of ['BI', 'UMBI', 'UIM']) assert.ok(line(price(limited), name).monthlyBaseCents < line(price(full), name).monthlyBaseCents, name);
    for (const name of ['PD', 'COMP', 'COLL']) assert.deepEqual(line(price(limited), name), line(price(full), name), name);
  });

  it('charges more for stacked and added-on uninsured coverage', () => {
    const stacked = typicalRequest('PA');
    const unstacked = typicalRequest('PA');
    setLimit(unstacked.limits, 'UM', 'Unstacked');
    assert.ok(line(price(stacked), 'UMBI').monthlyBaseCents > line(price(unstacked), 'UMBI').monthlyBaseCents);
    const addedOn = typicalRequest('GA');
    const reducedBy = typicalRequest('GA');
    setLimit(reducedBy.limits, 'UM', 'R');
    assert.ok(line(price(addedOn), 'UMBI').monthlyBaseCents > line(price(reducedBy), 'UMBI').monthlyBaseCents);
    assert.ok(!price(addedOn).vehicles[0]!.coverages.some((c) => c.name === 'UM'), 'the type is a modifier, not a line');
  });

  it('lowers PIP with its deductible', () => {
    const none = typicalRequest('FL');
    setLimit(none.limits, 'PIPDeductible', '0');
    const thousand = typicalRequest('FL');
    setLimit(thousand.limits, 'PIPDeductible', '1000');
    assert.ok(line(price(thousand), 'PIP').monthlyBaseCents < line(price(none), 'PIP').monthlyBaseCents);
  });

  it('raises only the per-mile rate for commuting (PA COMMUTE NY/NJ)', () => {
    const pleasure = typicalRequest('PA');
    const commute = typicalRequest('PA');
    commute.vehicles[0]!.mileage.usageType = 'COMMUTE NY/NJ';
    const a = price(pleasure).vehicles[0]!;
    const b = price(commute).vehicles[0]!;
    assert.equal(b.baseRateCents, a.baseRateCents);
    assert.ok(b.perMileMills > a.perMileMills);
  });

  it('prices a younger, married, lapsed, or second driver as the factors say', () => {
    const base = price(typicalRequest('OH')).vehicles[0]!.estMonthlyNoFeeCents;
    const young = typicalRequest('OH');
    young.drivers[0]!.dob = '2007-01-01';
    assert.ok(price(young).vehicles[0]!.estMonthlyNoFeeCents > 1.5 * base);
    const married = typicalRequest('OH');
    married.drivers[0]!.isMarried = true;
    assert.ok(price(married).vehicles[0]!.estMonthlyNoFeeCents < base);
    const lapsed = typicalRequest('OH');
    lapsed.priorCoverage = 2;
    assert.ok(price(lapsed).vehicles[0]!.estMonthlyNoFeeCents > base);
    const withTeen = typicalRequest('OH');
    withTeen.drivers.push({ ...withTeen.drivers[0]!, relation: 'CHILD', dob: '2009-03-01', licenseNum: 'D2' });
    assert.ok(price(withTeen).vehicles[0]!.estMonthlyNoFeeCents > 1.5 * base);
  });

  it('leaves out an excluded spouse and a listed-only driver', () => {
    const base = price(typicalRequest('TN'));
    const request = typicalRequest('TN');
    request.drivers.push({ ...request.drivers[0]!, relation: 'SPOUSE', status: 'LIST', isExcluded: true, dob: '2006-01-01', violations: undefined });
    assert.deepEqual(price(request), base);
  });

  it('rates the model line from the VIN, and an unknown car cautiously', () => {
    const macan = typicalRequest('AZ');
    macan.vehicles[0]!.vin = porscheVin({ type: '95B', year: 2019, body: 'A', wmi: 'WP1' });
    const other = typicalRequest('AZ');
    other.vehicles[0]!.vin = withCheckDigit('WBA3A5C50KF123456');
    const nine = price(typicalRequest('AZ')).vehicles[0]!;
    assert.ok(price(macan).vehicles[0]!.baseRateCents < nine.baseRateCents);
    assert.ok(price(other).vehicles[0]!.baseRateCents > nine.baseRateCents);
  });

  it('prices several vehicles with the multi-car discount and one mileage fee each', () => {
    const one = price(typicalRequest('OR'));
    const request = typicalRequest('OR');
    request.vehicles.push({ ...request.vehicles[0]!, statedValue: '60000', billingType: 'capped' });
    const two = price(request);
    assert.equal(two.vehicles.length, 2);
    assert.equal(two.vehicles[1]!.carNumber, 2);
    assert.ok(two.vehicles[0]!.baseRateCents < one.vehicles[0]!.baseRateCents, 'multi-car discount');
    const premium = two.vehicles[0]!.estMonthlyNoFeeCents + two.vehicles[1]!.estMonthlyNoFeeCents;
    assert.equal(two.estimatedMonthlyPaymentCents, premium + FEES.monthlyPolicyFeeCents + FEES.mileageMonitoringFeeCents + FEES.creditCardFeeCents);
    assert.equal(two.estimatedTotalWrittenCents, 6 * two.vehicles[0]!.estMonthlyNoFeeCents + two.vehicles[1]!.unlimitedRateCents);
  });
});

describe('priceQuote: what it refuses (RatingError, a 400 at the route)', () => {
  it('an unknown limit', () => {
    const request = typicalRequest('AZ');
    setLimit(request.limits, 'BI', '7/8/9');
    throwsRating(() => price(request), 'Unknown BI limit: "7/8/9".');
    try {
      price(request);
    } catch (error) {
      assert.equal((error as RatingError).path, 'limits.0.limit');
    }
  });

  it('Unlimited where it is not offered', () => {
    for (const state of ['FL', 'CA', 'PA', 'WI']) {
      const request = typicalRequest(state);
      request.vehicles[0]!.billingType = 'capped';
      throwsRating(() => price(request), /^The Unlimited plan is not offered in /);
    }
    assert.equal(price(typicalRequest('FL')).vehicles[0]!.unlimitedRateCents, 0, 'no Unlimited price either');
  });

  it('a policy with no rated driver, or a table of another state', () => {
    const request = typicalRequest('GA');
    request.drivers[0]!.isExcluded = true;
    throwsRating(() => price(request), 'A quote needs at least one rated driver.');
    throwsRating(() => priceQuote(prepared(typicalRequest('GA'), today), { table: rateTableFor('TX', '2026-12-01') }),
      'The TX rate table cannot price a GA policy.');
  });
});

describe("Colorado's uninsured property damage at actual cash value (doc 3 section 4)", () => {
  function withUmpd(limit: string, statedValue = '120000'): QuoteRequest {
    const request = typicalRequest('CO');
    const car = request.vehicles[0]!;
    return {
      ...request,
      vehicles: [{ ...car, statedValue, coverageLimits: [...car.coverageLimits, { name: 'UMPD', type: 'VEHICLE', indexNumber: 0, limit }] }],
    };
  }

  it('prices "ACV w/ N DED" as the car’s value less the deductible: a higher deductible is never dearer', () => {
    const cents = (limit: string) => line(price(withUmpd(limit)), 'UMPD')!.monthlyBaseCents;
    assert.ok(cents('ACV w/ 100 DED') > 0);
    assert.ok(cents('ACV w/ 100 DED') >= cents('ACV w/ 500 DED'));
    assert.ok(cents('ACV w/ 500 DED') >= cents('ACV w/ 2500 DED'));
  });

  it('a dearer car costs more to cover at actual cash value', () => {
    const cents = (value: string) => line(price(withUmpd('ACV w/ 250 DED', value)), 'UMPD')!.monthlyBaseCents;
    assert.ok(cents('200000') >= cents('40000'));
  });
});
