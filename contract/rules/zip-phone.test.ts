import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { isZip, zip, zipDigits } from './zip.ts';
import { formatUsPhone, isUsPhone, optionalUsPhone, usPhone } from './phone.ts';
import { object } from 'superstruct';

const messageOf = (result: ReturnType<typeof check>) => (result.ok ? undefined : result.errors[0]!.message);

describe('ZIP: digits only, exactly 5, non-digits stripped', () => {
  it('accepts 5 digits', () => {
    assert.deepEqual(check('85004', zip), { ok: true, value: '85004' });
  });
  it('refuses 4 and 6 digits', () => {
    assert.equal(messageOf(check('8500', zip)), 'Please enter a 5-digit ZIP code.');
    assert.equal(messageOf(check('850041', zip)), 'Please enter a 5-digit ZIP code.');
  });
  it('strips dashes, spaces and letters before counting', () => {
    assert.deepEqual(check('85-004', zip), { ok: true, value: '85004' });
    assert.deepEqual(check(' 8 5 0 0 4 ', zip), { ok: true, value: '85004' });
    assert.equal(zipDigits('AZ 85004'), '85004');
    // ZIP+4 keeps nine digits: the spec asks for exactly five
    assert.equal(messageOf(check('85004-1234', zip)), MESSAGES.zip);
  });
  it('says required when nothing (or nothing numeric) is typed', () => {
    assert.equal(messageOf(check('', zip)), MESSAGES.required);
    assert.equal(messageOf(check('--', zip)), MESSAGES.required);
    assert.equal(messageOf(check(undefined, zip)), MESSAGES.required);
  });
  it('has a plain predicate', () => {
    assert.equal(isZip('85004'), true);
    assert.equal(isZip('85-004'), false);
  });
});

describe('US phone 000-000-0000', () => {
  it('accepts the dashed form and writes 10 digits as it', () => {
    assert.deepEqual(check('602-555-0134', usPhone), { ok: true, value: '602-555-0134' });
    assert.deepEqual(check('6025550134', usPhone), { ok: true, value: '602-555-0134' });
    assert.deepEqual(check('(602) 555-0134', usPhone), { ok: true, value: '602-555-0134' });
    assert.deepEqual(check('+1 602 555 0134', usPhone), { ok: true, value: '602-555-0134' });
    assert.equal(formatUsPhone('800.400.4128'), '800-400-4128');
  });
  it('refuses area or exchange codes starting 0 or 1, and wrong lengths', () => {
    const message = 'Please enter a valid US phone number as 000-000-0000.';
    for (const bad of ['102-555-0134', '002-555-0134', '602-155-0134', '602-055-0134', '602-555-013', '602-555-01345', 'phone']) {
      assert.equal(messageOf(check(bad, usPhone)), message, bad);
    }
    assert.equal(isUsPhone('602-555-0134'), true);
    assert.equal(isUsPhone('6025550134'), false);
  });
  it('is required where the spec requires it, optional where it says "if given"', () => {
    assert.equal(messageOf(check('', usPhone)), MESSAGES.required);
    const form = object({ phone: optionalUsPhone });
    assert.deepEqual(check({}, form), { ok: true, value: {} });
    assert.deepEqual(check({ phone: '' }, form), { ok: true, value: { phone: undefined } });
    assert.deepEqual(check({ phone: '6025550134' }, form), { ok: true, value: { phone: '602-555-0134' } });
    assert.deepEqual(check({ phone: '123' }, form), { ok: false, errors: [{ path: 'phone', message: MESSAGES.phone }] });
  });
});
