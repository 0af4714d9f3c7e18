import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  daysBetween, earliestCancellationDate, paymentRetryDates, periodClosedByReading, periodContaining, periodsOfTerm, readingSchedule,
} from './calendar.ts';

const ends = (effective: string, expiration: string) => periodsOfTerm(effective, expiration).map((period) => period.end);

describe('the periods of a term', () => {
  test('keep the effective day of the month, capped at each month\'s length, counted from the effective date', () => {
    assert.deepEqual(ends('2027-01-31', '2027-07-31'), ['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31']);
    assert.deepEqual(ends('2028-01-31', '2028-07-31').slice(0, 2), ['2028-02-29', '2028-03-31'], 'a leap year');
    assert.deepEqual(ends('2026-08-31', '2027-02-28'), ['2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28']);
  });

  test('each begins on the day the one before ends, and counts its days: 28 + 31 + 30 + 31 + 30 + 31 = 181', () => {
    const periods = periodsOfTerm('2027-01-31', '2027-07-31');
    assert.deepEqual(periods.map((period) => period.start), ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
    assert.deepEqual(periods.map((period) => period.days), [28, 31, 30, 31, 30, 31]);
    assert.deepEqual(periods.map((period) => period.index), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(periods.map((period) => period.last), [false, false, false, false, false, true]);
  });

  test('a term cut short (a cancellation date) ends with a shorter period', () => {
    assert.deepEqual(periodsOfTerm('2026-12-01', '2027-02-15'), [
      { index: 1, start: '2026-12-01', end: '2027-01-01', days: 31, last: false },
      { index: 2, start: '2027-01-01', end: '2027-02-01', days: 31, last: false },
      { index: 3, start: '2027-02-01', end: '2027-02-15', days: 14, last: true },
    ]);
  });

  test('refuses a term that does not end after it begins, or a date that is not a real day', () => {
    assert.throws(() => periodsOfTerm('2027-01-31', '2027-01-31'), RangeError);
    assert.throws(() => periodsOfTerm('2027-01-31', '2027-01-30'), RangeError);
    assert.throws(() => periodsOfTerm('2027-02-30', '2027-08-30'), RangeError);
    assert.throws(() => periodsOfTerm('01/31/2027', '2027-07-31'), RangeError);
  });

  test('daysBetween counts calendar days across a leap day', () => {
    assert.equal(daysBetween('2028-02-28', '2028-03-01'), 2);
    assert.equal(daysBetween('2027-02-28', '2027-03-01'), 1);
    assert.equal(daysBetween('2027-03-01', '2027-02-28'), -1);
  });
});

describe('the period containing a day', () => {
  const periods = periodsOfTerm('2027-01-31', '2027-07-31');

  test('includes its first day and not its end, which is the next period\'s first day', () => {
    assert.equal(periodContaining(periods, '2027-01-31')?.index, 1);
    assert.equal(periodContaining(periods, '2027-02-27')?.index, 1);
    assert.equal(periodContaining(periods, '2027-02-28')?.index, 2);
    assert.equal(periodContaining(periods, '2027-07-30')?.index, 6);
  });

  test('is none before the term or from its expiration (the renewal\'s first day)', () => {
    assert.equal(periodContaining(periods, '2027-01-30'), null);
    assert.equal(periodContaining(periods, '2027-07-31'), null);
  });
});

describe('a period\'s reading', () => {
  const periods = periodsOfTerm('2027-01-31', '2027-07-31');

  test('is asked for on its end, reminded 3 and 6 days later, due 7 days later', () => {
    assert.deepEqual(readingSchedule(periods[0]!), { requestOn: '2027-02-28', remindOn: ['2027-03-03', '2027-03-06'], dueOn: '2027-03-07' });
  });

  test('closes the period when it arrives from 7 days before the end to the due date, both included', () => {
    // period 1 ends 2027-02-28: its window is 02-21 (28 - 7) to 03-07 (28 + 7)
    assert.equal(periodClosedByReading(periods, '2027-02-21')?.index, 1);
    assert.equal(periodClosedByReading(periods, '2027-02-28')?.index, 1);
    assert.equal(periodClosedByReading(periods, '2027-03-07')?.index, 1);
    // period 2 ends 2027-03-31: its window opens 03-24
    assert.equal(periodClosedByReading(periods, '2027-03-24')?.index, 2);
    // period 6 ends 2027-07-31, due 08-07: after the term, still its window
    assert.equal(periodClosedByReading(periods, '2027-08-07')?.index, 6);
  });

  test('outside every window closes none (kept for the next true-up)', () => {
    assert.equal(periodClosedByReading(periods, '2027-02-20'), null);
    assert.equal(periodClosedByReading(periods, '2027-03-08'), null);
    assert.equal(periodClosedByReading(periods, '2027-03-23'), null);
    assert.equal(periodClosedByReading(periods, '2027-08-08'), null);
  });
});

describe('a failed payment', () => {
  test('is tried again 3, 5 and 7 days after its first failure', () => {
    assert.deepEqual(paymentRetryDates('2027-02-26'), ['2027-03-01', '2027-03-03', '2027-03-05']);
  });

  test('cancels no sooner than the state\'s notice period after the notice is sent', () => {
    assert.equal(earliestCancellationDate('TX', '2027-03-05'), '2027-03-15');
    assert.equal(earliestCancellationDate('AZ', '2027-12-28'), '2028-01-07');
  });
});
