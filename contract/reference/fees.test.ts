import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FEES, feeLines, formatCents, monthlyFeesCents, paymentFeeCents, sixMonthFeesCents } from './fees.ts';

describe('fees (doc 3 section 9, reconciled)', () => {
  it('holds the spec figures in cents', () => {
    assert.deepEqual(FEES, {
      monthlyPolicyFeeCents: 500,
      mileageMonitoringFeeCents: 500,
      creditCardFeeCents: 495,
      texasConvenienceFeeCents: 500,
      sixMonthPolicyFeeCents: 3000,
    });
  });

  it('charges the Texas convenience fee instead of the credit card fee', () => {
    assert.equal(paymentFeeCents('TX'), 500);
    for (const state of ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'WI']) {
      assert.equal(paymentFeeCents(state), 495, state);
    }
  });

  it('lists policy fee, mileage monitoring and card fee for a monthly Pay-Per-Mile policy', () => {
    assert.deepEqual(feeLines('AZ', 'monthly', 'per_mile'), [
      { label: 'Monthly policy fee', cents: 500, per: 'month' },
      { label: 'Monthly mileage monitoring fee', cents: 500, per: 'month' },
      { label: 'Credit card fee', cents: 495, per: 'payment' },
    ]);
  });

  it('does not charge mileage monitoring on Unlimited', () => {
    assert.deepEqual(feeLines('TX', 'monthly', 'capped'), [
      { label: 'Monthly policy fee', cents: 500, per: 'month' },
      { label: 'Convenience fee', cents: 500, per: 'payment' },
    ]);
  });

  it('waives mileage monitoring when six months are prepaid', () => {
    for (const billingType of ['per_mile', 'capped'] as const) {
      assert.deepEqual(feeLines('GA', 'biannually', billingType), [
        { label: 'Six-month policy fee', cents: 3000, per: 'term' },
        { label: 'Credit card fee', cents: 495, per: 'payment' },
      ]);
    }
  });

  it('adds up one payment: the internal constants 13/10 and 33/30 with today\'s card fee', () => {
    // doc 3's internal "monthly 13 (10 in TX)" is 5 + 5 + a $3 card fee; ours carries $4.95 (TX: $5 convenience)
    assert.equal(monthlyFeesCents('AZ', 1), 500 + 500 + 495);
    assert.equal(monthlyFeesCents('TX', 1), 500 + 500 + 500);
    assert.equal(monthlyFeesCents('AZ', 0), 500 + 495, 'Unlimited only: no monitoring');
    assert.equal(monthlyFeesCents('OR', 3), 500 + 3 * 500 + 495, 'one monitoring fee per Pay-Per-Mile vehicle');
    assert.equal(sixMonthFeesCents('AZ'), 3000 + 495);
    assert.equal(sixMonthFeesCents('TX'), 3000 + 500);
  });

  it('formats cents as dollars', () => {
    assert.equal(formatCents(495), '$4.95');
    assert.equal(formatCents(3000), '$30.00');
    assert.equal(formatCents(123456), '$1,234.56');
    assert.equal(formatCents(5), '$0.05');
  });
});
