import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ACCIDENTS_CONVICTIONS, CREDIT_SCORES, EDUCATION_LEVELS, GARAGE_SAME_AS_MAILING, HEAR_ABOUT, LICENSE_STATUSES,
  OWNERSHIP_LENGTH, PAY_PLANS, PRIOR_INSURANCE, TIME_WITH_ISSUER, genderOptions, purposeOptions, showsMiles,
  defaultOccupationCode,
} from './options.ts';
import { LIMIT_DESCRIPTIONS, LIMIT_NAMES, formatLimit } from './limit-names.ts';
import { QUOTE_STATES, RESIDENCY_STATES, UNLIMITED_STATES } from './quoting-states.ts';
import { DRIVER_STATES, NOT_WRITING_STATES, US_STATES, WRITING_STATES, inStates } from './states.ts';

const values = (list: readonly { value: unknown }[]) => list.map((o) => o.value);

describe('reference lists (doc 2 section 9, doc 3 section 9)', () => {
  it('holds the 50 states and DC, and the programme lists of DESIGN.md', () => {
    assert.equal(US_STATES.length, 51);
    assert.deepEqual([...WRITING_STATES], ['AZ', 'CO', 'FL', 'GA', 'OH', 'OR', 'TN', 'TX']);
    assert.deepEqual([...UNLIMITED_STATES], ['AZ', 'CO', 'GA', 'OH', 'OR', 'TN', 'TX']);
    assert.deepEqual([...RESIDENCY_STATES], ['AZ', 'OH', 'PA', 'TN', 'WI']);
    assert.deepEqual([...NOT_WRITING_STATES], DRIVER_STATES.filter((s) => !inStates(WRITING_STATES, s)));
    assert.equal(inStates(QUOTE_STATES, 'CA'), true);
    assert.equal(inStates(QUOTE_STATES, 'PA'), false);
  });

  it('carries the spec values of each option list', () => {
    assert.deepEqual(CREDIT_SCORES.map((o) => `${o.label} ${o.value}`),
      ['Excellent 800', 'Pretty Good 780', 'Just OK 595', 'Not Very Good 550']);
    assert.equal(HEAR_ABOUT.length, 9);
    assert.deepEqual(values(GARAGE_SAME_AS_MAILING), [1, 2]);
    assert.deepEqual(values(PRIOR_INSURANCE), [3, 0, 1, 2]);
    assert.deepEqual(values(TIME_WITH_ISSUER), [0, 1, 2]);
    assert.deepEqual(values(ACCIDENTS_CONVICTIONS), [0, 1, 2, 3]);
    assert.deepEqual(values(LICENSE_STATUSES), ['ACTIVE', 'EXPIRED', 'REVOKED', 'SUSPENDED']);
    assert.deepEqual(values(OWNERSHIP_LENGTH), ['<1', '1-2', '3-4', '5+']);
    assert.deepEqual(values(EDUCATION_LEVELS), [
      'GraduateSchool', 'CollegeGraduated', 'CollegeEnrolled', 'CollegeNotCompleted', 'TradeSchool', 'HighSchool', 'NoHighSchool',
    ]);
    assert.deepEqual(PAY_PLANS, { monthly: 18, biannually: 21 });
  });

  it("offers OR's 'Prefer not to say' (Unspecified) and PA's commute purpose only there", () => {
    assert.deepEqual(genderOptions('OR').at(-1), { value: 'Unspecified', label: 'Prefer not to say' });
    assert.deepEqual(values(genderOptions('TX')), ['Male', 'Female']);
    assert.deepEqual(purposeOptions('PA')[0], { value: 'COMMUTE NY/NJ', label: 'Commute to NJ or NY.' });
    assert.deepEqual(values(purposeOptions('AZ')), ['Pleasure', 'Business']);
    assert.equal(showsMiles('COMMUTE NY/NJ'), true);
    assert.equal(showsMiles('Business'), false);
    assert.equal(defaultOccupationCode('FL'), '125');
    assert.equal(defaultOccupationCode('AZ'), 'AF7');
  });

  it('names every limit of doc 3 section 3 and writes limits as the request carries them', () => {
    assert.equal(LIMIT_NAMES.length, 23);
    assert.deepEqual(Object.keys(LIMIT_DESCRIPTIONS), [...LIMIT_NAMES]);
    assert.equal(LIMIT_DESCRIPTIONS.UMUIMBI, 'Uninsured Bodily');
    assert.equal(formatLimit('$100,000/$300,000'), '100000/300000');
    assert.equal(formatLimit('$500 Deductible'), '500');
    assert.equal(formatLimit('$100,000 CSL'), '100 CSL');
  });
});
