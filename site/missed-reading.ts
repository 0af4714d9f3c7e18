/**
 * The plain words on a missed odometer reading: when it is due, the default mileage a period without one is
 * billed, how the next reading trues it up, and the daily cap. The FAQ (site/faq/questions.ts) and the SMS
 * terms (site/pages/legal/sms.astro) say them; every figure is the billing cycle's own constant
 * (contract/rules/billing-cycle.ts, which api/billing/schedule.ts re-exports), so a page cannot name a
 * number the bill does not charge.
 */
import { DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES, READING_DAYS } from '../contract/rules/billing-cycle.ts';
import { LIMITS } from '../contract/rules/limits.ts';

const miles = (n: number): string => n.toLocaleString('en-US');

/** When a reading is due: "7 days after the end of its billing period". */
const READING_DUE = `${READING_DAYS.dueAfterEnd} days after the end of its billing period`;

/** The default mileage and where it comes from: "1,217 miles a month (the monthly share of the 14,600-mile cap)". */
const DEFAULT_MILEAGE = `${miles(DEFAULT_MONTHLY_MILES)} miles a month (the monthly share of the ${miles(LIMITS.requestMilesCap)}-mile yearly cap)`;

/** The sentences after "billed at the default mileage": the due date, the figure, the true-up and the cap. */
export const MISSED_READING_WORDS: readonly string[] = [
  `A reading is due ${READING_DUE}. When none is received by then, the period is billed at the default mileage: ${DEFAULT_MILEAGE}.`,
  'When your next reading comes in, the miles already billed are counted against it: if you drove less, the difference is credited on your next bill; if you drove more, only the extra miles are billed. You never pay for a mile twice.',
  `Miles above ${miles(DAILY_CAP_MILES)} a day are not charged.`,
];
