import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { object } from 'superstruct';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { US_STATES, stateName, type StateCode } from '../reference/states.ts';
import {
  LICENCE_FORMATS, isLicenceNumber, licenceNumberBesides, licenceNumberFor, licenceRuleName,
  normaliseLicenceNumber, sameLicenceNumber,
} from './licence.ts';
import { stateCode } from './state.ts';

/** One accepted and one refused number per state, read off doc 2 section 5's list. */
const CASES: Record<StateCode, { accepted: string; refused: string }> = {
  AL: { accepted: '1234567', refused: '12345678' },
  AK: { accepted: '1', refused: '12345678' },
  AZ: { accepted: 'A12345678', refused: 'A1234567' },
  AR: { accepted: '1234', refused: '123' },
  CA: { accepted: 'A1234567', refused: 'A123456' },
  CO: { accepted: 'AB12345', refused: 'ABC123' },
  CT: { accepted: '123456789', refused: '12345678' },
  DE: { accepted: '1234567', refused: 'A1' },
  DC: { accepted: '1234567', refused: '12345678' },
  FL: { accepted: 'A123456789012', refused: 'A12345678901' },
  GA: { accepted: '1234567', refused: '123456' },
  HI: { accepted: '123456789', refused: 'AB1234567' },
  ID: { accepted: 'AB123456C', refused: 'AB1234567' },
  IL: { accepted: 'A12345678901', refused: 'A1234567890' },
  IN: { accepted: '1234567890', refused: 'A1234567890' },
  IA: { accepted: '123AB4567', refused: '12AB34567' },
  KS: { accepted: 'A1B2C', refused: 'A1B2' },
  KY: { accepted: 'A123456789', refused: 'A1234567' },
  LA: { accepted: '123456789', refused: '1234567890' },
  ME: { accepted: '1234567A', refused: '123456AB' },
  MD: { accepted: 'A123456789012', refused: '1234567890123' },
  MA: { accepted: 'A12345678', refused: 'AB2345678' },
  MI: { accepted: 'A123456789012', refused: 'A12345678901' },
  MN: { accepted: 'A123456789012', refused: 'AB23456789012' },
  MS: { accepted: '123456789', refused: 'A12345678' },
  MO: { accepted: 'A123456R', refused: '1234567AB' },
  MT: { accepted: '12345678901234', refused: '123456789012' },
  NE: { accepted: 'A123456', refused: 'A12345' },
  NV: { accepted: 'X12345678', refused: 'Y12345678' },
  NH: { accepted: '12ABC34567', refused: '12AB345678' },
  NJ: { accepted: 'A12345678901234', refused: 'A1234567890123' },
  NM: { accepted: '12345678', refused: '1234567' },
  NY: { accepted: 'ABCDEFGH', refused: 'ABCDEFG' },
  NC: { accepted: '123456789012', refused: '1234567890123' },
  ND: { accepted: 'ABC123456', refused: 'AB1234567' },
  OH: { accepted: 'AB1234567', refused: 'ABC12345' },
  OK: { accepted: 'A123456789', refused: 'A12345678' },
  OR: { accepted: 'A1B2C3', refused: '1234567890' },
  PA: { accepted: '12345678', refused: '1234567' },
  RI: { accepted: 'A123456', refused: 'A1234567' },
  SC: { accepted: '12345', refused: '1234' },
  SD: { accepted: '123456789012', refused: '12345678901' },
  TN: { accepted: '123456789', refused: '1234567890' },
  TX: { accepted: '12345678', refused: '123456789' },
  UT: { accepted: '1234', refused: '12345678901' },
  VT: { accepted: '1234567A', refused: '1234567B' },
  VA: { accepted: 'A12345678901', refused: 'A1234567' },
  WA: { accepted: 'A*1234567890', refused: 'A1234567890' },
  WV: { accepted: 'AB12345', refused: 'ABC1234' },
  WI: { accepted: 'A1234567890123', refused: 'A123456789012' },
  WY: { accepted: '1234567890', refused: '12345678' },
};

describe('licence number formats (doc 2 section 5)', () => {
  it('has a rule for each of the 50 states and DC', () => {
    assert.deepEqual(Object.keys(LICENCE_FORMATS).sort(), US_STATES.map((s) => s.value).sort());
    assert.equal(Object.keys(LICENCE_FORMATS).length, 51);
  });

  for (const { value: state, label } of US_STATES) {
    const { accepted, refused } = CASES[state];
    it(`${state} (${LICENCE_FORMATS[state].spec}): accepts ${accepted}, refuses ${refused}`, () => {
      assert.equal(isLicenceNumber(state, accepted), true);
      assert.equal(isLicenceNumber(state, refused), false);
      assert.deepEqual(check(accepted, licenceNumberFor(state)), { ok: true, value: accepted });
      assert.deepEqual(check(refused, licenceNumberFor(state)), {
        ok: false,
        errors: [{ path: '', message: `Please enter a valid ${label} driver's license number.` }],
      });
    });
  }

  it('takes letters in any case', () => {
    assert.equal(isLicenceNumber('CA', 'a1234567'), true);
    assert.equal(isLicenceNumber('VT', '1234567a'), true);
    assert.equal(isLicenceNumber('NV', 'x12345678'), true);
  });

  it("strips everything but letters, digits and '*' first", () => {
    assert.equal(normaliseLicenceNumber(' D12-345.67 '), 'D1234567');
    assert.equal(normaliseLicenceNumber('A*12 34'), 'A*1234');
    assert.deepEqual(check('A123-4567', licenceNumberFor('CA')), { ok: true, value: 'A1234567' });
    assert.equal(isLicenceNumber('TX', '1234-5678'), true);
    // '*' survives, so it is refused where the format has no place for it
    assert.equal(isLicenceNumber('TX', '1234*5678'), false);
  });

  it('compares numbers for the duplicate rule without case or punctuation', () => {
    assert.equal(sameLicenceNumber('a123-4567', 'A1234567'), true);
    assert.equal(sameLicenceNumber('A1234567', 'A1234568'), false);
  });

  it('names its rule as the original did', () => {
    assert.equal(licenceRuleName('TX'), 'DL#TX');
  });

  it('follows the licence state beside it in a form', () => {
    const driver = object({ licenseState: stateCode, licenseNum: licenceNumberBesides() });
    assert.equal(check({ licenseState: 'TX', licenseNum: '12345678' }, driver).ok, true);
    assert.deepEqual(check({ licenseState: 'CA', licenseNum: '12345678' }, driver), {
      ok: false,
      errors: [{ path: 'licenseNum', message: MESSAGES.licence(stateName('CA')!) }],
    });
    assert.deepEqual(check({ licenseState: '', licenseNum: '' }, driver), {
      ok: false,
      errors: [
        { path: 'licenseState', message: MESSAGES.state },
        { path: 'licenseNum', message: MESSAGES.required },
      ],
    });
    assert.equal(MESSAGES.licence('Texas'), "Please enter a valid Texas driver's license number.");
  });
});
