import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ODOMETER_MESSAGES } from './messages.ts';
import { decideReading, DEFAULT_MAX_MILES_PER_DAY, UNREADABLE_RETAKES, type VerdictInput } from './verdict.ts';

const ISSUED = new Date('2026-03-01T09:00:00Z');
const NOW = new Date('2026-03-04T18:30:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A photo that passes every rule: both passes read what was typed, taken inside the window, 30 miles a day. */
const clean: VerdictInput = {
  typed: '012345',
  ocr: { first: '012345', second: '012345' },
  previous: { reading: 12_045, at: new Date(NOW.getTime() - 10 * DAY) },
  capturedAt: { at: new Date(NOW.getTime() - HOUR), zoned: true },
  window: { from: ISSUED, to: NOW },
};

const verdict = (change: Partial<VerdictInput>) => decideReading({ ...clean, ...change });

function reasonsOf(change: Partial<VerdictInput>): string[] {
  const outcome = verdict(change);
  assert.equal(outcome.status, 'needs_review', JSON.stringify(outcome));
  return outcome.status === 'needs_review' ? outcome.reasons : [];
}

describe('odometer verdict', () => {
  test('both passes read the typed reading, plausible mileage, taken in the window: verified', () => {
    assert.deepEqual(verdict({}), { status: 'verified' });
  });

  test('leading zeros: the display shows them, the person need not type them', () => {
    assert.deepEqual(verdict({ typed: '12345' }), { status: 'verified' });
    assert.deepEqual(verdict({ ocr: { first: '12345', second: '012345' } }), { status: 'verified' });
  });

  test('a first reading has no previous one to compare with', () => {
    assert.deepEqual(verdict({ previous: null, typed: '000007', ocr: { first: '000007', second: '000007' } }), { status: 'verified' });
  });

  test('a typed reading below the last one is rejected with a message that says what to do', () => {
    const outcome = verdict({ typed: '11999', ocr: { first: '011999', second: '011999' } });
    assert.deepEqual(outcome, { status: 'rejected', message: ODOMETER_MESSAGES.belowPrevious(11_999, 12_045) });
    assert.match(ODOMETER_MESSAGES.belowPrevious(11_999, 12_045), /11,999 miles.*12,045 miles\. Please check the odometer and type the reading again\.$/);
  });

  test('the same reading as last time is not below it (the car stood still)', () => {
    assert.deepEqual(verdict({ typed: '12045', ocr: { first: '012045', second: '012045' } }), { status: 'verified' });
  });

  test('a typed reading that differs from the photo goes to review, naming both', () => {
    assert.deepEqual(reasonsOf({ typed: '012354' }), ['the photo reads 012345, the typed reading is 012354']);
  });

  test('two passes that disagree go to review, even when one of them matches the typed reading', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: '012345', second: '012845' } }), [
      'the two OCR passes disagree: 012345 and 012845; the typed reading is 012345',
    ]);
  });

  test('one pass alone is not enough', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: null, second: '012345' } }), ['only one OCR pass read the photo: 012345; the typed reading is 012345']);
    assert.deepEqual(reasonsOf({ ocr: { first: '012345', second: null } }), ['only one OCR pass read the photo: 012345; the typed reading is 012345']);
  });

  test('nothing readable is rejected at once, asking for a closer, sharper photo', () => {
    assert.deepEqual(verdict({ ocr: { first: null, second: null } }), { status: 'rejected', message: ODOMETER_MESSAGES.unreadable });
    assert.deepEqual(verdict({ ocr: { first: null, second: null }, unreadableBefore: UNREADABLE_RETAKES - 1 }), { status: 'rejected', message: ODOMETER_MESSAGES.unreadable });
  });

  test('after the retakes, an unreadable photo goes to a person instead of back to the sender', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: null, second: null }, unreadableBefore: UNREADABLE_RETAKES }), [
      'neither OCR pass could read the photo (the 3rd unreadable photo for this request); the typed reading is 012345',
    ]);
  });

  test('a reading below the last one is rejected before the photo is judged', () => {
    assert.deepEqual(verdict({ typed: '100', ocr: { first: null, second: null } }), { status: 'rejected', message: ODOMETER_MESSAGES.belowPrevious(100, 12_045) });
  });

  test('more miles a day than the ceiling goes to review', () => {
    const previous = { reading: 10_000, at: new Date(NOW.getTime() - 2 * DAY) };
    assert.deepEqual(reasonsOf({ previous, typed: '012345', ocr: { first: '012345', second: '012345' } }), [
      '2,345 miles in 2 days since the last reading (1,173 a day; the ceiling is 1,000)',
    ]);
    assert.deepEqual(verdict({ previous: { ...previous, reading: 12_345 - 2 * DEFAULT_MAX_MILES_PER_DAY } }), { status: 'verified' });
  });

  test('the ceiling is configurable', () => {
    const previous = { reading: 12_045, at: new Date(NOW.getTime() - 10 * DAY) };
    assert.equal(verdict({ previous, maxMilesPerDay: 29 }).status, 'needs_review');
    assert.equal(verdict({ previous, maxMilesPerDay: 30 }).status, 'verified');
  });

  test('a reading sent the same day is judged per day, not per hour', () => {
    const previous = { reading: 12_045, at: new Date(NOW.getTime() - HOUR) };
    assert.deepEqual(verdict({ previous }), { status: 'verified' });
  });

  test('a photo taken before the request was sent goes to review', () => {
    assert.deepEqual(reasonsOf({ capturedAt: { at: new Date('2026-02-10T08:00:00Z'), zoned: true } }), [
      'the photo was taken 2026-02-10 08:00 UTC, before the request was sent (2026-03-01 09:00 UTC)',
    ]);
  });

  test('a photo dated after it arrived goes to review (a phone clock set wrong, or an edited file)', () => {
    assert.deepEqual(reasonsOf({ capturedAt: { at: new Date(NOW.getTime() + DAY), zoned: true } }), [
      'the photo was taken 2026-03-05 18:30 UTC, after it was received (2026-03-04 18:30 UTC)',
    ]);
  });

  test('a few minutes of clock skew are forgiven', () => {
    assert.deepEqual(verdict({ capturedAt: { at: new Date(NOW.getTime() + 5 * 60_000), zoned: true } }), { status: 'verified' });
    assert.deepEqual(verdict({ capturedAt: { at: new Date(ISSUED.getTime() - 5 * 60_000), zoned: true } }), { status: 'verified' });
  });

  test('a capture time without a zone is allowed any zone on earth, and no more', () => {
    // 10:00 on a phone in UTC-8 is 18:00 UTC, inside a window that starts at 17:00 UTC.
    const window = { from: new Date('2026-03-04T17:00:00Z'), to: new Date('2026-03-04T18:30:00Z') };
    assert.deepEqual(verdict({ window, capturedAt: { at: new Date('2026-03-04T10:00:00Z'), zoned: false } }), { status: 'verified' });
    assert.deepEqual(reasonsOf({ window, capturedAt: { at: new Date('2026-03-03T10:00:00Z'), zoned: false } }), [
      "the photo's clock reads 2026-03-03 10:00 (no time zone), before the request was sent (2026-03-04 17:00 UTC)",
    ]);
  });

  test('no capture time is no doubt: the check is made only when the photo has one', () => {
    assert.deepEqual(verdict({ capturedAt: null }), { status: 'verified' });
  });

  test('every doubt is listed', () => {
    const reasons = reasonsOf({
      typed: '099999',
      previous: { reading: 12_045, at: new Date(NOW.getTime() - DAY) },
      capturedAt: { at: new Date('2026-01-01T00:00:00Z'), zoned: true },
    });
    assert.equal(reasons.length, 3);
    assert.match(reasons[0]!, /^the photo reads 012345, the typed reading is 099999$/);
    assert.match(reasons[1]!, /^87,954 miles in 1 day since the last reading \(87,954 a day; the ceiling is 1,000\)$/);
    assert.match(reasons[2]!, /before the request was sent/);
  });
});
