import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COVERAGE_TEXTS, DECLINE } from '../reference/limit-names.ts';
import { applyCoverageChange, applyVehicleChange, coverageDefaults, coverageFields } from './engine.ts';
import { COVERAGE_STATES } from './states/index.ts';
import { COVERAGE_TOOLTIPS } from './texts.ts';
import { FINANCED, LEASED, OWNED, TODAY, change, fresh, optionValues, view } from './test-support.ts';

describe('coverageDefaults', () => {
  it('gives every state its effective date today and leaves the person\'s choices empty', () => {
    for (const state of COVERAGE_STATES) {
      const form = coverageDefaults(state, [OWNED, LEASED], TODAY);
      assert.equal(form.policyEffectiveDate, '03/05/2026', state);
      assert.equal(form.shared.bodilyInjury, '', state);
      assert.equal(form.vehicles.length, 2, state);
      for (const vehicle of form.vehicles) {
        assert.equal(vehicle.comprehensiveDeductible, '', state);
        assert.equal(vehicle.collisionDeductible, '', state);
      }
    }
  });

  const cases: [string, Record<string, string>][] = [
    ['FL', {
      uninsuredCoverageType: 'Unstacked',
      personalInjuryProtection: '$10,000',
      pipDeductible: '$500',
      pipDeductibleType: 'Excluded - Named Insured & Resident Relative',
      uninsuredBodilyInjury: '',
      propertyDamage: '',
    }],
    ['PA', { uninsuredCoverageType: 'Stacked', tortOption: '', personalInjuryProtection: '' }],
    ['GA', { personalInjuryProtection: '$2,000', uninsuredCoverageType: '', uninsuredBodilyInjury: '' }],
    ['AZ', { uninsuredCoverageType: '', personalInjuryProtection: '', propertyDamage: '' }],
  ];
  for (const [state, expected] of cases) {
    it(`${state}: the spec's defaults`, () => {
      const form = fresh(state);
      for (const [name, value] of Object.entries(expected)) {
        assert.equal(form.shared[name as keyof typeof form.shared], value, name);
      }
    });
  }

  it('CO: uninsured property damage deductible ACV w/ 100 DED on every vehicle', () => {
    const form = fresh('CO', [OWNED, LEASED]);
    assert.deepEqual(form.vehicles.map((v) => v.propertyDamageDeductible), ['ACV w/ 100 DED', 'ACV w/ 100 DED']);
  });

  it('uses the local day when no day is given', () => {
    assert.match(coverageDefaults('AZ', [OWNED]).policyEffectiveDate, /^\d\d\/\d\d\/\d{4}$/);
  });
});

describe('coverageFields: what step 4 draws', () => {
  it('puts the effective date first and makes shared fields read-only after the first vehicle', () => {
    const vehicles = [OWNED, LEASED];
    const form = fresh('AZ', vehicles);
    const first = coverageFields('AZ', form, vehicles, 0);
    const second = coverageFields('AZ', form, vehicles, 1);
    assert.equal(first[0]?.name, 'policyEffectiveDate');
    assert.equal(first[0]?.value, '03/05/2026');
    assert.ok(first.every((field) => !field.readOnly));
    for (const field of second) {
      const perVehicle = ['comprehensiveDeductible', 'collisionDeductible', 'rentalReimbursement'].includes(field.name);
      assert.equal(field.readOnly, !perVehicle, field.name);
    }
  });

  it('offers the decline text on comprehensive and collision only for owned vehicles', () => {
    const vehicles = [OWNED, LEASED, FINANCED];
    const form = fresh('TX', vehicles);
    for (const name of ['comprehensiveDeductible', 'collisionDeductible'] as const) {
      assert.equal(optionValues(view('TX', form, vehicles, name, 0)).at(-1), DECLINE);
      assert.ok(!optionValues(view('TX', form, vehicles, name, 1)).includes(DECLINE));
      assert.ok(!optionValues(view('TX', form, vehicles, name, 2)).includes(DECLINE));
    }
  });

  it('drops deductibles above the stated value, then appends the decline', () => {
    const vehicles = [{ financing: 'own', statedValue: 1200 }];
    const form = fresh('AZ', vehicles);
    assert.deepEqual(optionValues(view('AZ', form, vehicles, 'comprehensiveDeductible')), [
      '$250 deductible', '$500 deductible', '$1,000 deductible', DECLINE,
    ]);
    assert.deepEqual(optionValues(view('AZ', form, vehicles, 'collisionDeductible')).length, 4);
  });

  it('labels options in dollars and carries the comprehensive glass tooltip', () => {
    const form = fresh('AZ');
    const bodily = view('AZ', form, [OWNED], 'bodilyInjury');
    assert.deepEqual(bodily?.options[0], { value: '25/50', label: '$25,000/$50,000' });
    assert.equal(view('AZ', form, [OWNED], 'comprehensiveDeductible')?.tooltip, COVERAGE_TOOLTIPS.comprehensive);
    assert.equal(bodily?.required, true);
  });

  it('caps uninsured and underinsured at the chosen bodily injury and appends the decline', () => {
    const form = change('AZ', fresh('AZ'), [OWNED], 'bodilyInjury', '50/100');
    for (const name of ['uninsuredBodilyInjury', 'underinsuredMotorist'] as const) {
      assert.deepEqual(optionValues(view('AZ', form, [OWNED], name)), ['25/50', '50/100', DECLINE], name);
    }
    // AZ: the medical list follows bodily injury too
    assert.deepEqual(optionValues(view('AZ', form, [OWNED], 'medicalPayments')), ['$1,000', '$2,000', DECLINE]);
  });

  it('WI: combined single limits cap by amount, and uninsured motorist (required by law) has no decline', () => {
    const form = change('WI', fresh('WI'), [OWNED], 'bodilyInjury', '$125,000 CSL');
    assert.deepEqual(optionValues(view('WI', form, [OWNED], 'uninsuredBodilyInjury')), [
      '25/50', '50/100', '$125,000 CSL',
    ]);
    assert.ok(!optionValues(view('WI', form, [OWNED], 'medicalPayments')).includes(DECLINE));
  });

  it('OR: medical payments are labelled Personal Injury Protection; the package is read-only', () => {
    const form = change('OR', fresh('OR'), [OWNED], 'bodilyInjury', '100/300');
    const medical = view('OR', form, [OWNED], 'medicalPayments');
    assert.equal(medical?.label, 'Personal Injury Protection');
    assert.equal(medical?.value, '$50,000');
    assert.equal(medical?.readOnly, true);
    for (const name of ['propertyDamage', 'uninsuredBodilyInjury', 'uninsuredPropertyDamage', 'rentalReimbursement'] as const) {
      assert.equal(view('OR', form, [OWNED], name)?.readOnly, true, name);
    }
    assert.equal(view('OR', form, [OWNED], 'uninsuredBodilyInjury')?.value, '100/300');
    assert.equal(view('OR', form, [OWNED], 'rentalReimbursement')?.value, '$100/$3,000');
  });
});

describe('the bodily-injury cascade', () => {
  it('moves property damage, underinsured, medical and every vehicle\'s rental to the same level', () => {
    const vehicles = [OWNED, LEASED];
    const form = change('AZ', fresh('AZ', vehicles), vehicles, 'bodilyInjury', '100/300');
    assert.equal(form.shared.propertyDamage, '$50,000');
    assert.equal(form.shared.underinsuredMotorist, '100/300');
    assert.equal(form.shared.medicalPayments, '$5,000');
    assert.deepEqual(form.vehicles.map((v) => v.rentalReimbursement), ['$100/$3,000', '$100/$3,000']);
  });

  it('clears uninsured BI when it is above the new level or declined ("cleared if above the new level or declined")', () => {
    let form = change('AZ', fresh('AZ'), [OWNED], 'bodilyInjury', '250/500');
    form = change('AZ', form, [OWNED], 'uninsuredBodilyInjury', '100/300');
    assert.equal(change('AZ', form, [OWNED], 'bodilyInjury', '100/300').shared.uninsuredBodilyInjury, '100/300');
    assert.equal(change('AZ', form, [OWNED], 'bodilyInjury', '50/100').shared.uninsuredBodilyInjury, '');
    const declined = change('AZ', form, [OWNED], 'uninsuredBodilyInjury', DECLINE);
    assert.equal(change('AZ', declined, [OWNED], 'bodilyInjury', '25/50').shared.uninsuredBodilyInjury, '');
    // the same bodily injury chosen again is no change: the decline stays
    assert.equal(change('AZ', declined, [OWNED], 'bodilyInjury', '250/500').shared.uninsuredBodilyInjury, DECLINE);
    // a declined bodily injury still declines uninsured BI (FL shows it declined)
    const florida = change('FL', change('FL', fresh('FL'), [OWNED], 'bodilyInjury', '25/50'), [OWNED], 'uninsuredBodilyInjury', DECLINE);
    assert.equal(change('FL', florida, [OWNED], 'bodilyInjury', '50/100').shared.uninsuredBodilyInjury, '');
    assert.equal(change('FL', florida, [OWNED], 'bodilyInjury', DECLINE).shared.uninsuredBodilyInjury, DECLINE);
  });

  it('rental returns to the bodily-injury level once a forced decline ends (decline undone, car financed)', () => {
    for (const state of ['AZ', 'FL', 'CA', 'OH']) {
      const priced = change(state, fresh(state), [OWNED], 'bodilyInjury', '100/300');
      const declined = change(state, priced, [OWNED], 'comprehensiveDeductible', DECLINE);
      assert.equal(declined.vehicles[0]!.rentalReimbursement, DECLINE, state);
      const undone = change(state, declined, [OWNED], 'comprehensiveDeductible', '$500 deductible');
      assert.equal(undone.vehicles[0]!.rentalReimbursement, '$100/$3,000', `${state} undone`);
      if (state !== 'CA') {
        // CA shows rental only once comprehensive or collision is taken again: it stays declined until then
        assert.equal(applyVehicleChange(state, declined, [FINANCED]).vehicles[0]!.rentalReimbursement, '$100/$3,000', `${state} financed`);
      }
    }
    // the person's own decline of rental stays theirs
    const own = change('AZ', change('AZ', fresh('AZ'), [OWNED], 'bodilyInjury', '100/300'), [OWNED], 'rentalReimbursement', DECLINE);
    assert.equal(change('AZ', own, [OWNED], 'comprehensiveDeductible', '$500 deductible').vehicles[0]!.rentalReimbursement, DECLINE);
    assert.equal(applyVehicleChange('AZ', own, [FINANCED]).vehicles[0]!.rentalReimbursement, DECLINE);
  });

  it('TX and TN: uninsured property damage is read-only and follows the level; declining uninsured BI clears it', () => {
    for (const state of ['TX', 'TN']) {
      let form = change(state, fresh(state), [OWNED], 'bodilyInjury', '50/100');
      form = change(state, form, [OWNED], 'uninsuredBodilyInjury', '50/100');
      const shown = view(state, form, [OWNED], 'uninsuredPropertyDamage');
      assert.equal(shown?.readOnly, true, state);
      assert.equal(shown?.value, '$50,000', state);
      form = change(state, form, [OWNED], 'uninsuredBodilyInjury', DECLINE);
      assert.equal(form.shared.uninsuredPropertyDamage, DECLINE, state);
    }
  });

  it('TX: uninsured property damage appears only once uninsured BI is chosen and not declined', () => {
    let form = change('TX', fresh('TX'), [OWNED], 'bodilyInjury', '30/60');
    assert.equal(view('TX', form, [OWNED], 'uninsuredPropertyDamage'), undefined);
    form = change('TX', form, [OWNED], 'uninsuredBodilyInjury', DECLINE);
    assert.equal(view('TX', form, [OWNED], 'uninsuredPropertyDamage'), undefined);
    form = change('TX', form, [OWNED], 'uninsuredBodilyInjury', '30/60');
    assert.equal(view('TX', form, [OWNED], 'uninsuredPropertyDamage')?.value, '$25,000');
    // TN shows it (declined) even when uninsured BI is declined
    const tn = change('TN', change('TN', fresh('TN'), [OWNED], 'bodilyInjury', '25/50'), [OWNED], 'uninsuredBodilyInjury', DECLINE);
    assert.equal(view('TN', tn, [OWNED], 'uninsuredPropertyDamage')?.displayValue, COVERAGE_TEXTS.uninsuredDeclined);
  });
});

describe('decline rules: comprehensive and collision', () => {
  it('declining one declines the other with the pair warning', () => {
    for (const field of ['comprehensiveDeductible', 'collisionDeductible'] as const) {
      const result = applyCoverageChange('AZ', fresh('AZ'), [OWNED], { field, vehicleIndex: 0, value: DECLINE });
      assert.equal(result.warning, 'comprehensiveCollisionPair');
      assert.equal(result.form.vehicles[0]?.comprehensiveDeductible, DECLINE);
      assert.equal(result.form.vehicles[0]?.collisionDeductible, DECLINE);
    }
  });

  it('no warning when the other is already declined; a real value clears the forced decline', () => {
    const declined = change('AZ', fresh('AZ'), [OWNED], 'comprehensiveDeductible', DECLINE);
    const again = applyCoverageChange('AZ', declined, [OWNED], { field: 'collisionDeductible', vehicleIndex: 0, value: DECLINE });
    assert.equal(again.warning, undefined);
    const real = change('AZ', declined, [OWNED], 'collisionDeductible', '$500 deductible');
    assert.equal(real.vehicles[0]?.collisionDeductible, '$500 deductible');
    assert.equal(real.vehicles[0]?.comprehensiveDeductible, '');
  });

  it('FL: collision needs comprehensive, not the other way round', () => {
    const collisionOnly = applyCoverageChange('FL', fresh('FL'), [OWNED], {
      field: 'collisionDeductible', vehicleIndex: 0, value: DECLINE,
    });
    assert.equal(collisionOnly.warning, undefined);
    assert.equal(collisionOnly.form.vehicles[0]?.comprehensiveDeductible, '');
    let form = change('FL', fresh('FL'), [OWNED], 'collisionDeductible', '$500 deductible');
    const result = applyCoverageChange('FL', form, [OWNED], { field: 'comprehensiveDeductible', vehicleIndex: 0, value: DECLINE });
    assert.equal(result.warning, 'collisionNeedsComprehensive');
    form = result.form;
    const collision = view('FL', form, [OWNED], 'collisionDeductible');
    assert.equal(collision?.displayValue, COVERAGE_TEXTS.declined);
    assert.equal(collision?.readOnly, true);
    form = change('FL', form, [OWNED], 'comprehensiveDeductible', '$250 deductible');
    assert.equal(form.vehicles[0]?.collisionDeductible, '');
  });

  it('switching a vehicle away from owned removes a prior decline', () => {
    const form = change('AZ', fresh('AZ'), [OWNED], 'comprehensiveDeductible', DECLINE);
    const leased = applyVehicleChange('AZ', form, [LEASED]);
    assert.equal(leased.vehicles[0]?.comprehensiveDeductible, '');
    assert.equal(leased.vehicles[0]?.collisionDeductible, '');
  });

  it('a lower stated value clears a deductible above it; new vehicles start from the first one\'s', () => {
    const form = change('AZ', fresh('AZ'), [OWNED], 'comprehensiveDeductible', '$2,000 deductible');
    const cheaper = applyVehicleChange('AZ', form, [{ financing: 'own', statedValue: 1500 }]);
    assert.equal(cheaper.vehicles[0]?.comprehensiveDeductible, '');
    const two = applyVehicleChange('AZ', form, [OWNED, OWNED]);
    assert.equal(two.vehicles[1]?.comprehensiveDeductible, '$2,000 deductible');
    assert.equal(applyVehicleChange('AZ', two, [OWNED]).vehicles.length, 1);
  });

  it('copies deductibles chosen on the first vehicle to the others where offered', () => {
    const vehicles = [OWNED, { financing: 'lease', statedValue: 1500 }, OWNED];
    let form = change('TX', fresh('TX', vehicles), vehicles, 'comprehensiveDeductible', '$500 deductible');
    assert.deepEqual(form.vehicles.map((v) => v.comprehensiveDeductible), ['$500 deductible', '$500 deductible', '$500 deductible']);
    form = change('TX', form, vehicles, 'collisionDeductible', '$2,000 deductible');
    assert.deepEqual(form.vehicles.map((v) => v.collisionDeductible), ['$2,000 deductible', '', '$2,000 deductible']);
    const declined = applyCoverageChange('TX', form, vehicles, { field: 'comprehensiveDeductible', vehicleIndex: 0, value: DECLINE });
    assert.equal(declined.warning, 'comprehensiveCollisionPair');
    assert.deepEqual(declined.form.vehicles.map((v) => v.comprehensiveDeductible), [DECLINE, '$500 deductible', DECLINE]);
    assert.deepEqual(declined.form.vehicles.map((v) => v.collisionDeductible), [DECLINE, '', DECLINE]);
    // a later vehicle's own choice stays its own
    const own = change('TX', form, vehicles, 'comprehensiveDeductible', '$250 deductible', 2);
    assert.equal(own.vehicles[0]?.comprehensiveDeductible, '$500 deductible');
    assert.equal(own.vehicles[2]?.comprehensiveDeductible, '$250 deductible');
  });

  it('rental is hidden when comprehensive is declined (generic form)', () => {
    let form = change('GA', fresh('GA'), [OWNED], 'bodilyInjury', '25/50');
    assert.equal(view('GA', form, [OWNED], 'rentalReimbursement')?.value, '$50/$1,500');
    form = change('GA', form, [OWNED], 'comprehensiveDeductible', DECLINE);
    assert.equal(view('GA', form, [OWNED], 'rentalReimbursement'), undefined);
    assert.equal(form.vehicles[0]?.rentalReimbursement, DECLINE);
    form = change('GA', form, [OWNED], 'comprehensiveDeductible', '$500 deductible');
    assert.equal(view('GA', form, [OWNED], 'rentalReimbursement')?.value, '$50/$1,500');
  });

  it('effective date changes touch nothing else', () => {
    const form = change('AZ', fresh('AZ'), [OWNED], 'bodilyInjury', '25/50');
    const dated = change('AZ', form, [OWNED], 'policyEffectiveDate', '03/20/2026');
    assert.equal(dated.policyEffectiveDate, '03/20/2026');
    assert.deepEqual(dated.shared, form.shared);
  });
});
