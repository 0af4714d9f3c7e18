import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MESSAGES } from '../messages.ts';
import { DECLINE } from '../reference/limit-names.ts';
import type { CoverageLimits, CoverageVehicle } from './coverage-model.ts';
import { coverageErrors } from './continue.ts';
import { coverageFields } from './engine.ts';
import { coverageLimits, coverageProblems, formOfLimits, limitsOfRequest, sameLimits, tortCode } from './limits.ts';
import { COVERAGE_STATES } from './states/index.ts';
import { LEASED, OWNED, change, fillRequired, fresh } from './test-support.ts';
import { dollars, liabilityAmounts, notAbove, optionLabel } from './values.ts';

function completed(state: string, vehicles: readonly CoverageVehicle[] = [OWNED]) {
  return fillRequired(state, fresh(state, vehicles), vehicles);
}

function limit(limits: CoverageLimits, name: string, vehicleIndex?: number): string | undefined {
  const entries = vehicleIndex === undefined ? limits.policy : limits.vehicles[vehicleIndex];
  return entries?.find((entry) => entry.name === name)?.limit;
}

describe('values', () => {
  it('reads liability limits, amounts and labels', () => {
    assert.deepEqual(liabilityAmounts('100/300'), { perPerson: 100, perAccident: 300 });
    assert.deepEqual(liabilityAmounts('$125,000 CSL'), { perPerson: 125, perAccident: 125 });
    assert.equal(liabilityAmounts('$500'), null);
    assert.equal(notAbove('50/100', '50/100'), true);
    assert.equal(notAbove('100/300', '$125,000 CSL'), false);
    assert.equal(notAbove('$125,000 CSL', '250/500'), true);
    assert.equal(dollars('$1,000 deductible'), 1000);
    assert.equal(dollars(DECLINE), null);
    assert.equal(optionLabel('15/30'), '$15,000/$30,000');
    assert.equal(optionLabel('$3,500'), '$3,500');
  });
});

describe('coverageLimits (doc 3 sections 3 and 9)', () => {
  it('formats every limit: no $, commas or "deductible"; CSL in thousands; rental per day/per loss', () => {
    let form = change('WI', completed('WI'), [OWNED], 'bodilyInjury', '$125,000 CSL');
    form = change('WI', form, [OWNED], 'uninsuredBodilyInjury', '$125,000 CSL');
    form = change('WI', form, [OWNED], 'comprehensiveDeductible', '$1,000 deductible');
    form = change('WI', form, [OWNED], 'collisionDeductible', '$2,000 deductible');
    const limits = coverageLimits('WI', form, [OWNED]);
    assert.equal(limit(limits, 'BI'), '125 CSL');
    assert.equal(limit(limits, 'UMBI'), '125 CSL');
    assert.equal(limit(limits, 'PD'), '25000');
    assert.equal(limit(limits, 'MP'), '2000');
    assert.equal(limit(limits, 'COMP', 0), '1000');
    assert.equal(limit(limits, 'COLL', 0), '2000');
    assert.equal(limit(limits, 'RENT', 0), '75/2250');
  });

  it('builds {name, type, indexNumber 0, limit}: POLICY entries and VEHICLE entries per vehicle', () => {
    const vehicles = [OWNED, LEASED];
    const limits = coverageLimits('AZ', completed('AZ', vehicles), vehicles);
    assert.deepEqual(limits.policy.map((entry) => entry.name), ['BI', 'PD', 'UMBI', 'UIM', 'MP']);
    assert.ok(limits.policy.every((entry) => entry.type === 'POLICY' && entry.indexNumber === 0));
    assert.equal(limits.vehicles.length, 2);
    for (const entries of limits.vehicles) {
      assert.deepEqual(entries.map((entry) => entry.name), ['COMP', 'COLL', 'RENT']);
      assert.ok(entries.every((entry) => entry.type === 'VEHICLE' && entry.indexNumber === 0));
    }
    assert.equal(limit(limits, 'BI'), '25/50');
    assert.equal(limits.tortOption, undefined);
  });

  it('sends declines as the decline text', () => {
    const form = change('AZ', completed('AZ'), [OWNED], 'comprehensiveDeductible', DECLINE);
    const limits = coverageLimits('AZ', form, [OWNED]);
    assert.equal(limit(limits, 'COMP', 0), DECLINE);
    assert.equal(limit(limits, 'COLL', 0), DECLINE);
    assert.equal(limit(limits, 'RENT', 0), undefined); // rental is not offered without comprehensive
  });

  it('tort: full -> F, otherwise L', () => {
    assert.equal(tortCode('full'), 'F');
    assert.equal(tortCode('limited'), 'L');
    const form = change('PA', completed('PA'), [OWNED], 'tortOption', 'full');
    assert.equal(coverageLimits('PA', form, [OWNED]).tortOption, 'F');
    assert.equal(coverageLimits('PA', change('PA', form, [OWNED], 'tortOption', 'limited'), [OWNED]).tortOption, 'L');
  });

  it('FL and PA stacking: Stacked -> S, otherwise NS; GA coverage type R or A; FL PIP set', () => {
    const fl = completed('FL');
    assert.equal(limit(coverageLimits('FL', fl, [OWNED]), 'UM'), 'NS');
    const stacked = coverageLimits('FL', change('FL', fl, [OWNED], 'uninsuredCoverageType', 'Stacked'), [OWNED]);
    assert.equal(limit(stacked, 'UM'), 'S');
    assert.equal(limit(stacked, 'PIP'), '10000');
    assert.equal(limit(stacked, 'PIPDeductible'), '500');
    assert.equal(limit(stacked, 'PIPDeductibleType'), 'Excluded - Named Insured & Resident Relative');
    assert.equal(limit(coverageLimits('PA', completed('PA'), [OWNED]), 'UM'), 'S');
    const ga = change('GA', completed('GA'), [OWNED], 'uninsuredCoverageType', 'A');
    assert.equal(limit(coverageLimits('GA', ga, [OWNED]), 'UM'), 'A');
    assert.equal(limit(coverageLimits('GA', ga, [OWNED]), 'PIP'), '2000');
  });

  it('GLASS YES on every vehicle in OR and CO (and IL), nowhere else', () => {
    const vehicles = [OWNED, LEASED];
    for (const state of ['OR', 'CO', 'IL']) {
      const limits = coverageLimits(state, completed(state, vehicles), vehicles);
      for (const entries of limits.vehicles) {
        assert.deepEqual(entries.find((entry) => entry.name === 'GLASS'), { name: 'GLASS', type: 'VEHICLE', indexNumber: 0, limit: 'YES' });
      }
    }
    for (const state of ['AZ', 'FL', 'GA', 'TX']) {
      const limits = coverageLimits(state, completed(state, vehicles), vehicles);
      assert.ok(limits.vehicles.every((entries) => !entries.some((entry) => entry.name === 'GLASS')), state);
    }
  });

  it('CO sends its uninsured property damage deductible as ACV w/ N DED', () => {
    const form = change('CO', completed('CO'), [OWNED], 'uninsuredBodilyInjury', '25/50');
    assert.equal(limit(coverageLimits('CO', form, [OWNED]), 'UMPD', 0), 'ACV w/ 100 DED');
  });

  it('PA: with combined first party benefits the individual ones are not sent', () => {
    let form = change('PA', completed('PA'), [OWNED], 'accidentalDeath', '$10,000');
    assert.equal(limit(coverageLimits('PA', form, [OWNED]), 'ADND'), '10000');
    assert.equal(limit(coverageLimits('PA', form, [OWNED]), 'FPB'), DECLINE);
    form = change('PA', form, [OWNED], 'combinedFirstParty', '$177,500');
    const limits = coverageLimits('PA', form, [OWNED]);
    assert.equal(limit(limits, 'FPB'), '177500');
    assert.equal(limit(limits, 'ADND'), undefined);
  });

  it('hidden fields are not sent (TX uninsured property damage with uninsured BI declined)', () => {
    const form = change('TX', completed('TX'), [OWNED], 'uninsuredBodilyInjury', DECLINE);
    const limits = coverageLimits('TX', form, [OWNED]);
    assert.equal(limit(limits, 'UMBI'), DECLINE);
    assert.equal(limit(limits, 'UMPD'), undefined);
    const taken = coverageLimits('TX', change('TX', form, [OWNED], 'uninsuredBodilyInjury', '30/60'), [OWNED]);
    assert.equal(limit(taken, 'UMPD'), '25000');
  });
});

/**
 * A state, its vehicles, and the form any sequence of the screen's choices leaves (then completed as
 * Continue asks): what the coverage step can send.
 */
const screenWalk = fc
  .tuple(
    fc.constantFrom(...COVERAGE_STATES),
    fc.array(fc.record({ financing: fc.constantFrom('own', 'lease', 'finance'), statedValue: fc.integer({ min: 1000, max: 300000 }) }), { minLength: 1, maxLength: 3 }),
    fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 25 }),
  )
  .map(([state, vehicles, picks]) => {
    let form = fresh(state, vehicles);
    for (const [vehiclePick, fieldPick, optionPick] of picks) {
      const vehicleIndex = vehiclePick % vehicles.length;
      const editable = coverageFields(state, form, vehicles, vehicleIndex).filter((field) => !field.readOnly && field.options.length > 0);
      const field = editable[fieldPick % Math.max(editable.length, 1)];
      if (!field) continue;
      form = change(state, form, vehicles, field.name, field.options[optionPick % field.options.length]!.value, vehicleIndex);
    }
    return { state, vehicles, form: fillRequired(state, form, vehicles) };
  });

describe('coverageProblems: the API\'s check of a request', () => {
  it('accepts what every state\'s completed form sends, for owned and financed vehicles', () => {
    const vehicles = [OWNED, LEASED];
    for (const state of COVERAGE_STATES) {
      const limits = coverageLimits(state, completed(state, vehicles), vehicles);
      assert.deepEqual(coverageProblems(state, limits, vehicles), [], state);
    }
  });

  it('answers the call-us message for a state without rules', () => {
    assert.deepEqual(coverageProblems('IL', { policy: [], vehicles: [[]] }, [OWNED]), [MESSAGES.callUs]);
  });

  const base = () => coverageLimits('AZ', completed('AZ'), [OWNED]);
  const edit = (limits: CoverageLimits, name: string, value: string | null, vehicleIndex?: number): CoverageLimits => {
    const copy: CoverageLimits = { policy: [...limits.policy], vehicles: limits.vehicles.map((e) => [...e]) };
    const list = vehicleIndex === undefined ? copy.policy : copy.vehicles[vehicleIndex]!;
    const at = list.findIndex((entry) => entry.name === name);
    if (value === null) list.splice(at, 1);
    else if (at >= 0) list[at] = { ...list[at]!, limit: value };
    else list.push({ name, type: vehicleIndex === undefined ? 'POLICY' : 'VEHICLE', indexNumber: 0, limit: value });
    return copy;
  };

  const cases: [string, (l: CoverageLimits) => CoverageLimits, readonly CoverageVehicle[], string][] = [
    ['a missing required limit', (l) => edit(l, 'BI', null), [OWNED], MESSAGES.coverageMissing('Bodily Injury')],
    ['a value not in the list', (l) => edit(l, 'BI', '20/40'), [OWNED], MESSAGES.coverageValue('Bodily Injury', '20/40')],
    ['uninsured BI above bodily injury', (l) => edit(l, 'UMBI', '100/300'), [OWNED],
      MESSAGES.coverageNotOffered('Uninsured Motorist Bodily Injury')],
    ['a limit name the state lacks', (l) => edit(l, 'FPB', '177500'), [OWNED], MESSAGES.coverageUnknown('FPB')],
    ['a decline on a leased car', (l) => edit(edit(edit(l, 'COMP', DECLINE, 0), 'COLL', DECLINE, 0), 'RENT', null, 0), [LEASED],
      MESSAGES.coverageNotOffered('Comprehensive')],
    ['a deductible above the stated value', (l) => edit(l, 'COMP', '2000', 0), [{ financing: 'own', statedValue: 1500 }],
      MESSAGES.coverageNotOffered('Comprehensive')],
    ['comprehensive declined, collision kept', (l) => edit(edit(l, 'COMP', DECLINE, 0), 'RENT', null, 0), [OWNED],
      MESSAGES.coveragePairWarning],
    ['rental without comprehensive', (l) => edit(edit(l, 'COMP', DECLINE, 0), 'COLL', DECLINE, 0), [OWNED],
      MESSAGES.coverageNotOffered('Rental Reimbursement')],
    ['a second vehicle without limits', (l) => l, [OWNED, OWNED], MESSAGES.coverageVehicleCount],
  ];
  for (const [what, broken, vehicles, message] of cases) {
    it(`refuses ${what}`, () => {
      assert.ok(coverageProblems('AZ', broken(base()), vehicles).includes(message), what);
    });
  }

  it('refuses a derived package value that does not match bodily injury (generic form)', () => {
    const limits = coverageLimits('OR', completed('OR'), [OWNED]);
    const changed = { ...limits, policy: limits.policy.map((e) => (e.name === 'PD' ? { ...e, limit: '100000' } : e)) };
    assert.deepEqual(coverageProblems('OR', changed, [OWNED]), [MESSAGES.coverageNotOffered('Property Damage')]);
    const noGlass = { ...limits, vehicles: limits.vehicles.map((e) => e.filter((x) => x.name !== 'GLASS')) };
    assert.deepEqual(coverageProblems('OR', noGlass, [OWNED]), [MESSAGES.coverageMissing('Glass')]);
  });

  it('refuses FL property damage outside the table and PA without a tort option', () => {
    const fl = coverageLimits('FL', completed('FL'), [OWNED]);
    const wrong = { ...fl, policy: fl.policy.map((e) => (e.name === 'PD' ? { ...e, limit: '250000' } : e)) };
    assert.deepEqual(coverageProblems('FL', wrong, [OWNED]), [MESSAGES.coverageNotOffered('Property Damage')]);
    const pa = coverageLimits('PA', completed('PA'), [OWNED]);
    assert.deepEqual(coverageProblems('PA', { ...pa, tortOption: undefined }, [OWNED]), [MESSAGES.coverageMissing('Tort Option')]);
  });

  it('reads a request\'s limits', () => {
    const limits = base();
    const request = { limits: limits.policy, vehicles: [{ coverageLimits: limits.vehicles[0]! }], tortOption: 'F' };
    assert.deepEqual(limitsOfRequest(request), { ...limits, tortOption: 'F' });
  });

  it('property: any sequence of choices the screen offers ends in a request the API accepts', () => {
    fc.assert(
      fc.property(screenWalk, ({ state, vehicles, form }) => {
        assert.deepEqual(coverageErrors(state, form, vehicles), []);
        assert.deepEqual(coverageProblems(state, coverageLimits(state, form, vehicles), vehicles), []);
      }),
      { numRuns: 300, seed: 4 },
    );
  });
});

describe('formOfLimits: the form a quote without a selection of its own opens with', () => {
  it('property: the form read from any limits the screen sends gives those limits again', () => {
    fc.assert(
      fc.property(screenWalk, ({ state, vehicles, form }) => {
        const limits = coverageLimits(state, form, vehicles);
        const read = formOfLimits(state, limits, vehicles.length, form.policyEffectiveDate);
        assert.ok(read);
        assert.equal(read.policyEffectiveDate, form.policyEffectiveDate);
        assert.ok(sameLimits(coverageLimits(state, read, vehicles), limits), `${state}: ${JSON.stringify(read)}`);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('leaves a value the state does not offer unchosen, and answers null for a state without rules', () => {
    const limits = coverageLimits('TX', completed('TX'), [OWNED]);
    const odd = { ...limits, policy: limits.policy.map((entry) => (entry.name === 'BI' ? { ...entry, limit: '1/2' } : entry)) };
    assert.equal(formOfLimits('TX', odd, 1, '')!.shared.bodilyInjury, '');
    assert.equal(formOfLimits('ZZ', limits, 1, ''), null);
  });
});
