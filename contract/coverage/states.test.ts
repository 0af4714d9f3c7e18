import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COVERAGE_TEXTS, DECLINE } from '../reference/limit-names.ts';
import { WRITING_STATES } from '../reference/states.ts';
import { continueBlockers, coverageErrors } from './continue.ts';
import { coverageFields } from './engine.ts';
import { COVERAGE_STATES, coverageRulesFor, hasCoverageRules } from './states/index.ts';
import { LEASED, OWNED, change, fillRequired, fresh, optionValues, view } from './test-support.ts';

describe('the states', () => {
  it('every writing state and doc 3\'s per-state sections have rules', () => {
    assert.deepEqual(COVERAGE_STATES, ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI']);
    for (const state of WRITING_STATES) assert.ok(hasCoverageRules(state), state);
    assert.equal(hasCoverageRules('IL'), false);
    assert.equal(coverageRulesFor('IL').form, 'generic');
    assert.equal(coverageRulesFor('GA').form, 'generic');
    assert.equal(coverageRulesFor('OR').form, 'generic');
  });

  // facts/state-minimums.md: each state's lowest bodily injury and property damage
  const minimums: [string, string, string][] = [
    ['AZ', '25/50', '$15,000'], ['CA', '30/60', '$15,000'], ['CO', '25/50', '$15,000'], ['FL', '10/20', '$10,000'],
    ['GA', '25/50', '$25,000'], ['OH', '25/50', '$25,000'], ['OR', '25/50', '$20,000'], ['PA', '15/30', '$5,000'],
    ['TN', '25/50', '$25,000'], ['TX', '30/60', '$25,000'], ['WI', '25/50', '$10,000'],
  ];
  for (const [state, bodily, property] of minimums) {
    it(`${state}: the lowest limits are the legal minimum ${bodily} and ${property}`, () => {
      const form = change(state, fresh(state), [OWNED], 'bodilyInjury', bodily);
      assert.equal(optionValues(view(state, form, [OWNED], 'bodilyInjury'))[0], bodily);
      assert.equal(optionValues(view(state, form, [OWNED], 'propertyDamage'))[0], property);
    });
  }

  it('every state\'s level lists are as long as its bodily-injury list', () => {
    for (const state of COVERAGE_STATES) {
      const rules = coverageRulesFor(state);
      const levels = rules.fields.find((field) => field.name === 'bodilyInjury')?.options.length;
      for (const field of rules.fields) {
        if (field.byLevel) assert.equal(field.byLevel.length, levels, `${state} ${field.name}`);
        if (field.byLevel) for (const value of field.byLevel) assert.ok(field.options.includes(value), `${state} ${field.name} ${value}`);
      }
    }
  });
});

describe('FL', () => {
  // doc 3 section 4: the property damage options by bodily injury (1-based positions of six)
  const PROPERTY = ['$10,000', '$20,000', '$25,000', '$50,000', '$100,000', '$250,000'];
  const table: [string, number[]][] = [
    ['', [1]], [DECLINE, [1]], ['10/20', [1]], ['25/50', [1, 3, 4]], ['50/100', [3, 4, 5]], ['100/300', [4, 5]],
    ['300/300', [5]], ['250/500', [5, 6]], ['500/500', [5, 6]],
  ];
  for (const [bodily, positions] of table) {
    it(`property damage with bodily injury '${bodily || 'none'}': options ${positions.join(', ')}`, () => {
      const form = bodily === '' ? fresh('FL') : change('FL', fresh('FL'), [OWNED], 'bodilyInjury', bodily);
      assert.deepEqual(optionValues(view('FL', form, [OWNED], 'propertyDamage')), positions.map((p) => PROPERTY[p - 1]));
    });
  }

  it('a property damage no longer allowed is cleared for a new choice', () => {
    let form = change('FL', fresh('FL'), [OWNED], 'bodilyInjury', '25/50');
    form = change('FL', form, [OWNED], 'propertyDamage', '$10,000');
    assert.equal(change('FL', form, [OWNED], 'bodilyInjury', '50/100').shared.propertyDamage, '');
    form = change('FL', form, [OWNED], 'propertyDamage', '$50,000');
    assert.equal(change('FL', form, [OWNED], 'bodilyInjury', '50/100').shared.propertyDamage, '$50,000');
  });

  it('declining bodily injury shows uninsured coverage as declined and hides stacking', () => {
    const form = change('FL', fresh('FL'), [OWNED], 'bodilyInjury', DECLINE);
    assert.equal(form.shared.uninsuredBodilyInjury, DECLINE);
    const uninsured = view('FL', form, [OWNED], 'uninsuredBodilyInjury');
    assert.equal(uninsured?.displayValue, COVERAGE_TEXTS.uninsuredDeclined);
    assert.equal(uninsured?.readOnly, true);
    assert.equal(view('FL', form, [OWNED], 'uninsuredCoverageType'), undefined);
    const chosen = change('FL', form, [OWNED], 'bodilyInjury', '25/50');
    assert.ok(view('FL', chosen, [OWNED], 'uninsuredCoverageType'));
    assert.equal(chosen.shared.uninsuredCoverageType, 'Unstacked');
  });

  it('if either deductible is declined, rental shows as declined', () => {
    let form = change('FL', fresh('FL'), [OWNED], 'bodilyInjury', '25/50');
    assert.equal(view('FL', form, [OWNED], 'rentalReimbursement')?.value, '$50/$1,500');
    form = change('FL', form, [OWNED], 'collisionDeductible', DECLINE);
    const rental = view('FL', form, [OWNED], 'rentalReimbursement');
    assert.equal(rental?.displayValue, COVERAGE_TEXTS.declined);
    assert.equal(form.vehicles[0]?.rentalReimbursement, DECLINE);
  });

  it('PIP is the fixed $10,000 with deductibles $0, $250, $500, $1,000', () => {
    const form = fresh('FL');
    assert.deepEqual(optionValues(view('FL', form, [OWNED], 'personalInjuryProtection')), ['$10,000']);
    assert.deepEqual(optionValues(view('FL', form, [OWNED], 'pipDeductible')), ['$0', '$250', '$500', '$1,000']);
  });
});

describe('CA', () => {
  const vehicles = [OWNED, OWNED];
  const base = () => change('CA', fresh('CA', vehicles), vehicles, 'bodilyInjury', '30/60');

  it('uninsured property damage taken: comprehensive, collision and rental declined and disabled', () => {
    let form = change('CA', base(), vehicles, 'comprehensiveDeductible', '$500 deductible');
    form = change('CA', form, vehicles, 'collisionDeductible', '$500 deductible');
    form = change('CA', form, vehicles, 'uninsuredPropertyDamage', '$3,500');
    for (let i = 0; i < 2; i += 1) {
      for (const name of ['comprehensiveDeductible', 'collisionDeductible'] as const) {
        const field = view('CA', form, vehicles, name, i);
        assert.equal(field?.readOnly, true);
        assert.equal(field?.displayValue, COVERAGE_TEXTS.declined);
        assert.equal(form.vehicles[i]?.[name], DECLINE);
      }
      assert.equal(view('CA', form, vehicles, 'rentalReimbursement', i), undefined);
      assert.equal(form.vehicles[i]?.rentalReimbursement, DECLINE);
    }
    // declining it again gives the deductibles back to the person
    form = change('CA', form, vehicles, 'uninsuredPropertyDamage', DECLINE);
    assert.equal(form.vehicles[0]?.comprehensiveDeductible, '');
    assert.equal(view('CA', form, vehicles, 'comprehensiveDeductible')?.readOnly, false);
  });

  it('a real collision deductible declines uninsured property damage', () => {
    let form = change('CA', base(), vehicles, 'uninsuredPropertyDamage', DECLINE);
    form = change('CA', form, vehicles, 'collisionDeductible', '$1,000 deductible');
    assert.equal(form.shared.uninsuredPropertyDamage, DECLINE);
  });

  it('rental shows only when comprehensive or collision is taken; declining both declines rental', () => {
    let form = base();
    assert.equal(view('CA', form, vehicles, 'rentalReimbursement'), undefined);
    form = change('CA', form, vehicles, 'collisionDeductible', '$500 deductible');
    assert.ok(view('CA', form, vehicles, 'rentalReimbursement'));
    form = change('CA', form, vehicles, 'rentalReimbursement', '$75/$2,250');
    form = change('CA', form, vehicles, 'comprehensiveDeductible', DECLINE);
    assert.equal(form.vehicles[0]?.collisionDeductible, DECLINE);
    assert.equal(form.vehicles[0]?.rentalReimbursement, DECLINE);
    assert.equal(view('CA', form, vehicles, 'rentalReimbursement'), undefined);
  });
});

describe('PA', () => {
  it('declined uninsured BI hides stacking behind the declined text', () => {
    const form = change('PA', fresh('PA'), [OWNED], 'uninsuredBodilyInjury', DECLINE);
    const stacking = view('PA', form, [OWNED], 'uninsuredCoverageType');
    assert.equal(stacking?.displayValue, COVERAGE_TEXTS.uninsuredDeclined);
    assert.equal(stacking?.readOnly, true);
    assert.deepEqual(optionValues(view('PA', fresh('PA'), [OWNED], 'uninsuredCoverageType')), ['Stacked', 'Unstacked']);
  });

  it('an individual benefit resets combined first party to decline; combined shows the others as selected', () => {
    let form = change('PA', fresh('PA'), [OWNED], 'combinedFirstParty', '$177,500');
    for (const name of ['accidentalDeath', 'funeralBenefits', 'incomeLoss'] as const) {
      const field = view('PA', form, [OWNED], name);
      assert.equal(field?.displayValue, COVERAGE_TEXTS.combinedSelected, name);
      assert.equal(field?.readOnly, true, name);
    }
    form = change('PA', change('PA', fresh('PA'), [OWNED], 'funeralBenefits', '$2,500'), [OWNED], 'combinedFirstParty', '$177,500');
    assert.equal(form.shared.funeralBenefits, '');
    form = change('PA', form, [OWNED], 'combinedFirstParty', DECLINE);
    form = change('PA', form, [OWNED], 'accidentalDeath', '$25,000');
    assert.equal(form.shared.combinedFirstParty, DECLINE);
    form = change('PA', change('PA', form, [OWNED], 'combinedFirstParty', '$177,500'), [OWNED], 'incomeLoss', '$5,000');
    assert.equal(form.shared.combinedFirstParty, DECLINE);
    assert.equal(form.shared.incomeLoss, '$5,000');
  });

  it('tort option is Limited or Full', () => {
    assert.deepEqual(view('PA', fresh('PA'), [OWNED], 'tortOption')?.options, [
      { value: 'limited', label: 'Limited' },
      { value: 'full', label: 'Full' },
    ]);
  });
});

describe('WI, CO, GA', () => {
  it('WI: the UM/UIM property damage deductible appears when uninsured BI is set and collision declined', () => {
    let form = change('WI', fresh('WI'), [OWNED], 'bodilyInjury', '25/50');
    form = change('WI', form, [OWNED], 'collisionDeductible', DECLINE);
    assert.equal(view('WI', form, [OWNED], 'propertyDamageDeductible'), undefined);
    form = change('WI', form, [OWNED], 'uninsuredBodilyInjury', '25/50');
    const field = view('WI', form, [OWNED], 'propertyDamageDeductible');
    assert.equal(field?.label, 'Uninsured/Underinsured Property Damage Deductible');
    assert.equal(field?.required, true);
    form = change('WI', form, [OWNED], 'collisionDeductible', '$500 deductible');
    assert.equal(view('WI', form, [OWNED], 'propertyDamageDeductible'), undefined);
  });

  it('CO: uninsured property damage deductibles ACV w/ 100 to 2500 DED, shown beside uninsured BI', () => {
    let form = fresh('CO');
    assert.equal(view('CO', form, [OWNED], 'propertyDamageDeductible'), undefined);
    form = change('CO', change('CO', form, [OWNED], 'bodilyInjury', '25/50'), [OWNED], 'uninsuredBodilyInjury', '25/50');
    const field = view('CO', form, [OWNED], 'propertyDamageDeductible');
    assert.deepEqual(optionValues(field), [
      'ACV w/ 100 DED', 'ACV w/ 250 DED', 'ACV w/ 500 DED', 'ACV w/ 1000 DED', 'ACV w/ 2500 DED', DECLINE,
    ]);
    assert.equal(field?.value, 'ACV w/ 100 DED');
    assert.equal(field?.options[0]?.label, 'Actual cash value, $100 deductible');
  });

  it('GA: coverage type, uninsured BI and deductible editable on the first vehicle only', () => {
    const vehicles = [OWNED, LEASED];
    let form = change('GA', fresh('GA', vehicles), vehicles, 'bodilyInjury', '50/100');
    form = change('GA', form, vehicles, 'uninsuredBodilyInjury', '50/100');
    form = change('GA', form, vehicles, 'propertyDamageDeductible', '$500 deductible');
    assert.deepEqual(optionValues(view('GA', form, vehicles, 'uninsuredCoverageType')), ['R', 'A']);
    assert.equal(view('GA', form, vehicles, 'uninsuredCoverageType')?.options[1]?.label, 'Added On');
    const later = coverageFields('GA', form, vehicles, 1);
    for (const name of ['bodilyInjury', 'uninsuredCoverageType', 'uninsuredBodilyInjury', 'propertyDamageDeductible', 'policyEffectiveDate']) {
      assert.equal(later.find((field) => field.name === name)?.readOnly, true, name);
    }
    assert.equal(later.find((field) => field.name === 'propertyDamageDeductible')?.value, '$500 deductible');
    assert.equal(form.vehicles[1]?.propertyDamageDeductible, '$500 deductible');
    assert.equal(later.find((field) => field.name === 'comprehensiveDeductible')?.readOnly, false);
    form = change('GA', form, vehicles, 'uninsuredBodilyInjury', DECLINE);
    assert.equal(view('GA', form, vehicles, 'propertyDamageDeductible'), undefined);
    assert.equal(view('GA', form, vehicles, 'uninsuredCoverageType'), undefined);
    assert.equal(form.shared.uninsuredPropertyDamage, DECLINE);
  });
});

describe('continueBlockers (doc 3 section 5)', () => {
  const lists: [string, string[]][] = [
    ['AZ', ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible']],
    ['OH', ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible']],
    ['TX', ['bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible']],
    ['TN', ['bodilyInjury', 'propertyDamage', 'comprehensiveDeductible', 'collisionDeductible']],
    ['WI', ['bodilyInjury', 'propertyDamage', 'uninsuredBodilyInjury']],
    ['CA', ['policyEffectiveDate', 'bodilyInjury']],
    ['FL', ['policyEffectiveDate', 'propertyDamage', 'personalInjuryProtection']],
    ['GA', ['policyEffectiveDate', 'uninsuredCoverageType', 'uninsuredBodilyInjury']],
    ['PA', ['bodilyInjury', 'personalInjuryProtection', 'tortOption']],
    ['CO', ['policyEffectiveDate', 'bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible']],
    ['OR', ['policyEffectiveDate', 'bodilyInjury', 'comprehensiveDeductible', 'collisionDeductible']],
  ];
  for (const [state, expected] of lists) {
    it(`${state}: ${expected.join(', ')}`, () => {
      const form = { ...fresh(state), policyEffectiveDate: '' };
      if (state === 'FL') form.shared.personalInjuryProtection = '';
      assert.deepEqual(continueBlockers(state, form, [OWNED]), expected);
      assert.deepEqual(continueBlockers(state, fillRequired(state, fresh(state), [OWNED]), [OWNED]), []);
    });
  }

  it('CA: uninsured BI only once uninsured property damage is taken', () => {
    let form = change('CA', fresh('CA'), [OWNED], 'bodilyInjury', '30/60');
    assert.deepEqual(continueBlockers('CA', form, [OWNED]), []);
    form = change('CA', form, [OWNED], 'uninsuredPropertyDamage', '$3,500');
    assert.deepEqual(continueBlockers('CA', form, [OWNED]), ['uninsuredBodilyInjury']);
  });

  it('GA: the deductible and coverage type unless uninsured BI is declined', () => {
    let form = change('GA', fresh('GA'), [OWNED], 'uninsuredBodilyInjury', '25/50');
    assert.deepEqual(continueBlockers('GA', form, [OWNED]), ['uninsuredCoverageType', 'propertyDamageDeductible']);
    form = change('GA', form, [OWNED], 'uninsuredBodilyInjury', DECLINE);
    assert.deepEqual(continueBlockers('GA', form, [OWNED]), []);
  });

  it('counts one vehicle when asked, every vehicle otherwise', () => {
    const vehicles = [OWNED, LEASED];
    let form = change('AZ', fresh('AZ', vehicles), vehicles, 'bodilyInjury', '25/50');
    form = change('AZ', form, vehicles, 'comprehensiveDeductible', '$2,000 deductible');
    form = change('AZ', form, vehicles, 'collisionDeductible', '$2,000 deductible');
    form = change('AZ', form, vehicles, 'collisionDeductible', '', 1);
    assert.deepEqual(continueBlockers('AZ', form, vehicles, 0), []);
    assert.deepEqual(continueBlockers('AZ', form, vehicles, 1), ['collisionDeductible']);
    assert.deepEqual(continueBlockers('AZ', form, vehicles), ['collisionDeductible']);
  });

  it('coverageErrors lists every required select left empty, per vehicle', () => {
    const vehicles = [OWNED, LEASED];
    const errors = coverageErrors('TX', fresh('TX', vehicles), vehicles);
    assert.deepEqual(
      errors.map((error) => `${error.vehicleIndex}:${error.field}`),
      ['0:bodilyInjury', '0:propertyDamage', '0:uninsuredBodilyInjury', '0:personalInjuryProtection',
        '0:comprehensiveDeductible', '0:collisionDeductible', '0:rentalReimbursement',
        '1:comprehensiveDeductible', '1:collisionDeductible', '1:rentalReimbursement'],
    );
    assert.equal(errors[0]?.message, 'This field is required.');
  });
});
