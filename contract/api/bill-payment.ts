import { array, boolean, enums, integer, literal, nullable, object, optional, string, type, type Infer } from 'superstruct';
import { token } from './common.ts';

/**
 * Paying a bill whose off-session charge failed (issue 21: "a link to pay on our site, 3-D Secure there"),
 * from the failed-payment e-mail's and text's /account/pay?token= link. The token names the bill; the card
 * charged is the one kept for the monthly bill, confirmed on-session so the bank can ask for its check. No
 * card number reaches our server: the page shows the kept card's brand and last four.
 *
 *   GET  /api/bill-payment?token=                          -> BillPaymentView
 *   POST /api/bill-payment/pay { token } + Idempotency-Key -> BillPaymentAnswer | 402 declined
 *   POST /api/bill-payment/settle { token }                -> BillPaymentAnswer | 402 declined (after the bank's check)
 *   POST /api/bill-payment/test_authentication { token, result } -> { ok: true } (test mode's window)
 */

export const BillPaymentQuery = object({ token });
export type BillPaymentQuery = Infer<typeof BillPaymentQuery>;

/** A bill's line as the statement and the bill's PDF word it, with its amount in cents (a credit is negative). */
export const BillPaymentLine = type({ label: string(), cents: integer() });

/** The kept card as a person reads it: brand and last four digits, never the number. */
export const BillPaymentCard = type({ brand: string(), last4: string() });

/** Which card form the page's bank check uses: Stripe.js under `publishableKey`, or the test mode's window. */
export const BillPaymentMode = type({ mode: enums(['stripe', 'test']), publishableKey: string() });

export const BILL_PAYMENT_STATUSES = ['due', 'paid', 'not-payable'] as const;

export const BillPaymentView = type({
  policyNumber: string(),
  /** What the bill is for, in a few words ('your bill of 04/02/2026', 'your final bill'). */
  title: string(),
  /** The bill's date, YYYY-MM-DD. */
  billDate: string(),
  lines: array(BillPaymentLine),
  /** The bill's total and the amount charged (they differ only by an amount carried in). */
  totalCents: integer(),
  amountCents: integer(),
  /** due: payable here; paid; not-payable: the policy is cancelled, or the bill is a refund or owes nothing. */
  status: enums(BILL_PAYMENT_STATUSES),
  /** The day it was paid (YYYY-MM-DD), when paid. */
  paidOn: nullable(string()),
  /** The card a payment charges, or null when none is on file (the page says to call). */
  card: nullable(BillPaymentCard),
  payment: BillPaymentMode,
  /** The date of a pending notice of cancellation for this bill, which paying it withdraws (YYYY-MM-DD). */
  cancelOn: nullable(string()),
});
export type BillPaymentView = Infer<typeof BillPaymentView>;

export const BillPaymentRequest = object({ token });
export type BillPaymentRequest = Infer<typeof BillPaymentRequest>;

/**
 * paid: the bill is paid (now or before: a bill is never charged twice); requires_action: the bank asks for
 * its check, Stripe.js's handleNextAction with `clientSecret`, or the test mode's window (clientSecret null),
 * then POST /api/bill-payment/settle. A decline is 402 with doc 3's text and `error_type`, as the bind's.
 */
export const BillPaymentAnswer = type({
  outcome: enums(['paid', 'requires_action']),
  amountCents: integer(),
  paidOn: nullable(string()),
  /** A notice of cancellation for non-payment of this bill was withdrawn by the payment. */
  noticeWithdrawn: boolean(),
  authentication: optional(type({ mode: enums(['stripe', 'test']), clientSecret: nullable(string()) })),
});
export type BillPaymentAnswer = Infer<typeof BillPaymentAnswer>;

export const BillTestAuthenticationRequest = object({ token, result: enums(['complete', 'fail']) });
export type BillTestAuthenticationRequest = Infer<typeof BillTestAuthenticationRequest>;
export const BillTestAuthenticationAnswer = type({ ok: literal(true) });
