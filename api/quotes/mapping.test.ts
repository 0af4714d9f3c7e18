import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check, quoteRequest, QuoteResponse, type QuoteRequest } from '../../contract/index.ts';
import type { PricedQuote } from '../rating/rating-model.ts';
import { porscheVin } from '../vin/build-vin.ts';
import { displayLimit, dollars, perMileDollars, quotePolicy } from './mapping.ts';

const TODAY = { year: 2026, month: 3, day: 2 };
const VIN = porscheVin({ type: '992', year: 2021, body: 'A' });

function request(state = 'AZ', financing = 'lease'): QuoteRequest {
  const result = check(
    {
      returnUrl: '/receive-a-quote', creditScore: 800, insuredFirstName: 'Ann', insuredLastName: 'Driver',
      emailAddress: ' Ann@Example.com ', ratedState: state, priorCoverage: 0, effectiveDate: '2026-03-10',
      addresses: [{ type: 'Mailing', streetName: '1 Main St', city: 'Austin', state, zip: '78701' }],
      referral: 'Press',
      drivers: [{
        status: 'RATED', relation: 'INSURED', firstName: 'Ann', lastName: 'Driver', dob: '1980-04-02',
        gender: 'Female', isMarried: true, isExcluded: false, licenseState: 'TX', licenseStatus: 'ACTIVE',
        licenseNum: '12345678', violations: 0,
      }],
      vehicles: [{
        mileage: { usageType: 'Pleasure', miles: 6000 }, billingType: 'capped', vin: VIN, statedValue: '120000',
        financing, priorDamage: false, coverageLimits: [{ name: 'COMP', type: 'VEHICLE', limit: '500' }],
      }],
      limits: [{ name: 'BI', type: 'POLICY', limit: '100/300' }],
      phoneNumbers: [], isGarageSameAsMailing: true, isHomeOwner: false, isInPorscheClubOfAmerica: false,
      calculateUnlimited: true,
    },
    quoteRequest({ today: TODAY }),
  );
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.value;
}

const priced: PricedQuote = {
  ratedState: 'TX',
  rateTableVersion: 'TX-2026-01-01.1',
  vehicles: [{
    carNumber: 1, billingType: 'capped', baseRateCents: 4321, perMileMills: 65, estMonthlyMiles: 500,
    estMonthlyNoFeeCents: 7571, unlimitedRateCents: 98_765,
    coverages: [
      { name: 'BI', limit: '100/300', monthlyBaseCents: 2100, perMileMills: 30, unlimitedCents: 40_000 },
      { name: 'COMP', limit: '500', monthlyBaseCents: 900, perMileMills: 12, unlimitedCents: 20_000 },
      { name: 'COLL', limit: 'I decline this coverage', monthlyBaseCents: 0, perMileMills: 0, unlimitedCents: 0 },
    ],
  }],
  downPaymentMonthlyCents: 8071,
  downPaymentSingleCents: 47_426,
  estimatedMonthlyPaymentCents: 8071,
  estimatedTotalWrittenCents: 47_426,
  installmentOptions: [
    { billingFrequency: 'monthly', payPlan: 18, downPaymentCents: 8071, installmentCents: 8071, installments: 5 },
    { billingFrequency: 'biannually', payPlan: 21, downPaymentCents: 47_426, installmentCents: 0, installments: 0 },
  ],
};
const identity = { year: 2021, make: 'Porsche', model: '911', bodyStyle: 'Coupe' };

describe('quote answer mapping', () => {
  test('money in dollars with 2 decimals, per-mile rates with 3', () => {
    assert.equal(dollars(8071), 80.71);
    assert.equal(dollars(5), 0.05);
    assert.equal(perMileDollars(65), 0.065);
    assert.equal(perMileDollars(1234), 1.234);
  });

  test("limits read as people read them, in the engine's reading", () => {
    assert.equal(displayLimit('BI', '100/300'), '100,000/300,000');
    assert.equal(displayLimit('BI', '25000/50000'), '25,000/50,000');
    assert.equal(displayLimit('BI', '100 CSL'), '100,000 CSL');
    assert.equal(displayLimit('PD', '50'), '50,000');
    assert.equal(displayLimit('PIP', '10000'), '10,000');
    assert.equal(displayLimit('COMP', '1000'), '1,000');
    assert.equal(displayLimit('RENT', '50/1500'), '50/1,500');
    assert.equal(displayLimit('COLL', 'I decline this coverage'), 'Coverage Declined');
    assert.equal(displayLimit('GLASS', 'YES'), 'YES');
  });

  test("builds doc 3's quote response from the priced quote, valid for the contract", () => {
    const policy = quotePolicy({ quoteNumber: 'PPMQ-7KD2-XW9M', request: request('TX'), priced, identities: [identity] });
    assert.ok(check({ policies: [policy] }, QuoteResponse).ok);
    assert.equal(policy.policyNumber, 'PPMQ-7KD2-XW9M');
    assert.equal(policy.policyStatus, 'QUOTE');
    assert.equal(policy.emailAddress, 'Ann@Example.com');
    assert.equal(policy.effectiveDate, '2026-03-10');
    assert.deepEqual(
      [policy.downPayment, policy.downPaymentMonthly, policy.downPaymentSingle, policy.estimatedMonthlyPayment, policy.estimatedTotalWritten],
      [80.71, 80.71, 474.26, 80.71, 474.26],
    );
    assert.deepEqual(policy.findBilling, {
      downPayment: 80.71,
      estimatedMonthlyPayment: 80.71,
      allInstallmentOptions: [
        { payPlan: 18, billingFrequency: 'monthly', downPayment: 80.71, installmentAmount: 80.71, numberOfInstallments: 5 },
        { payPlan: 21, billingFrequency: 'biannually', downPayment: 474.26, installmentAmount: 0, numberOfInstallments: 0 },
      ],
    });
    assert.deepEqual(policy.addressInfo, [{ addressType: 'Mailing', streetName: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }]);
    assert.deepEqual(policy.driverInfo, [{ driverNumber: 1, firstName: 'Ann', lastName: 'Driver', dob: '1980-04-02', gender: 'Female', isMarried: true }]);
    const vehicle = policy.vehicleInfo[0]!;
    assert.deepEqual(
      [vehicle.carNumber, vehicle.vin, vehicle.year, vehicle.make, vehicle.model, vehicle.bodyStyle, vehicle.financing, vehicle.unlimitedRate],
      [1, VIN, 2021, 'Porsche', '911', 'Coupe', 'LEASED', 987.65],
    );
    assert.equal((vehicle as { billingType?: string }).billingType, 'capped');
    assert.deepEqual(vehicle.premiumInfo, { baseRate: 43.21, perMileRate: 0.065, estMonthlyMiles: 500, estMonthlyNoFee: 75.71 });
    assert.deepEqual(vehicle.coverageInfo[0], {
      coverageName: 'BI', coverageDescription: 'Bodily Injury', displayLimit: '100,000/300,000', limit: '100/300',
      monthlyBase: 21, perMile: 0.03, unlimitedPremium: 400,
    });
    assert.equal(vehicle.coverageInfo[2]!.displayLimit, 'Coverage Declined');
  });

  test('financing reads FINANCED and OWNED; no Unlimited rate where the plan is not offered', () => {
    assert.equal(quotePolicy({ quoteNumber: 'Q', request: request('TX', 'finance'), priced, identities: [identity] }).vehicleInfo[0]!.financing, 'FINANCED');
    const florida = quotePolicy({ quoteNumber: 'Q', request: request('FL', 'own'), priced: { ...priced, ratedState: 'FL' }, identities: [identity] });
    assert.equal(florida.vehicleInfo[0]!.financing, 'OWNED');
    assert.equal(florida.vehicleInfo[0]!.unlimitedRate, null);
  });
});
