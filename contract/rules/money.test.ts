import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import {
  annualMiles, formatDollars, formatLimitText, formatPerMileRate, householdCount, insuredValue, mileageNoticeDue, parseDollars, requestMiles, statedValue,
} from './money.ts';

const messageOf = (result: ReturnType<typeof check>) => (result.ok ? undefined : result.errors[0]!.message);

describe('insured value: $1,000 to $300,000, at most 6 integer digits', () => {
  it('reads the dollar mask', () => {
    assert.equal(parseDollars('$85,000'), 85000);
    assert.equal(parseDollars('85,000.00'), 85000);
    assert.equal(parseDollars(' 85000 '), 85000);
    assert.equal(parseDollars('85,000.50'), null);
    assert.equal(parseDollars('-5'), null);
    assert.equal(parseDollars('abc'), null);
  });
  it('accepts both ends and refuses one dollar outside', () => {
    assert.deepEqual(check('$1,000', insuredValue), { ok: true, value: 1000 });
    assert.deepEqual(check('$300,000', insuredValue), { ok: true, value: 300000 });
    assert.deepEqual(check(150000, insuredValue), { ok: true, value: 150000 });
    const message = 'Please enter an insured value between $1,000 and $300,000.';
    assert.equal(messageOf(check('$999', insuredValue)), message);
    assert.equal(messageOf(check('$300,001', insuredValue)), message);
    assert.equal(messageOf(check('$1,000,000', insuredValue)), message); // 7 integer digits
    assert.equal(messageOf(check('$85,000.50', insuredValue)), message);
    assert.equal(messageOf(check('', insuredValue)), MESSAGES.required);
  });
  it('sends digits only in the request', () => {
    assert.deepEqual(check('$85,000', statedValue), { ok: true, value: '85000' });
    assert.deepEqual(check(85000, statedValue), { ok: true, value: '85000' });
    assert.equal(messageOf(check('999', statedValue)), MESSAGES.insuredValue);
    assert.equal(messageOf(check(undefined, statedValue)), MESSAGES.required);
  });
  it('shows dollars with separators', () => {
    assert.equal(formatDollars(85000), '$85,000');
  });
  it('shows a per-mile rate to 3 decimals everywhere (doc 3 section 9)', () => {
    assert.equal(formatPerMileRate(0.065), '$0.065');
    assert.equal(formatPerMileRate(0.07), '$0.070');
    assert.equal(formatPerMileRate(0.0714), '$0.071');
  });
});

describe('annual miles and household count', () => {
  it('takes up to 7 digits', () => {
    assert.deepEqual(check('12,000', annualMiles), { ok: true, value: 12000 });
    assert.deepEqual(check('9999999', annualMiles), { ok: true, value: 9999999 });
    assert.equal(messageOf(check('10000000', annualMiles)), MESSAGES.annualMiles);
    assert.equal(messageOf(check('12k', annualMiles)), MESSAGES.annualMiles);
    assert.equal(messageOf(check('', annualMiles)), MESSAGES.required);
  });
  it('caps request miles at 14,600', () => {
    assert.equal(requestMiles(20000), 14600);
    assert.equal(requestMiles(8000), 8000);
  });
  it('gives the mileage notice exactly when the quote is based on fewer miles than entered, and names that number (issue 20)', () => {
    assert.equal(mileageNoticeDue(14_000), false, '14,000 is quoted as 14,000');
    assert.equal(mileageNoticeDue(14_600), false);
    assert.equal(mileageNoticeDue(14_601), true);
    assert.equal(mileageNoticeDue(18_000), true);
    assert.equal(requestMiles(18_000), 14_600);
    assert.ok(MESSAGES.mileageNotice.startsWith('We will quote your vehicle based on 14,600 annual miles;'), MESSAGES.mileageNotice);
  });
  it('counts a household in whole people', () => {
    assert.deepEqual(check('3', householdCount), { ok: true, value: 3 });
    assert.equal(messageOf(check('0', householdCount)), MESSAGES.householdCount);
    assert.equal(messageOf(check('two', householdCount)), MESSAGES.householdCount);
  });
});

describe('formatLimitText (issue 11: one format of a limit on steps 4 and 5)', () => {
  it('writes each amount in dollars with its $ and separators', () => {
    assert.equal(formatLimitText('100,000/300,000'), '$100,000/$300,000');
    assert.equal(formatLimitText('100000/300000'), '$100,000/$300,000');
    assert.equal(formatLimitText('$100,000/$300,000'), '$100,000/$300,000');
    assert.equal(formatLimitText('500'), '$500');
    assert.equal(formatLimitText('1,000'), '$1,000');
    assert.equal(formatLimitText('50/1,500'), '$50/$1,500');
    assert.equal(formatLimitText('100,000 CSL'), '$100,000 CSL');
  });

  it('leaves texts as they are', () => {
    for (const text of ['Coverage Declined', 'I decline this coverage', 'Stacked', 'ACV w/ 100 DED', 'Combined Benefits Selected', '']) {
      assert.equal(formatLimitText(text), text);
    }
  });
});
