import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DECLINE } from '../reference/limit-names.ts';
import { continueBlockers, coverageErrors } from './continue.ts';
import { coverageDefaults } from './engine.ts';
import { middleOption, recommendedCoverage } from './recommend.ts';
import { COVERAGE_STATES } from './states/index.ts';
import { FINANCED, LEASED, OWNED, TODAY, change, optionValues, view } from './test-support.ts';

describe('recommendedCoverage', () => {
  it('opens every state ready to price: nothing required left open, nothing blocking Continue, no decline', () => {
    for (const state of COVERAGE_STATES) {
      const vehicles = [OWNED, FINANCED];
      const form = recommendedCoverage(state, vehicles, TODAY);
      assert.deepEqual(coverageErrors(state, form, vehicles), [], state);
      assert.deepEqual(continueBlockers(state, form, vehicles), [], state);
      assert.equal(form.policyEffectiveDate, '03/05/2026', state);
      assert.equal(form.shared.bodilyInjury, '100/300', state);
      for (const vehicle of form.vehicles) {
        assert.equal(vehicle.comprehensiveDeductible, '$1,000 deductible', state);
        assert.equal(vehicle.collisionDeductible, '$1,000 deductible', state);
        assert.notEqual(vehicle.rentalReimbursement, DECLINE, state);
      }
    }
  });

  it('is the bodily-injury cascade of 100/300, with rental at its middle option where the person chooses it', () => {
    const form = recommendedCoverage('AZ', [OWNED], TODAY);
    const cascaded = change('AZ', coverageDefaults('AZ', [OWNED], TODAY), [OWNED], 'bodilyInjury', '100/300');
    assert.equal(form.shared.propertyDamage, cascaded.shared.propertyDamage);
    assert.equal(form.shared.underinsuredMotorist, cascaded.shared.underinsuredMotorist);
    assert.equal(form.shared.medicalPayments, cascaded.shared.medicalPayments);
    assert.equal(form.shared.uninsuredBodilyInjury, '100/300');
    const rentals = optionValues(view('AZ', form, [OWNED], 'rentalReimbursement')).filter((v) => v !== DECLINE);
    assert.equal(form.vehicles[0]!.rentalReimbursement, middleOption(rentals));
    assert.equal(form.vehicles[0]!.rentalReimbursement, '$75/$2,250');
    // the generic form derives rental from bodily injury: it keeps the package's value
    assert.equal(recommendedCoverage('GA', [OWNED], TODAY).vehicles[0]!.rentalReimbursement, '$100/$3,000');
  });

  it('keeps the spec\'s defaults of FL, GA and PA', () => {
    const fl = recommendedCoverage('FL', [OWNED], TODAY);
    assert.equal(fl.shared.personalInjuryProtection, '$10,000');
    assert.equal(fl.shared.pipDeductible, '$500');
    assert.equal(fl.shared.pipDeductibleType, 'Excluded - Named Insured & Resident Relative');
    assert.equal(fl.shared.uninsuredCoverageType, 'Unstacked');
    // GA's PIP is a read-only package value following bodily injury; $2,000 is its value before a level
    assert.equal(coverageDefaults('GA', [OWNED], TODAY).shared.personalInjuryProtection, '$2,000');
    assert.equal(recommendedCoverage('GA', [OWNED], TODAY).shared.personalInjuryProtection, '$10,000');
    assert.equal(view('GA', recommendedCoverage('GA', [OWNED], TODAY), [OWNED], 'personalInjuryProtection')?.readOnly, true);
    assert.equal(recommendedCoverage('PA', [OWNED], TODAY).shared.uninsuredCoverageType, 'Stacked');
  });

  it('takes the highest deductible a low stated value allows', () => {
    const cheap = { financing: 'own', statedValue: 800 };
    const form = recommendedCoverage('OH', [cheap, LEASED], TODAY);
    assert.equal(form.vehicles[0]!.comprehensiveDeductible, '$500 deductible');
    assert.equal(form.vehicles[1]!.comprehensiveDeductible, '$1,000 deductible');
  });

  it('middleOption: the lower middle of an even list', () => {
    assert.equal(middleOption(['a', 'b', 'c']), 'b');
    assert.equal(middleOption(['a', 'b', 'c', 'd']), 'b');
    assert.equal(middleOption([]), undefined);
  });
});
