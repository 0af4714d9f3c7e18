/**
 * The billing calendar (issue 21, items 1, 2 and 7): a term's monthly periods, the days a reading is asked
 * for, reminded of and due, which period a reading closes, when a failed payment is tried again and the
 * earliest day a cancellation for non-payment may take effect. Dates are 'YYYY-MM-DD' calendar days; all
 * arithmetic is on calendar days (contract/rules/dates.ts), never on instants, so no time zone moves a day.
 *
 * A period is written as a policy term is: from its first day to its end day, 12:01 a.m. to 12:01 a.m.,
 * so the end day is the next period's first day and the last period ends on the term's expiration date,
 * the day a renewal begins (api/renewals/terms.ts). Periods keep the effective date's day of the month,
 * capped at each month's length: a term from January 31st has periods ending on February 28th (29th in a
 * leap year), then March 31st, April 30th... Each end is counted from the effective date, never from the
 * previous end, so a short February does not pull later periods to the 28th.
 */
import { addDays, addMonths, compareDates, formatIsoDate, parseIsoDate, type CalendarDate } from '../../contract/index.ts';
import { PAYMENT_RETRY_DAYS_AFTER_FIRST_FAILURE, READING_DAYS, cancellationNoticeDays } from './schedule.ts';

export interface BillingPeriod {
  /** 1-based place in the term. */
  index: number;
  /** Its first day. */
  start: string;
  /** Its end: the next period's first day, and the day its reading is asked for. */
  end: string;
  /** Days from start to end: the days it covers. */
  days: number;
  /** The term's last period: its bill asks nothing in advance, and a credit left on it is refunded. */
  last: boolean;
}

function calendarDay(text: string, what: string): CalendarDate {
  const day = parseIsoDate(text);
  if (!day) throw new RangeError(`${what} must be a date written YYYY-MM-DD, not "${text}".`);
  return day;
}

const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to`: 0 on the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = calendarDay(from, 'The first date');
  const b = calendarDay(to, 'The second date');
  return (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS;
}

/**
 * The periods of a term from `effectiveDate` to `expirationDate`. A term whose expiration is not on the
 * effective day of a month (a policy cancelled mid-term, whose final bill runs to its cancellation date)
 * ends with a shorter period.
 */
export function periodsOfTerm(effectiveDate: string, expirationDate: string): BillingPeriod[] {
  const effective = calendarDay(effectiveDate, 'The effective date');
  const expiration = calendarDay(expirationDate, 'The expiration date');
  if (compareDates(effective, expiration) >= 0) {
    throw new RangeError(`A term ends after it begins: ${effectiveDate} to ${expirationDate}.`);
  }
  const periods: BillingPeriod[] = [];
  for (let index = 1; ; index += 1) {
    const start = formatIsoDate(addMonths(effective, index - 1));
    const monthLater = addMonths(effective, index);
    const last = compareDates(monthLater, expiration) >= 0;
    const end = last ? expirationDate : formatIsoDate(monthLater);
    periods.push({ index, start, end, days: daysBetween(start, end), last });
    if (last) return periods;
  }
}

/** The period `day` falls in (its start included, its end not), or null outside the term. */
export function periodContaining(periods: readonly BillingPeriod[], day: string): BillingPeriod | null {
  calendarDay(day, 'The day');
  return periods.find((period) => period.start <= day && day < period.end) ?? null;
}

const shift = (day: string, days: number): string => formatIsoDate(addDays(calendarDay(day, 'The day'), days));

/** When a period's reading is asked for, reminded of (while none is accepted) and due. */
export function readingSchedule(period: BillingPeriod): { requestOn: string; remindOn: string[]; dueOn: string } {
  return {
    requestOn: shift(period.end, READING_DAYS.requestAfterEnd),
    remindOn: READING_DAYS.remindersAfterEnd.map((days) => shift(period.end, days)),
    dueOn: shift(period.end, READING_DAYS.dueAfterEnd),
  };
}

/**
 * The period a reading received on `receivedOn` closes: the one whose window holds that day, from 7 days
 * before its end to its due date, both included. Null for a reading outside every window: it closes no
 * period and is kept for the next true-up (./bill.ts). Monthly windows never overlap: the next window opens
 * at least 21 days after a due date.
 */
export function periodClosedByReading(periods: readonly BillingPeriod[], receivedOn: string): BillingPeriod | null {
  calendarDay(receivedOn, 'The day the reading was received');
  return (
    periods.find(
      (period) => shift(period.end, -READING_DAYS.windowBeforeEnd) <= receivedOn && receivedOn <= readingSchedule(period).dueOn,
    ) ?? null
  );
}

/** The days a bill that failed on `firstFailedOn` is tried again (unless its decline forbids it: ./schedule.ts). */
export function paymentRetryDates(firstFailedOn: string): string[] {
  return PAYMENT_RETRY_DAYS_AFTER_FIRST_FAILURE.map((days) => shift(firstFailedOn, days));
}

/** The retry day after `today` on the schedule from the first failure, or null when none is left. */
export function nextRetryAfter(firstFailedOn: string, today: string): string | null {
  return paymentRetryDates(firstFailedOn).find((day) => day > today) ?? null;
}

/**
 * The earliest day a cancellation for non-payment may take effect when its notice is sent on `noticeSentOn`
 * in `state`: the state's notice period later (./schedule.ts, with its source).
 */
export function earliestCancellationDate(state: string, noticeSentOn: string): string {
  return shift(noticeSentOn, cancellationNoticeDays(state));
}
