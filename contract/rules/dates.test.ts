import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import {
  addDays, addMonths, ageOn, birthDateBounds, compareDates, currentExpiry, dateOfBirth, defaultLapsedExpiry,
  effectiveDate, expirationDateFor, formatIsoDate, incidentDate, isoDate, isoToUs, isLeapYear, lapsedExpiry,
  localToday, minAgeFor, parseIsoDate, parseUsDate, usDate, usToIso, type CalendarDate,
} from './dates.ts';

const day = (iso: string): CalendarDate => parseIsoDate(iso)!;
const TODAY = day('2025-06-15');

function messageOf(result: ReturnType<typeof check>): string | undefined {
  return result.ok ? undefined : result.errors[0]!.message;
}

describe('calendar dates', () => {
  it('knows the Gregorian leap years', () => {
    assert.equal(isLeapYear(2024), true);
    assert.equal(isLeapYear(2023), false);
    assert.equal(isLeapYear(2000), true);
    assert.equal(isLeapYear(1900), false);
  });

  it('parses MM/DD/YYYY strictly to a real day', () => {
    assert.deepEqual(parseUsDate('02/29/2024'), { year: 2024, month: 2, day: 29 });
    assert.deepEqual(parseUsDate('02/29/2000'), { year: 2000, month: 2, day: 29 });
    for (const text of ['02/29/2023', '02/29/1900', '04/31/2024', '13/01/2024', '00/10/2024', '01/00/2024',
      '2/3/2024', '02-03-2024', '2024-02-03', '02/03/24', ' 02/03/2024', '']) {
      assert.equal(parseUsDate(text), null, text);
    }
  });

  it('parses YYYY-MM-DD strictly and converts both ways', () => {
    assert.deepEqual(parseIsoDate('2024-02-29'), { year: 2024, month: 2, day: 29 });
    assert.equal(parseIsoDate('2023-02-29'), null);
    assert.equal(parseIsoDate('02/29/2024'), null);
    assert.equal(usToIso('02/29/2024'), '2024-02-29');
    assert.equal(isoToUs('2024-02-29'), '02/29/2024');
    assert.equal(usToIso('02/30/2024'), null);
    assert.equal(isoToUs('2024-13-01'), null);
    assert.equal(formatIsoDate({ year: 987, month: 1, day: 2 }), '0987-01-02');
  });

  it('adds days and months on the calendar', () => {
    assert.deepEqual(addDays(day('2024-02-28'), 1), day('2024-02-29'));
    assert.deepEqual(addDays(day('2023-02-28'), 1), day('2023-03-01'));
    assert.deepEqual(addDays(day('2025-01-01'), -1), day('2024-12-31'));
    assert.deepEqual(addMonths(day('2025-08-31'), 6), day('2026-02-28'));
    assert.deepEqual(addMonths(day('2023-08-31'), 6), day('2024-02-29'));
    assert.deepEqual(addMonths(day('2025-01-15'), -13), day('2023-12-15'));
  });

  it('sets the request expiration date six months after the effective date', () => {
    assert.deepEqual(expirationDateFor(day('2025-06-15')), day('2025-12-15'));
    assert.deepEqual(expirationDateFor(day('2025-08-31')), day('2026-02-28'));
  });

  it('counts age by birthdays; 29 February turns a year older on 1 March in common years', () => {
    assert.equal(ageOn(day('2007-06-15'), TODAY), 18);
    assert.equal(ageOn(day('2007-06-16'), TODAY), 17);
    assert.equal(ageOn(day('2004-02-29'), day('2022-02-28')), 17);
    assert.equal(ageOn(day('2004-02-29'), day('2022-03-01')), 18);
    assert.equal(ageOn(day('2004-02-29'), day('2024-02-29')), 20);
    assert.equal(ageOn(day('2004-02-29'), day('2024-02-28')), 19);
  });

  it('gives a picker window that agrees with the age rule on every day around leap days', () => {
    for (let t = day('2023-02-20'); compareDates(t, day('2024-03-10')) <= 0; t = addDays(t, 1)) {
      const { latest } = birthDateBounds(18, t);
      for (let offset = -3; offset <= 3; offset += 1) {
        const birth = addDays(latest, offset);
        assert.equal(ageOn(birth, t) >= 18, compareDates(birth, latest) <= 0, `${formatIsoDate(t)} ${formatIsoDate(birth)}`);
      }
    }
  });

  it("reads today's local calendar day from a clock", () => {
    assert.deepEqual(localToday(new Date(2025, 0, 31, 23, 59)), { year: 2025, month: 1, day: 31 });
  });
});

describe('date rules', () => {
  it('requires a real MM/DD/YYYY date for typed dates, and YYYY-MM-DD for requests', () => {
    assert.deepEqual(check('02/29/2024', usDate), { ok: true, value: '02/29/2024' });
    assert.equal(messageOf(check('', usDate)), MESSAGES.required);
    assert.equal(messageOf(check('2/29/2024', usDate)), 'Please enter the date as MM/DD/YYYY.');
    assert.equal(messageOf(check('02/29/2023', usDate)), 'Please enter a real calendar date.');
    assert.deepEqual(check('2024-02-29', isoDate), { ok: true, value: '2024-02-29' });
    assert.equal(messageOf(check('02/29/2024', isoDate)), 'Please send the date as YYYY-MM-DD.');
    assert.equal(messageOf(check('2023-02-29', isoDate)), 'Please enter a real calendar date.');
  });

  describe('18-year rule (18 to 120)', () => {
    const rule = dateOfBirth({ minAge: 18, today: TODAY });
    it('accepts a person who is 18 exactly today and refuses one a day short', () => {
      assert.equal(check('06/15/2007', rule).ok, true);
      assert.equal(messageOf(check('06/16/2007', rule)), 'The driver must be at least 18 years old.');
    });
    it('accepts a birth date exactly 120 years back and refuses the day before', () => {
      assert.equal(check('06/15/1905', rule).ok, true);
      assert.equal(messageOf(check('06/14/1905', rule)), 'Please enter a date of birth within the last 120 years.');
    });
    it('handles 29 February: real in leap years only, 18 on 1 March in a common year', () => {
      assert.equal(messageOf(check('02/29/2005', rule)), MESSAGES.dateReal);
      assert.equal(check('02/29/2004', rule).ok, true);
      const onFeb28 = dateOfBirth({ minAge: 18, today: day('2022-02-28') });
      const onMar1 = dateOfBirth({ minAge: 18, today: day('2022-03-01') });
      assert.equal(messageOf(check('02/29/2004', onFeb28)), MESSAGES.minAge(18));
      assert.equal(check('02/29/2004', onMar1).ok, true);
    });
    it('checks ISO dates in requests the same way', () => {
      const iso = dateOfBirth({ minAge: 18, today: TODAY, format: 'iso' });
      assert.equal(check('2007-06-15', iso).ok, true);
      assert.equal(messageOf(check('2007-06-16', iso)), MESSAGES.minAge(18));
      assert.equal(messageOf(check('06/15/2007', iso)), MESSAGES.dateIsoFormat);
    });
    it('reads a clock each time it runs', () => {
      let now = day('2025-06-14');
      const clocked = dateOfBirth({ minAge: 18, today: () => now });
      assert.equal(check('06/15/2007', clocked).ok, false);
      now = day('2025-06-15');
      assert.equal(check('06/15/2007', clocked).ok, true);
    });
  });

  describe('16-year rule (16 to 120) and the spouse rule', () => {
    const rule = dateOfBirth({ minAge: 16, today: TODAY });
    it('accepts 16 exactly today and refuses one day short', () => {
      assert.equal(check('06/15/2009', rule).ok, true);
      assert.equal(messageOf(check('06/16/2009', rule)), 'The driver must be at least 16 years old.');
      assert.equal(messageOf(check('06/14/1905', rule)), MESSAGES.maxAge(120));
    });
    it('holds the insured and spouses to 18 and other drivers to 16', () => {
      assert.equal(minAgeFor('INSURED'), 18);
      assert.equal(minAgeFor('Spouse'), 18);
      assert.equal(minAgeFor('SPOUSE'), 18);
      for (const relation of ['Child', 'Parent', 'Relative', 'Other', undefined]) assert.equal(minAgeFor(relation), 16);
    });
  });

  it('effective date: today to 30 days ahead', () => {
    const rule = effectiveDate({ today: TODAY });
    assert.equal(check('06/15/2025', rule).ok, true);
    assert.equal(check('07/15/2025', rule).ok, true);
    const message = 'Please choose an effective date from 06/15/2025 to 07/15/2025.';
    assert.equal(messageOf(check('07/16/2025', rule)), message);
    assert.equal(messageOf(check('06/14/2025', rule)), message);
    assert.equal(check('2025-07-15', effectiveDate({ today: TODAY, format: 'iso' })).ok, true);
  });

  it('lapsed expiry: 31 days ago to today; the default is 15 days ago', () => {
    const rule = lapsedExpiry({ today: TODAY });
    assert.equal(check('05/15/2025', rule).ok, true);
    assert.equal(check('06/15/2025', rule).ok, true);
    const message = 'A lapsed policy must have expired between 05/15/2025 and 06/15/2025.';
    assert.equal(messageOf(check('05/14/2025', rule)), message);
    assert.equal(messageOf(check('06/16/2025', rule)), message);
    assert.deepEqual(defaultLapsedExpiry(TODAY), day('2025-05-31'));
  });

  it('current expiry: after today, at most a year ahead', () => {
    const rule = currentExpiry({ today: TODAY });
    assert.equal(messageOf(check('06/15/2025', rule)), MESSAGES.currentExpiry);
    assert.equal(check('06/16/2025', rule).ok, true);
    assert.equal(check('06/15/2026', rule).ok, true);
    assert.equal(messageOf(check('06/16/2026', rule)), MESSAGES.currentExpiryTooFar);
  });

  it('incident date: not after today', () => {
    const rule = incidentDate({ today: TODAY });
    assert.equal(check('06/15/2025', rule).ok, true);
    assert.equal(check('01/01/1990', rule).ok, true);
    assert.equal(messageOf(check('06/16/2025', rule)), 'The incident date cannot be in the future.');
  });
});
