/**
 * Property tests (fast-check): arbitrary valid requests from a generator, and the promises of the
 * issue: same input, same price; a higher limit never cheaper; a higher deductible never dearer; more
 * accidents never cheaper; a higher stated value never cheaper for physical damage; money in whole cents
 * and per-mile rates in whole mills.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { UNLIMITED_STATES, type LimitEntry, type QuoteRequest } from '../../contract/index.ts';
import { porscheVin, withCheckDigit } from '../vin/build-vin.ts';
import { priceQuote, type PricedQuote } from './index.ts';
import { TYPICAL_TODAY as today, TYPICAL_ZIP, prepared, typicalRequest } from './testing.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI'];

/** Each list from lower to higher: a later entry is at least as much cover on every count. */
const ORDERED: Readonly<Record<string, readonly string[]>> = {
  BI: ['15/30', '25/50', '30/60', '50/100', '100/300', '250/500', '500/500', '500/1000'],
  UMBI: ['15/30', '25/50', '50/100', '100/300', '250/500', '500/500'],
  UIM: ['25/50', '50/100', '100/300', '250/500'],
  PD: ['10000', '15000', '25000', '50000', '100000', '250000', '500000'],
  MP: ['500', '1000', '2000', '5000', '10000', '25000'],
  PIP: ['2500', '5000', '10000', '15000', '50000'],
  RENT: ['30/900', '40/1200', '50/1500', '75/2250', '125/3750'],
};
const CSL = ['100 CSL', '125 CSL', '300 CSL', '500 CSL'];
const DEDUCTIBLES = ['0', '100', '250', '500', '1000', '2500', '5000'];
const DECLINE = 'I decline this coverage';
const VINS = [
  porscheVin({ type: '991', year: 2019, body: 'A' }), porscheVin({ type: '992', year: 2023, body: 'C' }),
  porscheVin({ type: '982', year: 2020, body: 'C' }), porscheVin({ type: '964', year: 1991, body: 'A' }),
  porscheVin({ type: '9YA', year: 2021, body: 'A', wmi: 'WP1' }), porscheVin({ type: 'Y1A', year: 2022, body: 'A' }),
  porscheVin({ type: '918', year: 2015, body: 'C' }), porscheVin({ type: '944', year: 1987, body: 'A' }),
  withCheckDigit('WBA3A5C50KF123456'),
];

const entry = (name: string, limit: string, type: 'POLICY' | 'VEHICLE'): LimitEntry =>
  ({ name: name as LimitEntry['name'], type, indexNumber: 0, limit });
const orDecline = (list: readonly string[]) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...list) }, { weight: 1, arbitrary: fc.constant(DECLINE) });

const driverArb = fc.record({
  age: fc.integer({ min: 16, max: 95 }),
  married: fc.boolean(),
  violations: fc.constantFrom(0, 1, 2, 3),
  expired: fc.boolean(),
});

const vehicleArb = (state: string) =>
  fc.record({
    vin: fc.constantFrom(...VINS),
    statedValue: fc.integer({ min: 1_000, max: 300_000 }),
    miles: fc.integer({ min: 0, max: 14_600 }),
    capped: (UNLIMITED_STATES as readonly string[]).includes(state) ? fc.boolean() : fc.constant(false),
    commute: fc.boolean(),
    ownership: fc.constantFrom('<1', '1-2', '3-4', '5+'),
    priorDamage: fc.boolean(),
    comp: orDecline(DEDUCTIBLES),
    coll: orDecline(DEDUCTIBLES),
    rent: fc.option(orDecline(ORDERED.RENT!), { nil: undefined }),
    glass: fc.option(fc.constantFrom('YES', 'NO'), { nil: undefined }),
  });

const requestArb: fc.Arbitrary<QuoteRequest> = fc.constantFrom(...STATES).chain((state) =>
  fc.record({
    state: fc.constant(state),
    drivers: fc.array(driverArb, { minLength: 1, maxLength: 4 }),
    vehicles: fc.array(vehicleArb(state), { minLength: 1, maxLength: 4 }),
    bi: fc.oneof(orDecline(ORDERED.BI!), fc.constantFrom(...CSL)),
    pd: fc.option(orDecline(ORDERED.PD!), { nil: undefined }),
    umbi: fc.option(orDecline(ORDERED.UMBI!), { nil: undefined }),
    uim: fc.option(orDecline(ORDERED.UIM!), { nil: undefined }),
    umType: fc.option(fc.constantFrom('S', 'NS', 'A', 'R'), { nil: undefined }),
    mp: fc.option(orDecline(ORDERED.MP!), { nil: undefined }),
    pip: fc.option(fc.constantFrom(...ORDERED.PIP!), { nil: undefined }),
    pipDeductible: fc.option(fc.constantFrom('0', '250', '500', '1000'), { nil: undefined }),
    priorCoverage: fc.constantFrom(0, 1, 2, 3),
    priorYears: fc.option(fc.constantFrom(0, 1, 2), { nil: undefined }),
    creditScore: fc.constantFrom(800, 780, 595, 550),
    homeowner: fc.boolean(),
    club: fc.boolean(),
    tort: fc.constantFrom('F', 'L'),
    zipTail: fc.integer({ min: 0, max: 99 }),
    zipPrefix: fc.constantFrom(TYPICAL_ZIP[state]!.slice(0, 3), '999', '100'),
  }).map((g) => {
    const request = typicalRequest(g.state);
    request.addresses[0]!.zip = `${g.zipPrefix}${String(g.zipTail).padStart(2, '0')}`;
    request.priorCoverage = g.priorCoverage as QuoteRequest['priorCoverage'];
    request.priorYearsInsured = g.priorYears as QuoteRequest['priorYearsInsured'];
    request.creditScore = g.creditScore as QuoteRequest['creditScore'];
    request.isHomeOwner = g.homeowner;
    request.isInPorscheClubOfAmerica = g.club;
    request.tortOption = g.state === 'PA' ? (g.tort as QuoteRequest['tortOption']) : undefined;
    const template = request.drivers[0]!;
    request.drivers = g.drivers.map((d, i) => ({
      ...template,
      relation: i === 0 ? 'INSURED' : 'CHILD',
      dob: `${2026 - d.age}-06-15`,
      isMarried: d.married,
      violations: d.violations as 0 | 1 | 2 | 3,
      licenseStatus: d.expired ? 'EXPIRED' : 'ACTIVE',
    }));
    const limits: LimitEntry[] = [entry('BI', g.bi, 'POLICY')];
    const optional: [string, string | undefined][] = [
      ['PD', g.pd], ['UMBI', g.umbi], ['UIM', g.uim], ['UM', g.umType], ['MP', g.mp], ['PIP', g.pip], ['PIPDeductible', g.pipDeductible],
    ];
    for (const [name, limit] of optional) if (limit !== undefined) limits.push(entry(name, limit, 'POLICY'));
    request.limits = limits;
    const template2 = request.vehicles[0]!;
    request.vehicles = g.vehicles.map((v) => ({
      ...template2,
      vin: v.vin,
      statedValue: String(v.statedValue),
      mileage: { usageType: v.commute ? 'COMMUTE NY/NJ' : 'Pleasure', miles: v.miles },
      billingType: v.capped ? 'capped' : 'per_mile',
      lengthOfOwnership: v.ownership as QuoteRequest['vehicles'][number]['lengthOfOwnership'],
      priorDamage: v.priorDamage,
      coverageLimits: [
        entry('COMP', v.comp, 'VEHICLE'), entry('COLL', v.coll, 'VEHICLE'),
        ...(v.rent === undefined ? [] : [entry('RENT', v.rent, 'VEHICLE')]),
        ...(v.glass === undefined ? [] : [entry('GLASS', v.glass, 'VEHICLE')]),
      ],
    }));
    return request;
  }),
);

const price = (request: QuoteRequest) => priceQuote(prepared(request, today));
const clone = (request: QuoteRequest) => structuredClone(request);

/** Every money figure of `a` is at most the same figure of `b`. */
function noDearer(a: PricedQuote, b: PricedQuote): void {
  a.vehicles.forEach((va, i) => {
    const vb = b.vehicles[i]!;
    assert.ok(va.baseRateCents <= vb.baseRateCents, `base ${va.baseRateCents} > ${vb.baseRateCents}`);
    assert.ok(va.perMileMills <= vb.perMileMills, `per mile ${va.perMileMills} > ${vb.perMileMills}`);
    assert.ok(va.unlimitedRateCents <= vb.unlimitedRateCents, 'unlimited');
    assert.ok(va.estMonthlyNoFeeCents <= vb.estMonthlyNoFeeCents, 'estimated month');
  });
  assert.ok(a.estimatedMonthlyPaymentCents <= b.estimatedMonthlyPaymentCents, 'monthly payment');
  assert.ok(a.estimatedTotalWrittenCents <= b.estimatedTotalWrittenCents, 'total written');
  assert.ok(a.downPaymentSingleCents <= b.downPaymentSingleCents, 'single payment');
}

function physicalDamage(quote: PricedQuote, vehicle: number) {
  const lines = quote.vehicles[vehicle]!.coverages.filter((c) => c.name === 'COMP' || c.name === 'COLL');
  return {
    base: lines.reduce((s, c) => s + c.monthlyBaseCents, 0),
    perMile: lines.reduce((s, c) => s + c.perMileMills, 0),
  };
}

const indexPair = (length: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 0, max: length - 1 }))
    .map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

describe('rating properties (fast-check)', () => {
  it('prices the same input the same way, and leaves the request untouched', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const before = clone(request);
        const first = price(request);
        assert.deepEqual(request, before);
        assert.deepEqual(price(clone(request)), first);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps money in whole cents and per-mile rates in whole mills, none negative', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const quote = price(request);
        const figures = [
          quote.downPaymentMonthlyCents, quote.downPaymentSingleCents, quote.estimatedMonthlyPaymentCents, quote.estimatedTotalWrittenCents,
          ...quote.vehicles.flatMap((v) => [
            v.baseRateCents, v.perMileMills, v.estMonthlyMiles, v.estMonthlyNoFeeCents, v.unlimitedRateCents,
            ...v.coverages.flatMap((c) => [c.monthlyBaseCents, c.perMileMills, c.unlimitedCents]),
          ]),
        ];
        for (const figure of figures) assert.ok(Number.isSafeInteger(figure) && figure >= 0, String(figure));
      }),
      { numRuns: RUNS },
    );
  });

  it('never makes a higher limit cheaper', () => {
    const names = Object.keys(ORDERED);
    fc.assert(
      fc.property(requestArb, fc.constantFrom(...names), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }),
        (request, name, x, y) => {
          const list = ORDERED[name]!;
          const [i, j] = [Math.floor(x * list.length) % list.length, Math.floor(y * list.length) % list.length].sort((a, b) => a - b) as [number, number];
          const low = clone(request);
          const high = clone(request);
          const set = (r: QuoteRequest, limit: string) => {
            if (name === 'RENT') {
              for (const v of r.vehicles) v.coverageLimits = [...v.coverageLimits.filter((e) => e.name !== 'RENT'), entry('RENT', limit, 'VEHICLE')];
            } else {
              r.limits = [...r.limits.filter((e) => e.name !== name), entry(name, limit, 'POLICY')];
            }
          };
          set(low, list[i]!);
          set(high, list[j]!);
          noDearer(price(low), price(high));
        }),
      { numRuns: RUNS },
    );
  });

  it('never makes a higher combined single limit cheaper, nor declining dearer than buying', () => {
    fc.assert(
      fc.property(requestArb, indexPair(CSL.length), (request, [i, j]) => {
        const at = (limit: string) => {
          const r = clone(request);
          r.limits = [...r.limits.filter((e) => e.name !== 'BI'), entry('BI', limit, 'POLICY')];
          return price(r);
        };
        noDearer(at(CSL[i]!), at(CSL[j]!));
        noDearer(at(DECLINE), at(CSL[i]!));
      }),
      { numRuns: RUNS },
    );
  });

  it('never makes a higher deductible dearer', () => {
    fc.assert(
      fc.property(requestArb, fc.constantFrom('COMP', 'COLL'), indexPair(DEDUCTIBLES.length), (request, name, [i, j]) => {
        const at = (deductible: string) => {
          const r = clone(request);
          for (const v of r.vehicles) v.coverageLimits = [...v.coverageLimits.filter((e) => e.name !== name), entry(name, deductible, 'VEHICLE')];
          return price(r);
        };
        noDearer(at(DEDUCTIBLES[j]!), at(DEDUCTIBLES[i]!));
      }),
      { numRuns: RUNS },
    );
  });

  it('never makes more accidents or convictions cheaper', () => {
    fc.assert(
      fc.property(requestArb, fc.nat(), (request, pick) => {
        const driver = pick % request.drivers.length;
        const current = request.drivers[driver]!.violations ?? 0;
        fc.pre(current < 3);
        const worse = clone(request);
        worse.drivers[driver]!.violations = (current + 1) as 1 | 2 | 3;
        noDearer(price(request), price(worse));
      }),
      { numRuns: RUNS },
    );
  });

  it('never makes a higher stated value cheaper for physical damage', () => {
    fc.assert(
      fc.property(requestArb, fc.nat(), fc.integer({ min: 1, max: 200_000 }), (request, pick, more) => {
        const vehicle = pick % request.vehicles.length;
        const dearer = clone(request);
        dearer.vehicles[vehicle]!.statedValue = String(Number(request.vehicles[vehicle]!.statedValue) + more);
        const a = physicalDamage(price(request), vehicle);
        const b = physicalDamage(price(dearer), vehicle);
        assert.ok(a.base <= b.base && a.perMile <= b.perMile, JSON.stringify({ a, b }));
        noDearer(price(request), price(dearer));
      }),
      { numRuns: RUNS },
    );
  });
});
