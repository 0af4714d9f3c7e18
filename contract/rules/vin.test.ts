import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { hasValidCheckDigit, isPlaceholderVin, isVin, vin, vinCheckDigit, vinFromTyping } from './vin.ts';

const messageOf = (result: ReturnType<typeof check>) => (result.ok ? undefined : result.errors[0]!.message);
const GOOD = '1HGCM82633A004352';

describe('VIN', () => {
  it('accepts 17 letters and digits, upper-casing them', () => {
    assert.deepEqual(check(GOOD, vin), { ok: true, value: GOOD });
    assert.deepEqual(check(GOOD.toLowerCase(), vin), { ok: true, value: GOOD });
    assert.equal(isVin(GOOD), true);
  });
  it('refuses 16 and 18 characters with the spec text', () => {
    assert.equal(messageOf(check(GOOD.slice(0, 16), vin)), 'The VIN must be 17 characters. Please try again.');
    assert.equal(messageOf(check(`${GOOD}1`, vin)), 'The VIN must be 17 characters. Please try again.');
  });
  it('refuses I, O and Q and anything but letters and digits', () => {
    for (const letter of ['I', 'O', 'Q', '*', '-']) {
      const bad = `${GOOD.slice(0, 10)}${letter}${GOOD.slice(11)}`;
      assert.equal(messageOf(check(bad, vin)), MESSAGES.vinCharacters, bad);
    }
  });
  it('says required when empty', () => {
    assert.equal(messageOf(check('', vin)), MESSAGES.required);
  });
  it('types O as 0 and I as 1, upper-cased, as the VIN field does', () => {
    assert.equal(vinFromTyping('wp0ab2a9okS1i4315'), 'WP0AB2A90KS114315');
    assert.equal(vinFromTyping('1hg cm82633a004352'), GOOD);
  });
});

describe('placeholder VINs (doc 3 section 2)', () => {
  it('treats a real VIN as usable', () => {
    assert.equal(isPlaceholderVin(GOOD), false);
    assert.equal(isPlaceholderVin('WP0AB2A90KS100001'), false); // a serial 00001: a run of 4
  });
  it('flags wrong lengths, * or !, I O Q, and seven zeros in a row', () => {
    assert.equal(isPlaceholderVin(GOOD.slice(0, 16)), true);
    assert.equal(isPlaceholderVin(`${GOOD}X`), true);
    assert.equal(isPlaceholderVin('WP0AB2A9*KS114315'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9!KS114315'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9IKS114315'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9OKS114315'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9QKS114315'), true);
    assert.equal(isPlaceholderVin('00000000000000000'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9000000000'), true);
    assert.equal(isPlaceholderVin('WP0AB2A9XK0000001'), false); // six zeros: still possible in a real VIN
    assert.equal(isPlaceholderVin('WP0AB2A9X0000000K'), true); // seven
    assert.equal(isPlaceholderVin(undefined), true);
  });
});

describe('check digit (49 CFR 565.15)', () => {
  it('computes the known examples', () => {
    assert.equal(vinCheckDigit(GOOD), '3');
    assert.equal(vinCheckDigit('1M8GDM9AXKP042788'), 'X');
    assert.equal(vinCheckDigit('11111111111111111'), '1');
    assert.equal(hasValidCheckDigit(GOOD), true);
    assert.equal(hasValidCheckDigit('1M8GDM9AXKP042788'), true);
    assert.equal(hasValidCheckDigit('1HGCM82643A004352'), false);
  });
  it('is null for a value that is not a VIN', () => {
    assert.equal(vinCheckDigit('1HGCM82633A00435'), null);
    assert.equal(vinCheckDigit('1HGCM82633A00435O'), null);
  });
});
