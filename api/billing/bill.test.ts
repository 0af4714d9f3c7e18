import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeBill, milesLines, type Bill, type BilledVehicle, type DefaultBilled, type PeriodMiles } from './bill.ts';
import { periodsOfTerm, type BillingPeriod } from './calendar.ts';

// A Texas 911's rates, written out (not read from the engine, so these figures stand by themselves):
// base $167.26 a month, $0.131 a mile, 500 estimated miles a month, so an estimated month of
// $167.26 + 500 x $0.131 = $167.26 + $65.50 = $232.76; Unlimited instead $1,959.84 for 6 months, $326.64 a month.
const RATES = { baseRateCents: 16_726, perMileMills: 131, estMonthlyMiles: 500, unlimitedRateCents: 195_984 };
const perMileCar = (milesOfPeriod: PeriodMiles): BilledVehicle => ({ ...RATES, carNumber: 1, billingType: 'per_mile', estMonthlyNoFeeCents: 23_276, milesOfPeriod });
const unlimitedCar: BilledVehicle = { ...RATES, carNumber: 2, billingType: 'capped', estMonthlyNoFeeCents: 32_664 };

// 2026-12-01 to 2027-06-01: periods of 31, 31, 28, 31, 30 and 31 days
const PERIODS = periodsOfTerm('2026-12-01', '2027-06-01');
const period = (index: number): BillingPeriod => PERIODS[index - 1]!;
const read = (milesSinceLastReading: number, defaultsSinceLastReading: DefaultBilled[] = []): PeriodMiles => ({
  kind: 'read', milesSinceLastReading, defaultsSinceLastReading,
});
const MISSED: PeriodMiles = { kind: 'missed' };
/** Period 2 billed at the default: 31 days, 1,217 miles at $0.131. */
const DEFAULT_IN_PERIOD_2: DefaultBilled = { days: 31, miles: 1_217, perMileMills: 131 };

function bill(input: Partial<Parameters<typeof makeBill>[0]> & { vehicles: BilledVehicle[]; period: BillingPeriod }): Bill {
  const made = makeBill({ payPlan: 18, state: 'TX', carriedCents: 0, ...input });
  assert.equal(made.totalCents, made.lines.reduce((sum, line) => sum + line.cents, 0), 'the total is the sum of the lines');
  return made;
}
const cents = (made: Bill) => made.lines.map((line) => [line.kind, line.carNumber, line.cents]);

describe('a monthly bill (pay plan 18)', () => {
  test('in Texas, 600 miles read: the miles, next month\'s base, the policy and monitoring fees, the convenience fee', () => {
    const made = bill({ period: period(2), vehicles: [perMileCar(read(600))] });
    assert.deepEqual(made.lines, [
      // 600 x $0.131 = $78.60
      { kind: 'miles', carNumber: 1, cents: 7_860, miles: { count: 600, perMileMills: 131 },
        found: { kind: 'reading', drivenMiles: 600, capMiles: null, alreadyBilledMiles: 0 } },
      { kind: 'base', carNumber: 1, cents: 16_726 },
      { kind: 'monitoring-fee', carNumber: 1, cents: 500 },
      { kind: 'policy-fee', carNumber: null, cents: 500 },
      { kind: 'payment-fee', carNumber: null, cents: 500 },
    ]);
    // $78.60 + $167.26 + $5.00 + $5.00 + $5.00 = $260.86
    assert.equal(made.totalCents, 26_086);
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 26_086 });
  });

  test('the first bill credits the down payment\'s estimated miles: 500 x $0.131 = $65.50', () => {
    const made = bill({ period: period(1), vehicles: [perMileCar(read(600))] });
    assert.deepEqual(made.lines[1], { kind: 'estimate-credit', carNumber: 1, cents: -6_550, miles: { count: 500, perMileMills: 131 } });
    // $78.60 - $65.50 + $167.26 + $5.00 + $5.00 + $5.00 = $195.36
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 19_536 });
  });

  test('the term\'s last bill asks nothing in advance: the miles and the convenience fee', () => {
    const made = bill({ period: period(6), vehicles: [perMileCar(read(600))] });
    assert.deepEqual(cents(made), [['miles', 1, 7_860], ['payment-fee', null, 500]]);
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 8_360 });
  });

  test('outside Texas the credit card fee is $4.95', () => {
    const made = bill({ state: 'AZ', period: period(2), vehicles: [perMileCar(read(600))] });
    // $78.60 + $167.26 + $5.00 + $5.00 + $4.95 = $260.81
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 26_081 });
  });

  test('an Unlimited vehicle pays a sixth of its premium in advance and no monitoring fee', () => {
    const made = bill({ period: period(2), vehicles: [perMileCar(read(600)), unlimitedCar] });
    assert.deepEqual(cents(made), [
      ['miles', 1, 7_860], ['base', 1, 16_726], ['monitoring-fee', 1, 500],
      ['unlimited', 2, 32_664], // $1,959.84 / 6 = $326.64
      ['policy-fee', null, 500], ['payment-fee', null, 500],
    ]);
    // $78.60 + $167.26 + $5.00 + $326.64 + $5.00 + $5.00 = $587.50
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 58_750 });
  });
});

describe('a missed reading', () => {
  test('bills the default 1,217 miles: 1,217 x $0.131 = $159.427, so $159.43', () => {
    const made = bill({ period: period(2), vehicles: [perMileCar(MISSED)] });
    assert.deepEqual(made.lines[0], {
      kind: 'miles', carNumber: 1, cents: 15_943, miles: { count: 1_217, perMileMills: 131 }, found: { kind: 'default', capMiles: null },
    });
    // $159.43 + $167.26 + $5.00 + $5.00 + $5.00 = $341.69
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 34_169 });
  });

  test('is trued up by the next reading: fewer miles driven are credited, so 900 miles are paid once', () => {
    // period 3's reading shows 900 miles since period 1's; period 2 was billed 1,217 by default
    const lines = milesLines({ ...RATES, carNumber: 1, estMonthlyNoFeeCents: 23_276 }, period(3), read(900, [DEFAULT_IN_PERIOD_2]));
    assert.deepEqual(lines, [
      { kind: 'miles', carNumber: 1, cents: 0, miles: { count: 0, perMileMills: 131 },
        found: { kind: 'reading', drivenMiles: 900, capMiles: null, alreadyBilledMiles: 1_217 } },
      // 1,217 - 900 = 317 miles given back: 317 x $0.131 = $41.527, so $41.53
      { kind: 'miles-credit', carNumber: 1, cents: -4_153, miles: { count: 317, perMileMills: 131 } },
    ]);
    // over the two bills: $159.43 - $41.53 = $117.90 = 900 x $0.131
    assert.equal(15_943 - 4_153, 11_790);
    const made = bill({ period: period(3), vehicles: [perMileCar(read(900, [DEFAULT_IN_PERIOD_2]))] });
    // $0.00 - $41.53 + $167.26 + $5.00 + $5.00 + $5.00 = $140.73
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 14_073 });
  });

  test('more miles driven than billed by default are billed on the next bill: 1,500 - 1,217 = 283 miles', () => {
    const made = bill({ period: period(3), vehicles: [perMileCar(read(1_500, [DEFAULT_IN_PERIOD_2]))] });
    // 283 x $0.131 = $37.073, so $37.07; with period 2's $159.43: $196.50 = 1,500 x $0.131
    assert.deepEqual(made.lines[0], {
      kind: 'miles', carNumber: 1, cents: 3_707, miles: { count: 283, perMileMills: 131 },
      found: { kind: 'reading', drivenMiles: 1_500, capMiles: null, alreadyBilledMiles: 1_217 },
    });
    assert.equal(15_943 + 3_707, 19_650);
  });

  test('credits miles at the rate they were billed, the newest missed period first', () => {
    // two missed periods (at $0.120, then $0.131), then a reading of 1,000 miles over the three
    const defaults = [{ days: 31, miles: 1_217, perMileMills: 120 }, { days: 28, miles: 1_217, perMileMills: 131 }];
    const lines = milesLines({ ...RATES, carNumber: 1, estMonthlyNoFeeCents: 23_276 }, period(4), read(1_000, defaults));
    // 2,434 billed - 1,000 driven = 1,434 back: 1,217 x $0.131 = $159.427 ($159.43), then 217 x $0.120 = $26.04
    assert.deepEqual(lines.slice(1), [
      { kind: 'miles-credit', carNumber: 1, cents: -15_943, miles: { count: 1_217, perMileMills: 131 } },
      { kind: 'miles-credit', carNumber: 1, cents: -2_604, miles: { count: 217, perMileMills: 120 } },
    ]);
  });

  test('a term\'s last bill whose credit outweighs it refunds the credit', () => {
    // period 6 reads 500 miles since period 4's reading; period 5 was billed 1,217: 717 back, 717 x $0.131 = $93.927
    const made = bill({ period: period(6), vehicles: [perMileCar(read(500, [{ days: 30, miles: 1_217, perMileMills: 131 }]))] });
    assert.deepEqual(cents(made), [['miles', 1, 0], ['miles-credit', 1, -9_393]]);
    assert.deepEqual(made.outcome, { kind: 'refund', cents: 9_393 });
  });
});

describe('the daily cap', () => {
  test('leaves uncharged the miles above 250 a day over the period: 28 days, 7,000 miles', () => {
    const made = bill({ period: period(3), vehicles: [perMileCar(read(8_000))] });
    // 7,000 x $0.131 = $917.00
    assert.deepEqual(made.lines[0], {
      kind: 'miles', carNumber: 1, cents: 91_700, miles: { count: 7_000, perMileMills: 131 },
      found: { kind: 'reading', drivenMiles: 8_000, capMiles: 7_000, alreadyBilledMiles: 0 },
    });
  });

  test('spans the missed periods a reading covers: 250 x (31 + 28) = 14,750 miles', () => {
    const made = bill({ period: period(3), vehicles: [perMileCar(read(16_000, [DEFAULT_IN_PERIOD_2]))] });
    // 14,750 - 1,217 = 13,533 miles x $0.131 = $1,772.823, so $1,772.82
    assert.deepEqual(made.lines[0], {
      kind: 'miles', carNumber: 1, cents: 177_282, miles: { count: 13_533, perMileMills: 131 },
      found: { kind: 'reading', drivenMiles: 16_000, capMiles: 14_750, alreadyBilledMiles: 1_217 },
    });
  });

  test('caps the default too in a period cut to 3 days (a cancellation): 750 miles', () => {
    const [short] = periodsOfTerm('2026-12-01', '2026-12-04');
    const lines = milesLines({ ...RATES, carNumber: 1, estMonthlyNoFeeCents: 23_276 }, short!, MISSED);
    // 750 x $0.131 = $98.25
    assert.deepEqual(lines, [
      { kind: 'miles', carNumber: 1, cents: 9_825, miles: { count: 750, perMileMills: 131 }, found: { kind: 'default', capMiles: 750 } },
    ]);
  });
});

describe('a six-month bill (pay plan 21)', () => {
  const sixMonth = { payPlan: 21 as const };

  test('is the miles minus the month\'s share of the prepaid estimate, plus the fee when charged', () => {
    const made = bill({ ...sixMonth, period: period(3), vehicles: [perMileCar(read(600)), unlimitedCar] });
    assert.deepEqual(cents(made), [['miles', 1, 7_860], ['estimate-credit', 1, -6_550], ['payment-fee', null, 500]]);
    // $78.60 - $65.50 + $5.00 = $18.10
    assert.deepEqual(made.outcome, { kind: 'charge', cents: 1_810 });
  });

  test('carries a credit forward, without a fee, and takes it off the next bill', () => {
    // 450 x $0.131 = $58.95; $58.95 - $65.50 = -$6.55
    const credit = bill({ ...sixMonth, period: period(3), vehicles: [perMileCar(read(450))] });
    assert.deepEqual(cents(credit), [['miles', 1, 5_895], ['estimate-credit', 1, -6_550]]);
    assert.deepEqual(credit.outcome, { kind: 'carry-forward', cents: -655 });
    // $78.60 - $65.50 - $6.55 + $5.00 = $11.55
    const next = bill({ ...sixMonth, period: period(4), carriedCents: -655, vehicles: [perMileCar(read(600))] });
    assert.deepEqual(cents(next).slice(2), [['carried', null, -655], ['payment-fee', null, 500]]);
    assert.deepEqual(next.outcome, { kind: 'charge', cents: 1_155 });
  });

  test('refunds what is left at the term\'s end', () => {
    // 400 x $0.131 = $52.40; $52.40 - $65.50 - $6.55 = -$19.65
    const made = bill({ ...sixMonth, period: period(6), carriedCents: -655, vehicles: [perMileCar(read(400))] });
    assert.deepEqual(made.outcome, { kind: 'refund', cents: 1_965 });
  });

  test('charges nothing under 50 cents: carried forward, then charged when it reaches 50', () => {
    // 503 x $0.131 = $65.893, so $65.89; $65.89 - $65.50 = $0.39
    assert.deepEqual(bill({ ...sixMonth, period: period(3), vehicles: [perMileCar(read(503))] }).outcome, { kind: 'carry-forward', cents: 39 });
    // $0.39 + $0.10 = $0.49: still under
    assert.deepEqual(bill({ ...sixMonth, period: period(3), carriedCents: 10, vehicles: [perMileCar(read(503))] }).outcome, { kind: 'carry-forward', cents: 49 });
    // $0.39 + $0.11 = $0.50, charged with the $5.00 convenience fee
    assert.deepEqual(bill({ ...sixMonth, period: period(3), carriedCents: 11, vehicles: [perMileCar(read(503))] }).outcome, { kind: 'charge', cents: 550 });
  });

  test('an Unlimited vehicle alone owes nothing month by month', () => {
    const made = bill({ ...sixMonth, period: period(3), vehicles: [unlimitedCar] });
    assert.deepEqual(made, { lines: [], totalCents: 0, outcome: { kind: 'nothing-due' } });
  });
});

test('miles that are not a whole number from 0 are refused', () => {
  const car = { ...RATES, carNumber: 1, estMonthlyNoFeeCents: 23_276 };
  assert.throws(() => milesLines(car, period(2), read(-1)), RangeError);
  assert.throws(() => milesLines(car, period(2), read(10.5)), RangeError);
  assert.throws(() => milesLines(car, period(3), read(100, [{ days: 31, miles: -5, perMileMills: 131 }])), RangeError);
});
