/**
 * The billing cycle's figures (issue 21), each named once: when a reading is asked for and due, what a missed
 * one is billed, how far the daily cap reaches, the card provider's minimum, when a failed payment is tried
 * again and which declines are never retried, and how long a notice of cancellation must run in each state.
 * The rules that use them are pure functions beside this file (./calendar.ts, ./bill.ts, ./refund.ts);
 * README.md says them in plain words.
 */
import type { WRITING_STATES } from '../../contract/index.ts';

/**
 * When a reading is asked for and due, the default mileage and the daily cap: the figures the site's FAQ and
 * SMS terms print too, so they live in the contract (contract/rules/billing-cycle.ts) and are re-exported
 * here, one source for the cycle and the pages.
 */
export { DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES, READING_DAYS } from '../../contract/index.ts';

/**
 * The card provider's minimum charge in US dollars, $0.50 (Stripe's minimum charge amounts by currency,
 * https://docs.stripe.com/currencies): a bill under it, or negative after credits, is not charged and
 * carries forward to the next bill.
 */
export const MINIMUM_CHARGE_CENTS = 50;

/** A failed bill is tried again 3, 5 and 7 days after its first failure (issue 21, item 7). */
export const PAYMENT_RETRY_DAYS_AFTER_FIRST_FAILURE = [3, 5, 7] as const;

/**
 * Stripe decline codes (https://docs.stripe.com/declines/codes) whose retry the card networks forbid: the
 * issuer will never approve this card for us again, and each further attempt can be charged to the
 * merchant as an excessive retry. Such a failure is told to the customer (pay now or replace the card)
 * but never tried again. The issue names lost, stolen, pick-up and a revoked authorisation; the rest are
 * the same instruction under other names.
 */
const NEVER_RETRIED_DECLINES: ReadonlySet<string> = new Set([
  'lost_card', // reported lost
  'stolen_card', // reported stolen
  'pickup_card', // the issuer asks for the card to be retained: it is blocked
  'revocation_of_authorization', // the cardholder revoked this merchant's recurring authorisation (network code R1)
  'revocation_of_all_authorizations', // ... or every authorisation on the card (R3)
  'stop_payment_order', // the cardholder told the bank to stop paying this merchant (R0)
  'do_not_try_again', // the issuer's own words
]);

/** Whether a bill declined with `declineCode` may be tried again on the retry schedule. */
export function declineIsRetriable(declineCode: string | undefined): boolean {
  return declineCode === undefined || !NEVER_RETRIED_DECLINES.has(declineCode);
}

/** Where no source says otherwise, a notice of cancellation for non-payment runs 10 days (issue 21). */
const DEFAULT_NOTICE_DAYS = 10;

interface NoticePeriod {
  /** Days from the day the notice is sent to the earliest day the cancellation may take effect. */
  days: number;
  /** Where the figure comes from: a statute read at the address given, or the default. */
  source: string;
}

/**
 * Notice of cancellation for non-payment of premium, by state we write in. Each figure cites the text it
 * was read from; a state whose statute we have not read takes the default and says so, never a citation
 * from memory. Every writing state must have its row (the `satisfies` below).
 */
const CANCELLATION_NOTICE = {
  AZ: { days: DEFAULT_NOTICE_DAYS, source: 'no source: default' },
  CO: {
    days: 10,
    source:
      'C.R.S. 10-4-603(1): "where cancellation is for nonpayment of premium, at least ten days\' notice of cancellation ' +
      'accompanied by the reason therefor shall be given" (https://colorado.public.law/statutes/crs_10-4-603)',
  },
  FL: { days: DEFAULT_NOTICE_DAYS, source: 'no source: default' },
  GA: { days: DEFAULT_NOTICE_DAYS, source: 'no source: default' },
  OH: {
    days: 10,
    source:
      'Ohio R.C. 3937.32(A)(5): "Where cancellation is for nonpayment of premium at least ten days notice from the date ' +
      'of mailing of cancellation accompanied by the reason therefor shall be given" (http://codes.ohio.gov/orc/3937.32)',
  },
  OR: {
    days: 10,
    source:
      'ORS 742.564(1): "where cancellation is for nonpayment of premium at least 10 days notice of cancellation ' +
      'accompanied by the reason therefor shall be given" (https://www.oregonlaws.org/ors/742.564)',
  },
  TN: {
    days: 10,
    source:
      'Tenn. Code 56-7-1303(a)(1)(A): written notice "stating when not less than ten (10) days thereafter the ' +
      'cancellation shall be effective, if: (A) The cancellation is due to nonpayment of premium" ' +
      '(https://casetext.com/statute/tennessee-code/title-56-insurance/chapter-7-policies-and-policyholders-33373/' +
      'part-13-cancellation-of-auto-insurance/section-56-7-1303-notice-of-cancellation)',
  },
  TX: {
    days: 10,
    source:
      'Tex. Ins. Code 551.104(b)(1) and (e): a cancellation when "the named insured does not pay any portion of the ' +
      'premium when due" does "not take effect until the 10th day after the date the insurer mails notice" ' +
      '(https://instalawyer.io/laws/texas-statutes/section-551104-authorized-cancellation-of)',
  },
} as const satisfies Record<(typeof WRITING_STATES)[number], NoticePeriod>;

/** Days a notice of cancellation for non-payment must run in `state`: its row, else the default. */
export function cancellationNoticeDays(state: string): number {
  const row: NoticePeriod | undefined = (CANCELLATION_NOTICE as Record<string, NoticePeriod>)[state];
  return row?.days ?? DEFAULT_NOTICE_DAYS;
}

/** The source of `state`'s notice period, as the table cites it ('no source: default' when it has none). */
export function cancellationNoticeSource(state: string): string {
  const row: NoticePeriod | undefined = (CANCELLATION_NOTICE as Record<string, NoticePeriod>)[state];
  return row?.source ?? 'no source: default';
}
