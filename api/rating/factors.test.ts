import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ageOn, curveFactor, deductibleFactor, driverFactor, householdFactor, insuranceScoreFactor, priorInsuranceFactor,
  rentalFactor, splitLimitFactor, step, territoryFactor,
} from './factors.ts';
import { COMMON_CURVES as C } from './tables/common.ts';
import { CA } from './tables/ca.ts';
import { AZ } from './tables/az.ts';

const close = (actual: number, expected: number, digits = 2) =>
  assert.equal(actual.toFixed(digits), expected.toFixed(digits), `${actual} vs ${expected}`);
const clean = { age: 40, married: false, violations: 0, expiredLicence: false };

describe('rating factors', () => {
  it('counts age in whole years on the effective date, birthday included', () => {
    assert.equal(ageOn({ year: 1986, month: 6, day: 15 }, { year: 2026, month: 6, day: 14 }), 39);
    assert.equal(ageOn({ year: 1986, month: 6, day: 15 }, { year: 2026, month: 6, day: 15 }), 40);
    assert.equal(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 3, day: 1 }), 18);
  });

  it('reads step curves from the last step at or below the value', () => {
    assert.equal(step(C.driverAge, 16), 2.6);
    assert.equal(step(C.driverAge, 15), 2.6, 'below the first step: the first step');
    assert.equal(step(C.driverAge, 27), 1.08);
    assert.equal(step(C.driverAge, 40), 1.0);
    assert.equal(step(C.driverAge, 90), 1.35);
    assert.equal(step(C.vehicleAge, 7), 1.0);
    assert.equal(step(C.vehicleAge, 40), 0.82);
  });

  it('prices a driver by age, marital status, accidents and convictions, licence', () => {
    assert.equal(driverFactor(C, clean), 1);
    close(driverFactor(C, { ...clean, married: true }), 0.93);
    close(driverFactor(C, { ...clean, violations: 2 }), 1.6);
    close(driverFactor(C, { ...clean, age: 18, violations: 1 }), 2.15 * 1.28);
    close(driverFactor(C, { ...clean, expiredLicence: true }), 1.1);
    let previous = 0;
    for (const violations of [0, 1, 2, 3]) {
      const f = driverFactor(C, { ...clean, violations });
      assert.ok(f > previous, 'each accident or conviction costs more');
      previous = f;
    }
  });

  it('weights the household toward its riskiest driver', () => {
    assert.equal(householdFactor(C, [1]), 1);
    close(householdFactor(C, [1, 2]), 0.7 * 2 + 0.3 * 1.5);
    assert.ok(householdFactor(C, [1, 2.2]) > householdFactor(C, [1, 2]));
  });

  it('prices prior insurance and years insured', () => {
    assert.equal(priorInsuranceFactor(C, 3, 1), 1);
    close(priorInsuranceFactor(C, 0, undefined), 1.3);
    close(priorInsuranceFactor(C, 3, 2), 0.93);
    close(priorInsuranceFactor(C, 2, 0), 1.18 * 1.06);
  });

  it('uses the insurance-score tier only where the state allows it (not in CA)', () => {
    assert.equal(insuranceScoreFactor(AZ.curves, 800), 0.9);
    assert.equal(insuranceScoreFactor(AZ.curves, 550), 1.4);
    assert.equal(CA.curves.insuranceScore, null);
    for (const score of [800, 780, 595, 550]) assert.equal(insuranceScoreFactor(CA.curves, score), 1);
  });

  it('finds the territory by the first three ZIP digits, with a default', () => {
    assert.equal(territoryFactor(AZ.territory, '85004'), 1.18);
    assert.equal(territoryFactor(AZ.territory, '86001'), 0.85);
    assert.equal(territoryFactor(AZ.territory, '99999'), AZ.territory.other);
  });

  it('raises liability with the limit: 25/50 is 1, 100/300 about 1.58', () => {
    close(splitLimitFactor(C, 25_000, 50_000), 1);
    close(splitLimitFactor(C, 50_000, 100_000), 1.23);
    close(splitLimitFactor(C, 100_000, 300_000), 1.58);
    close(splitLimitFactor(C, 250_000, 500_000), 2.0, 1);
    assert.ok(splitLimitFactor(C, 100_000, 100_000) < splitLimitFactor(C, 100_000, 300_000));
  });

  it('lowers physical damage with the deductible: $500 is 1, $1,000 about 0.87', () => {
    close(deductibleFactor(C.deductibles.COMP, 500), 1);
    close(deductibleFactor(C.deductibles.COMP, 1_000), 0.87);
    close(deductibleFactor(C.deductibles.COLL, 0), 1.12);
    close(deductibleFactor(C.deductibles.PIP, 500), 0.8);
  });

  it('rates physical damage on stated value, slower than value', () => {
    close(curveFactor(C.statedValue, 100_000), 1);
    close(curveFactor(C.statedValue, 200_000), 2 ** 0.85);
    assert.ok(curveFactor(C.statedValue, 200_000) < 2);
  });

  it('raises rental with the day and loss limits', () => {
    close(rentalFactor(C, 30, 900), 1);
    assert.ok(rentalFactor(C, 50, 1_500) > 1);
    assert.ok(rentalFactor(C, 50, 1_500) > rentalFactor(C, 40, 1_500));
  });
});
