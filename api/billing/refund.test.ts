import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { periodsOfTerm } from './calendar.ts';
import { prepaidRefundOnCancellation, unearnedPremiumCents } from './refund.ts';

describe('the unearned part of premium paid in advance', () => {
  const term = { premiumCents: 100_000, coveredFrom: '2027-01-31', coveredUntil: '2027-07-31' };

  test('is in proportion to the days left: 181 days paid, 92 left from April 30th, so $1,000 x 92 / 181 = $508.287', () => {
    assert.equal(unearnedPremiumCents(term, '2027-04-30'), 50_829);
  });

  test('is all of it before the first day, none of it from the last', () => {
    assert.equal(unearnedPremiumCents(term, '2027-01-31'), 100_000);
    assert.equal(unearnedPremiumCents(term, '2027-01-01'), 100_000);
    assert.equal(unearnedPremiumCents(term, '2027-07-31'), 0);
    assert.equal(unearnedPremiumCents(term, '2027-09-01'), 0);
  });

  test('serves a monthly period\'s base paid in advance: $167.26 for 31 days, 16 left from March 15th', () => {
    // $167.26 x 16 / 31 = $86.328
    assert.equal(unearnedPremiumCents({ premiumCents: 16_726, coveredFrom: '2027-02-28', coveredUntil: '2027-03-31' }, '2027-03-15'), 8_633);
  });

  test('refuses days that end before they begin', () => {
    assert.throws(() => unearnedPremiumCents({ ...term, coveredUntil: '2027-01-31' }, '2027-03-01'), RangeError);
  });
});

describe('a six-month policy (pay plan 21) cancelled mid-term', () => {
  // 2026-12-01 to 2027-06-01: 31 + 31 + 28 + 31 + 30 + 31 = 182 days
  const periods = periodsOfTerm('2026-12-01', '2027-06-01');
  const rates = { baseRateCents: 16_726, perMileMills: 131, estMonthlyMiles: 500, unlimitedRateCents: 195_984 };
  const vehicles = [
    { ...rates, carNumber: 1, billingType: 'per_mile' as const, estMonthlyNoFeeCents: 23_276 },
    { ...rates, carNumber: 2, billingType: 'capped' as const, estMonthlyNoFeeCents: 32_664 },
  ];

  test('gets back the unearned days of its base and Unlimited premium, and the estimate of the months not begun', () => {
    // cancelled 2027-03-15: 17 + 30 + 31 = 78 days left of 182; April and May not begun
    const refund = prepaidRefundOnCancellation(vehicles, periods, '2027-03-15');
    assert.deepEqual(refund.lines, [
      { kind: 'unearned-base', carNumber: 1, cents: 43_010 }, // 6 x $167.26 = $1,003.56 x 78 / 182 = $430.097
      { kind: 'unused-estimate', carNumber: 1, cents: 13_100 }, // 2 months x 500 x $0.131 = 2 x $65.50
      { kind: 'unearned-unlimited', carNumber: 2, cents: 83_993 }, // $1,959.84 x 78 / 182 = $839.931
    ]);
    assert.equal(refund.totalCents, 43_010 + 13_100 + 83_993);
  });

  test('cancelled on a period\'s first day, that month is not begun', () => {
    const refund = prepaidRefundOnCancellation(vehicles.slice(0, 1), periods, '2027-04-01');
    // 30 + 31 = 61 days left: $1,003.56 x 61 / 182 = $336.358; April and May's estimates: $131.00
    assert.deepEqual(refund.lines, [
      { kind: 'unearned-base', carNumber: 1, cents: 33_636 },
      { kind: 'unused-estimate', carNumber: 1, cents: 13_100 },
    ]);
  });

  test('refuses a cancellation date that is not a date', () => {
    assert.throws(() => prepaidRefundOnCancellation(vehicles, periods, '03/15/2027'), RangeError);
  });
});
