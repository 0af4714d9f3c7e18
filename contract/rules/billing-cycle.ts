/**
 * The billing cycle's figures a customer reads (issue 21): when a reading is due, what a missed one is
 * billed and how far the daily cap reaches. Named once here so the API's cycle (api/billing/schedule.ts
 * re-exports them), its request e-mails and texts, and the site's FAQ and SMS terms all say the same number.
 */
import { LIMITS } from './limits.ts';

/** Days counted from a period's end (the day its reading is asked for, api/billing/calendar.ts). */
export const READING_DAYS = {
  /** The reading request (text and e-mail) goes out on the period's last day: its end. */
  requestAfterEnd: 0,
  /** Reminders, when no reading has been accepted yet. */
  remindersAfterEnd: [3, 6],
  /** The reading is due this many days after the period's end; the bill is made then at the latest. */
  dueAfterEnd: 7,
  /**
   * A reading received in the 7 days before a period's end, or from its end to its due date, closes that
   * period; any other reading closes none and is kept for the next true-up (issue 21, item 2).
   */
  windowBeforeEnd: 7,
} as const;

/**
 * The default mileage of a period without an accepted reading by its due date: the monthly share of the
 * 14,600-mile cap (doc 3 section 9), as the SMS terms' "maximum default mileage" (doc 1 section 1) reads.
 * 14,600 / 12 = 1,216.67, rounded to 1,217 miles.
 */
export const DEFAULT_MONTHLY_MILES = Math.round(LIMITS.requestMilesCap / 12);

/**
 * Beyond the spec, as Metromile did (issue 21, item 5): miles above 250 a day over the days a reading spans
 * are not charged; the statement says when the cap applied.
 */
export const DAILY_CAP_MILES = 250;
