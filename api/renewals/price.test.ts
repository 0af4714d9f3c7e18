import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check, localToday, quoteRequest, type QuoteRequest } from '../../contract/index.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { priceQuote, rateTableFor } from '../rating/index.ts';
import { ratingInputOf } from '../quotes/rating-input.ts';
import type { PolicyVehicle } from '../policies/records.ts';
import { nextTerm, priceRenewal, RENEWAL_STATUS, termMonths } from './price.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

function validRequest(): QuoteRequest {
  const checked = check(quoteRequestFixture({ today: TODAY, state: 'TX', vehicles: 2 }), quoteRequest({ today: TODAY }));
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
  return checked.value;
}

const boundVehicles = (request: QuoteRequest): PolicyVehicle[] =>
  request.vehicles.map((vehicle, index) => ({
    car_number: index + 1, vin: vehicle.vin, year: 2021, make: 'Porsche', model: `Model ${index + 1}`, body_style: 'Coupe',
    financing: vehicle.financing, billing_type: vehicle.billingType, stated_value: Number(vehicle.statedValue),
  }));

describe('the next term', () => {
  test('has the length of the current one and starts the day it ends', () => {
    assert.equal(termMonths('2026-03-02', '2026-09-02'), 6);
    assert.equal(termMonths('2026-01-31', '2027-01-31'), 12);
    assert.equal(termMonths('2025-08-31', '2026-02-28'), 5, 'a month is whole only on its day');
    assert.deepEqual(nextTerm({ effectiveDate: '2026-03-02', expirationDate: '2026-09-02' }), { termStart: '2026-09-02', termEnd: '2027-03-02' });
    assert.deepEqual(nextTerm({ effectiveDate: '2026-02-28', expirationDate: '2026-08-31' }), { termStart: '2026-08-31', termEnd: '2027-02-28' });
  });

  test('is priced from the bought answers at the new dates, with the table in force on its first day', () => {
    const request = validRequest();
    const renewal = priceRenewal(
      { policyNumber: 'PPMP-AAAA-BBBB', effectiveDate: request.effectiveDate, expirationDate: request.expirationDate! },
      request,
      boundVehicles(request),
      NOW,
    );
    assert.equal(renewal.termStart, '2026-09-02');
    assert.equal(renewal.termEnd, '2027-03-02');
    assert.equal(renewal.request.effectiveDate, '2026-09-02');
    assert.equal(renewal.rateTableVersion, rateTableFor('TX', '2026-09-02').version);
    const expected = priceQuote(ratingInputOf({ ...request, effectiveDate: '2026-09-02', expirationDate: '2027-03-02' }, NOW));
    assert.deepEqual(renewal.priced, expected, 'the engine, as a new quote starting that day would be priced');
    assert.equal(renewal.answer.policyNumber, 'PPMP-AAAA-BBBB');
    assert.equal(renewal.answer.policyStatus, RENEWAL_STATUS);
    assert.equal(renewal.answer.effectiveDate, '2026-09-02');
    assert.deepEqual(renewal.answer.vehicleInfo.map((vehicle) => vehicle.model), ['Model 1', 'Model 2'], 'the vehicles named as bound');
    assert.ok(renewal.answer.vehicleInfo.every((vehicle) => vehicle.premiumInfo.perMileRate > 0));
  });
});
