import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { QuotePolicy } from '../api/quote.ts';
import { monthlyFeesCents, sixMonthFeesCents } from '../reference/fees.ts';
import { billingFees, billingSummary, perMileVehicleCount, toCents } from './billing.ts';

/** A GA quote with two Pay-Per-Mile vehicles and one Unlimited, figures as the engine adds them up. */
function policy(): QuotePolicy {
  const vehicle = (billingType: string, estMonthlyNoFee: number) =>
    ({ vin: 'X', year: 2020, make: 'Porsche', model: '911', bodyStyle: 'Coupe', billingType, premiumInfo: { baseRate: 1, perMileRate: 0.1, estMonthlyNoFee }, coverageInfo: [] });
  // premium 100.00 + 120.00 + 150.00 = 370.00 a month; fees 5 + 2 x 5 + 4.95 = 19.95
  return {
    policyNumber: 'Q-GA-1', effectiveDate: '2031-01-01', ratedState: 'GA',
    findBilling: {
      downPayment: 389.95, estimatedMonthlyPayment: 389.95,
      allInstallmentOptions: [
        { payPlan: 18, billingFrequency: 'monthly', downPayment: 389.95, installmentAmount: 389.95, numberOfInstallments: 5 },
        { payPlan: 21, billingFrequency: 'biannually', downPayment: 2254.95, installmentAmount: 0, numberOfInstallments: 0 },
      ],
    },
    downPaymentMonthly: 389.95, downPaymentSingle: 2254.95, downPayment: 389.95, estimatedMonthlyPayment: 389.95,
    estimatedTotalWritten: 2220, addressInfo: [], driverInfo: [], policyOwners: [],
    vehicleInfo: [vehicle('per_mile', 100), vehicle('per_mile', 120), vehicle('capped', 150)],
  } as unknown as QuotePolicy;
}

describe('billingSummary (the figures the buyer is charged)', () => {
  it('charges the mileage monitoring fee once per Pay-Per-Mile vehicle (GA, two vehicles: $10)', () => {
    const summary = billingSummary(policy(), 'monthly');
    assert.equal(perMileVehicleCount(policy()), 2);
    assert.deepEqual(summary.fees.map((fee) => [fee.label, fee.cents, fee.count, fee.totalCents, fee.perVehicle]), [
      ['Monthly policy fee', 500, 1, 500, false],
      ['Monthly mileage monitoring fee', 500, 2, 1000, true],
      ['Credit card fee', 495, 1, 495, false],
    ]);
    assert.equal(summary.feesPerPaymentCents, monthlyFeesCents('GA', 2));
  });

  it('monthly: due today is downPaymentMonthly, six payments, the premium without fees', () => {
    const summary = billingSummary(policy(), 'monthly');
    assert.deepEqual(
      [summary.payPlan, summary.dueTodayCents, summary.perPaymentCents, summary.paymentsCount, summary.sixMonthCostCents, summary.premiumCents, summary.estimated],
      [18, 38_995, 38_995, 6, 6 * 38_995, 6 * 37_000, true],
    );
  });

  it('single payment: due today is downPaymentSingle, fees included, 6 x (monthly - fees) + the six-month fee', () => {
    const summary = billingSummary(policy(), 'biannually');
    assert.deepEqual(
      [summary.payPlan, summary.dueTodayCents, summary.paymentsCount, summary.sixMonthCostCents, summary.premiumCents],
      [21, 225_495, 1, 225_495, 222_000],
    );
    assert.equal(summary.sixMonthCostCents, 6 * (38_995 - monthlyFeesCents('GA', 2)) + sixMonthFeesCents('GA'));
    assert.deepEqual(summary.fees.map((fee) => fee.label), ['Six-month policy fee', 'Credit card fee']);
  });

  it('Texas: the convenience fee instead of the card fee; no monitoring without a Pay-Per-Mile vehicle', () => {
    assert.deepEqual(billingFees('TX', 'monthly', 0).map((fee) => [fee.label, fee.totalCents]), [
      ['Monthly policy fee', 500],
      ['Convenience fee', 500],
    ]);
    for (const count of [0, 1, 2, 3, 4]) {
      const sum = (lines: { totalCents: number }[]) => lines.reduce((total, line) => total + line.totalCents, 0);
      for (const state of ['TX', 'FL']) {
        assert.equal(sum(billingFees(state, 'monthly', count)), monthlyFeesCents(state, count), 'what the engine adds');
        assert.equal(sum(billingFees(state, 'biannually', count)), sixMonthFeesCents(state));
      }
    }
  });

  it('reads dollars to cents without float drift', () => {
    assert.equal(toCents(1194.08), 119_408);
    assert.equal(toCents(0.29), 29);
    assert.equal(toCents(1813.71), 181_371);
  });
});
