/**
 * Prices land where the market is. Published pay-per-mile examples for ordinary cars (worth roughly
 * $25,000 to $35,000) run about $29 to $50 a month plus 3 to 7 cents a mile. Liability costs about the
 * same whatever the car; physical damage, about half an ordinary car's premium, grows with the value
 * (here 0.85 power), so a $120,000 911 costs about 2.5 to 5 times as much a month and 2 to 3 times as much
 * a mile. The band asserted for the typical request (2019 911 coupe, $120,000, one 40-year-old clean
 * driver, 6,000 miles a year, 100/300 liability, $500 deductibles, in each state's largest city):
 *
 *   base rate   $70 to $250 a month      (2.5 x $29 ... 5 x $50)
 *   per mile    5 to 21 cents            (about 2 x 3 cents ... 3 x 7 cents)
 *   est. month  $100 to $350 at 500 miles
 *
 * State relativities (FL dearest, OH and WI cheapest) must keep every state inside it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { porscheVin } from '../vin/build-vin.ts';
import { priceQuote } from './index.ts';
import { prepared, typicalRequest } from './testing.ts';

const STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI'];

describe('market band: a typical 911 in each state', () => {
  for (const state of STATES) {
    it(`${state} lands in the band`, () => {
      const vehicle = priceQuote(prepared(typicalRequest(state))).vehicles[0]!;
      const where = `${state}: base ${vehicle.baseRateCents / 100}, per mile ${vehicle.perMileMills / 1000}, month ${vehicle.estMonthlyNoFeeCents / 100}`;
      assert.equal(vehicle.estMonthlyMiles, 500);
      assert.ok(vehicle.baseRateCents >= 7_000 && vehicle.baseRateCents <= 25_000, where);
      assert.ok(vehicle.perMileMills >= 50 && vehicle.perMileMills <= 210, where);
      assert.ok(vehicle.estMonthlyNoFeeCents >= 10_000 && vehicle.estMonthlyNoFeeCents <= 35_000, where);
    });
  }

  it('keeps an ordinary-value car near the published examples', () => {
    // the same request for a 1987 944 worth $30,000 outside the big city: close to an ordinary car's price
    const request = typicalRequest('OH');
    request.vehicles[0]!.vin = porscheVin({ type: '944', year: 1987, body: 'A' });
    request.vehicles[0]!.statedValue = '30000';
    request.addresses[0]!.zip = '45701';
    const vehicle = priceQuote(prepared(request)).vehicles[0]!;
    const where = `base ${vehicle.baseRateCents / 100}, per mile ${vehicle.perMileMills / 1000}`;
    assert.ok(vehicle.baseRateCents >= 2_900 && vehicle.baseRateCents <= 7_000, where);
    assert.ok(vehicle.perMileMills >= 30 && vehicle.perMileMills <= 80, where);
  });
});
