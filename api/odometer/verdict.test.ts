import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ODOMETER_MESSAGES } from './messages.ts';
import { decideReading, DEFAULT_CONFIRMED_REVIEW_ONE_IN, DEFAULT_MAX_MILES_PER_DAY, sampledForReview, UNREADABLE_RETAKES, withTenths, type VerdictInput } from './verdict.ts';

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

  test('both passes agree on another reading than the typed one: a suggestion of what the photo reads, at once (issue 24)', () => {
    assert.deepEqual(verdict({ typed: '012354' }), { status: 'suggested', reading: '012345' });
    assert.match(ODOMETER_MESSAGES.suggestion('031560'), /^The photo reads 031,560 miles\. Please look at the odometer again/);
  });

  test('no suggestion of the typed reading with a digit after it (a tenths drum read as miles): a person looks', () => {
    assert.deepEqual(reasonsOf({ typed: '12345', ocr: { first: '0123457', second: '123457' } }), [
      'the photo reads 0123457, the typed reading 12345 and one digit more: a tenths drum or decimal read as a whole mile?',
    ]);
    assert.equal(withTenths('0123457', 12_345), true);
    assert.equal(withTenths('123467', 12_345), false, 'another number, as long');
    assert.equal(withTenths('1234570', 12_345), false, 'two digits more');
    assert.equal(withTenths('223457', 12_345), false, 'not the typed digits first');
  });

  test('no suggestion of a photo reading below the last accepted one: a person looks, naming both', () => {
    assert.deepEqual(reasonsOf({ typed: '012354', ocr: { first: '011000', second: '011000' } }), ['the photo reads 011000, the typed reading is 012354']);
  });

  test('two passes that disagree go to review, even when one of them matches the typed reading', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: '012345', second: '012845' } }), [
      'the two readers disagree: 012345 and 012845; the typed reading is 012345',
    ]);
  });

  test('one pass alone is not enough', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: null, second: '012345' } }), ['only one reader read the photo: 012345; the typed reading is 012345']);
    assert.deepEqual(reasonsOf({ ocr: { first: '012345', second: null } }), ['only one reader read the photo: 012345; the typed reading is 012345']);
  });

  test('nothing readable is rejected at once, asking for a closer, sharper photo', () => {
    assert.deepEqual(verdict({ ocr: { first: null, second: null } }), { status: 'rejected', message: ODOMETER_MESSAGES.unreadable });
    assert.deepEqual(verdict({ ocr: { first: null, second: null }, unreadableBefore: UNREADABLE_RETAKES - 1 }), { status: 'rejected', message: ODOMETER_MESSAGES.unreadable });
  });

  test('after the retakes, an unreadable photo goes to a person instead of back to the sender', () => {
    assert.deepEqual(reasonsOf({ ocr: { first: null, second: null }, unreadableBefore: UNREADABLE_RETAKES }), [
      'neither reader could read the photo (the 3rd unreadable photo for this request); the typed reading is 012345',
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
      // (passes that agree on another reading would be a suggestion first, issue 24)
      ocr: { first: '012345', second: '012845' },
      previous: { reading: 12_045, at: new Date(NOW.getTime() - DAY) },
      capturedAt: { at: new Date('2026-01-01T00:00:00Z'), zoned: true },
    });
    assert.equal(reasons.length, 3);
    assert.match(reasons[0]!, /^the two readers disagree: 012345 and 012845; the typed reading is 099999$/);
    assert.match(reasons[1]!, /^87,954 miles in 1 day since the last reading \(87,954 a day; the ceiling is 1,000\)$/);
    assert.match(reasons[2]!, /before the request was sent/);
  });
});

describe('odometer verdict after a suggestion (issue 24)', () => {
  /** The suggestion shown before the reading was typed: attempt 41, both passes read 012345 then. */
  const shown = { id: 41, reading: '012345' };
  const notSampled = [...Array(200).keys()].map((n) => n + 1).find((id) => !sampledForReview(id, DEFAULT_CONFIRMED_REVIEW_ONE_IN))!;
  const sampled = [...Array(200).keys()].map((n) => n + 1).find((id) => sampledForReview(id, DEFAULT_CONFIRMED_REVIEW_ONE_IN))!;

  test('never a suggestion when the passes disagree or only one read', () => {
    assert.deepEqual(reasonsOf({ typed: '012354', ocr: { first: '012345', second: '012845' } }), [
      'the two readers disagree: 012345 and 012845; the typed reading is 012354',
    ]);
    assert.deepEqual(reasonsOf({ typed: '012354', ocr: { first: '012345', second: null } }), ['only one reader read the photo: 012345; the typed reading is 012354']);
  });

  test('retyped as the photo reads: confirmed, never verified', () => {
    assert.deepEqual(verdict({ afterSuggestion: { ...shown, id: notSampled } }), { status: 'confirmed' });
    assert.deepEqual(verdict({ typed: '12345', afterSuggestion: { ...shown, id: notSampled } }), { status: 'confirmed' }, 'leading zeros left out');
  });

  test('a sample goes to a person first: 1 in N of those equal to the suggestion, by the attempt id', () => {
    assert.deepEqual(reasonsOf({ afterSuggestion: { ...shown, id: sampled } }), [
      `typed after the page showed what the photo read: 012345 (attempt ${sampled})`,
      `confirmed by both readers after the suggestion; drawn for the sample a person checks (1 in ${DEFAULT_CONFIRMED_REVIEW_ONE_IN})`,
    ]);
    assert.deepEqual(verdict({ afterSuggestion: { ...shown, id: notSampled }, confirmedReviewOneIn: 1 }).status, 'needs_review', '1 in 1: every one');
    // deterministic, and about 1 in N over many attempts
    const drawn = [...Array(5000).keys()].filter((id) => sampledForReview(id + 1, 10)).length;
    assert.ok(drawn > 400 && drawn < 600, String(drawn));
    assert.equal(sampledForReview(sampled, 10), true);
    assert.equal(sampledForReview(notSampled, 10), false);
  });

  test('every one whose value differs from the suggestion (a retaken photo read otherwise) goes to a person', () => {
    const outcome = verdict({ typed: '012399', ocr: { first: '012399', second: '012399' }, afterSuggestion: { ...shown, id: notSampled } });
    assert.equal(outcome.status, 'needs_review');
    assert.match(outcome.status === 'needs_review' ? outcome.reasons.join('; ') : '', /not the reading suggested before \(012345\)/);
  });

  test('retyped but still not what the photo reads: a person, no second suggestion', () => {
    assert.deepEqual(reasonsOf({ typed: '012354', afterSuggestion: shown }), [
      'typed after the page showed what the photo read: 012345 (attempt 41)',
      'the photo reads 012345, the typed reading is 012354',
    ]);
  });

  test("a claim of a suggestion the server cannot match: neither verified nor confirmed, nor a new suggestion", () => {
    const doubt = 'the page said it showed the suggestion of attempt 9, which is not a suggestion made for this vehicle in this request';
    assert.deepEqual(reasonsOf({ suggestionDoubt: doubt }), [doubt]);
    assert.deepEqual(reasonsOf({ suggestionDoubt: doubt, afterSuggestion: { ...shown, id: notSampled } }), [
      `typed after the page showed what the photo read: 012345 (attempt ${notSampled})`,
      doubt,
    ]);
    assert.equal(verdict({ typed: '012354', suggestionDoubt: doubt }).status, 'needs_review');
  });

  test('still unreadable after a suggestion: retakes first, then a person, as without one', () => {
    assert.equal(verdict({ ocr: { first: null, second: null }, afterSuggestion: shown }).status, 'rejected');
    assert.equal(verdict({ ocr: { first: null, second: null }, afterSuggestion: shown, unreadableBefore: UNREADABLE_RETAKES }).status, 'needs_review');
  });

  test('other doubts still hold a confirmed reading for a person', () => {
    assert.equal(verdict({ afterSuggestion: { ...shown, id: notSampled }, maxMilesPerDay: 10 }).status, 'needs_review');
  });
});
