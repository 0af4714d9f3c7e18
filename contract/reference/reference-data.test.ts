import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PRIOR_CARRIERS, carrierByValue } from './carriers.ts';
import { DEALERS, agencyCodeFor, dealerByCode } from './dealers.ts';
import { OCCUPATION_INDUSTRIES, industryByValue } from './occupations.ts';
import { DEFAULT_AGENCY_CODE, DEFAULT_PREVIOUS_COMPANY, WRITING_STATES, inStates } from '../index.ts';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('dealers (fictional samples)', () => {
  test('19 dealers with unique codes and agency codes, in the writing states', () => {
    assert.equal(DEALERS.length, 19);
    assert.ok(unique(DEALERS.map((d) => d.code)));
    assert.ok(unique(DEALERS.map((d) => d.agencyCode)));
    assert.ok(DEALERS.every((d) => inStates(WRITING_STATES, d.state) && d.agencyCode !== DEFAULT_AGENCY_CODE));
    assert.equal(dealerByCode('AZ01')?.name, 'Saguaro Sports Cars');
    assert.equal(dealerByCode('nope'), undefined);
  });

  test("the agency code is the dealer's when heard of from a known dealer, the default otherwise", () => {
    assert.equal(agencyCodeFor('Dealer', 'AZ01'), '13022-2');
    assert.equal(agencyCodeFor('Dealer', 'XX99'), DEFAULT_AGENCY_CODE);
    assert.equal(agencyCodeFor('Porsche Club', 'AZ01'), DEFAULT_AGENCY_CODE);
    assert.equal(agencyCodeFor('Search engine', ''), DEFAULT_AGENCY_CODE);
  });
});

describe('occupations by industry', () => {
  test('the special codes are single-option industries and Other is free text', () => {
    for (const [value, code] of [['Homemaker', '10'], ['Retired', '20'], ['Unemployed', '30'], ['Student', '40']] as const) {
      assert.deepEqual(industryByValue(value)?.occupations, [{ code, label: value }]);
    }
    assert.deepEqual(industryByValue('Other')?.occupations, []);
    assert.equal(industryByValue('Nope'), undefined);
  });

  test('industries and occupation codes are unique; listed industries offer several occupations', () => {
    assert.ok(OCCUPATION_INDUSTRIES.length >= 15 && OCCUPATION_INDUSTRIES.length <= 22);
    assert.ok(unique(OCCUPATION_INDUSTRIES.map((i) => i.value)));
    assert.ok(unique(OCCUPATION_INDUSTRIES.flatMap((i) => i.occupations.map((o) => o.code))));
    const listed = OCCUPATION_INDUSTRIES.filter((i) => i.occupations.length > 1);
    assert.ok(listed.length >= 14);
    assert.deepEqual(industryByValue('Information Technology')?.occupations[0], { code: 'IT01', label: 'Software Developer' });
  });
});

describe('prior carriers', () => {
  test('about 60 carriers, unique values, each flagged S or N, with both catch-alls', () => {
    assert.ok(PRIOR_CARRIERS.length >= 55 && PRIOR_CARRIERS.length <= 70, String(PRIOR_CARRIERS.length));
    assert.ok(unique(PRIOR_CARRIERS.map((c) => c.value)));
    assert.ok(PRIOR_CARRIERS.every((c) => c.standard === 'S' || c.standard === 'N'));
    assert.equal(carrierByValue(DEFAULT_PREVIOUS_COMPANY)?.standard, 'S');
    assert.equal(carrierByValue('OTHER NON-STANDARD')?.standard, 'N');
    assert.equal(carrierByValue('STATE FARM')?.standard, 'S');
    assert.equal(carrierByValue('THE GENERAL')?.standard, 'N');
  });
});
