/**
 * Paying a bill from the failed-payment e-mail's link (issue 21: "a link to pay on our site, 3-D Secure
 * there"): the customer is present, so the bill's own PaymentIntent (bill_charges.intent_id) is confirmed
 * on-session with the kept card, and a bank that asks for its check gets it on our page.
 *
 *   1. An unknown outcome is settled first, by the provider's word, as the daily run settles it
 *      (./charge.ts settleChargeOfIntent); a PaymentIntent waiting on the customer's check is that check.
 *   2. A bill without a PaymentIntent gets one as ./charge.ts makes it (same key, same fields).
 *   3. The try is marked 'confirming' (./bills.ts markConfirming: it counts as a try of the charge), then the
 *      one call that moves money; its answer is recorded: paid through ./charge.ts recordPaid (the ledger,
 *      the rescinded notice of cancellation and the receipt are that code), declined with the charge's codes
 *      and the retry schedule kept (the customer is on the page: no e-mail), or the bank's check.
 *   4. After the check, `settleBillPayment` reads the PaymentIntent and records paid or declined.
 *
 * A bill paid answers paid, and is never charged twice: the charge row and the provider's keys see to it.
 * Outcomes are in the domain's words; api/routes/bill-payment.ts turns them into HTTP.
 */
import { describeBillLine, formatIsoDate, localToday } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Queryable } from '../db/db.ts';
import type { GatewayFailure, Intent, PaymentErrorType } from '../payments/gateway.ts';
import { isTestModeGateway } from '../payments/test-mode.ts';
import { cardInForce } from '../payments/attempts.ts';
import { readPolicyRecord } from '../policies/records.ts';
import { readToken } from '../tokens/tokens.ts';
import { billTitle } from './bill-mail.ts';
import { billById, cancellationsOfPolicy, chargeOfBill, findChargeOfBill, markChargeDeclined, markConfirming, pendingCancellationOfBill, type BillCharge, type BillRecord } from './bills.ts';
import { nextRetryAfter } from './calendar.ts';
import { billIntent, recordPaid, settleChargeOfIntent, type ChargeDeps } from './charge.ts';

export type PayDeps = ChargeDeps;

/** The bill a live 'bill-payment' token names, or null for any miss (unknown, expired, another purpose). */
export async function billOfToken(db: Queryable, token: string, now: Date): Promise<BillRecord | null> {
  const read = await readToken(db, 'bill-payment', token, now);
  if (!read || read.subjectId === null) return null;
  return billById(db, read.subjectId);
}

export type BillStanding = 'due' | 'paid' | 'not-payable';

export interface BillView {
  policyNumber: string;
  title: string;
  billDate: string;
  lines: { label: string; cents: number }[];
  totalCents: number;
  amountCents: number;
  status: BillStanding;
  paidOn: string | null;
  card: { brand: string; last4: string } | null;
  cancelOn: string | null;
}

const isoDay = (moment: Date) => formatIsoDate(localToday(moment));

/** Whether the bill can be paid here: a charge still due on a policy in force. */
async function standingOf(db: Queryable, bill: BillRecord, policyStatus: string | undefined): Promise<BillStanding> {
  if (bill.status === 'paid') return 'paid';
  if (bill.status !== 'due' || bill.outcome !== 'charge' || policyStatus === 'CANCELLED') return 'not-payable';
  const charge = await findChargeOfBill(db, bill.id);
  return charge?.status === 'canceled' ? 'not-payable' : 'due';
}

/** What the page shows of the bill: its lines worded as its PDF words them, its standing and the card a payment charges. */
export async function billView(deps: Pick<PayDeps, 'db'>, bill: BillRecord): Promise<BillView | null> {
  const policy = await readPolicyRecord(deps.db, bill.policyId);
  if (!policy) return null;
  const card = await cardInForce(deps.db, bill.policyId);
  const notice = await pendingCancellationOfBill(deps.db, bill.id);
  const status = await standingOf(deps.db, bill, policy.status);
  return {
    policyNumber: policy.policyNumber,
    title: billTitle(bill),
    billDate: bill.billDate,
    lines: bill.lines.map((line) => ({ label: describeBillLine(line, policy.ratedState), cents: line.cents })),
    totalCents: bill.totalCents,
    amountCents: bill.amountCents,
    status,
    paidOn: status === 'paid' && bill.settledAt ? isoDay(bill.settledAt) : null,
    card: card?.card ?? null,
    cancelOn: status === 'due' ? (notice?.cancelOn ?? null) : null,
  };
}

export type PayOutcome =
  | { kind: 'paid'; amountCents: number; paidOn: string; noticeWithdrawn: boolean }
  | { kind: 'needs-authentication'; clientSecret: string | null }
  | { kind: 'declined'; errorType: PaymentErrorType }
  | { kind: 'not-payable' }
  | { kind: 'no-card' }
  | { kind: 'authentication-not-finished' }
  /** The provider's answer is not known yet (or another try is running): ask again in a moment. */
  | { kind: 'in-progress' }
  /** The provider could not be reached before anything moved. */
  | { kind: 'unavailable' };

/** The bill as paid, read from its records (the receipt's day, and whether a notice was withdrawn). */
async function paidOutcome(db: Queryable, billId: number): Promise<PayOutcome> {
  const bill = (await billById(db, billId))!;
  const withdrawn = (await cancellationsOfPolicy(db, bill.policyId)).some((notice) => notice.billId === billId && notice.status === 'rescinded');
  return { kind: 'paid', amountCents: bill.amountCents, paidOn: isoDay(bill.settledAt ?? bill.createdAt), noticeWithdrawn: withdrawn };
}

/** The retry day after `today` on the schedule from the first failure (as ./charge.ts counts it), or null. */

/**
 * A try from the page was refused: recorded on the charge as the run records one (its codes, the first
 * failure's day, the next retry's day), so the schedule and the notice of cancellation stay right. The
 * customer sees the refusal on the page, so no e-mail is sent; with no retry left the notice was sent already.
 */
async function recordDecline(deps: PayDeps, charge: BillCharge, refusal: { code: string | null; declineCode: string | null }, now: Date): Promise<void> {
  const today = isoDay(now);
  const firstFailedOn = charge.firstFailedOn ?? today;
  await markChargeDeclined(deps.db, charge.id, { ...refusal, failedOn: today, nextTryOn: nextRetryAfter(firstFailedOn, today) }, now);
}

/** The provider's answer to a try (or to a read after the check), recorded and put in the domain's words. */
async function answerOf(deps: PayDeps, charge: BillCharge, answer: { ok: true; value: Intent } | GatewayFailure, now: Date): Promise<PayOutcome> {
  if (!answer.ok) {
    if (answer.outcomeUnknown) return { kind: 'in-progress' };
    await recordDecline(deps, charge, { code: answer.code ?? answer.type, declineCode: answer.declineCode ?? null }, now);
    return { kind: 'declined', errorType: answer.type };
  }
  const intent = answer.value;
  switch (intent.status) {
    case 'succeeded':
      await recordPaid(deps, charge, intent, now);
      return paidOutcome(deps.db, charge.billId);
    case 'requires_action':
      return { kind: 'needs-authentication', clientSecret: intent.clientSecret };
    case 'processing':
    case 'requires_confirmation':
      return { kind: 'in-progress' };
    default:
      await recordDecline(deps, charge, { code: intent.lastError?.code ?? 'card_declined', declineCode: intent.lastError?.declineCode ?? null }, now);
      return { kind: 'declined', errorType: intent.lastError?.type ?? 'card_error' };
  }
}

/** POST pay: the bill's PaymentIntent confirmed on-session with the kept card. */
export async function payBill(deps: PayDeps, billId: number, now: Date): Promise<PayOutcome> {
  const bill = await billById(deps.db, billId);
  const policy = bill ? await readPolicyRecord(deps.db, bill.policyId) : null;
  if (!bill || !policy) return { kind: 'not-payable' };
  const standing = await standingOf(deps.db, bill, policy.status);
  if (standing === 'paid') return paidOutcome(deps.db, bill.id);
  if (standing === 'not-payable') return { kind: 'not-payable' };

  let charge = await chargeOfBill(deps.db, bill.id, crypto.randomUUID(), now);
  if (charge.status === 'succeeded') return paidOutcome(deps.db, bill.id);
  if (charge.status === 'confirming' && charge.intentId) {
    // an outcome not on record: the provider says what happened before anything else is tried
    const found = await deps.payments.retrieveIntent(charge.intentId);
    if (!found.ok) return { kind: 'in-progress' };
    if (found.value.status === 'requires_action') return { kind: 'needs-authentication', clientSecret: found.value.clientSecret };
    if ((await settleChargeOfIntent(deps, charge.intentId, now)) === 'unknown') return { kind: 'in-progress' };
    const settled = (await billById(deps.db, bill.id))!;
    if (settled.status === 'paid') return paidOutcome(deps.db, bill.id);
    charge = await chargeOfBill(deps.db, bill.id, crypto.randomUUID(), now);
  }
  if (charge.status === 'confirming') return { kind: 'in-progress' };

  const card = await cardInForce(deps.db, bill.policyId);
  if (!card) return { kind: 'no-card' };
  if (!charge.intentId) {
    // as the daily run makes it (./charge.ts): the same key, so the run and the page get the same PaymentIntent
    if ((await billIntent(deps, { bill, charge, policyNumber: policy.policyNumber, card }, now)) === null) return { kind: 'unavailable' };
    charge = await chargeOfBill(deps.db, bill.id, crypto.randomUUID(), now);
  }
  if (!(await markConfirming(deps.db, charge.id, charge.tries, card.paymentMethodId, now))) return { kind: 'in-progress' };
  const tried: BillCharge = { ...charge, status: 'confirming', tries: charge.tries + 1, paymentMethodId: card.paymentMethodId };
  const answer = await deps.payments.confirmIntent({
    intentId: tried.intentId!,
    idempotencyKey: `${tried.providerKey}:try-${tried.tries}`,
    paymentToken: card.paymentMethodId,
    // the page without its token: a redirect back finds the token the page kept for this tab
    returnUrl: pageUrl(deps.config.publicOrigin, PAGES.payBill),
  });
  return answerOf(deps, tried, answer, now);
}

/** POST settle: after the bank's check, the PaymentIntent's state recorded (paid or declined). */
export async function settleBillPayment(deps: PayDeps, billId: number, now: Date): Promise<PayOutcome> {
  const bill = await billById(deps.db, billId);
  if (!bill) return { kind: 'not-payable' };
  if (bill.status === 'paid') return paidOutcome(deps.db, bill.id);
  const charge = await findChargeOfBill(deps.db, bill.id);
  if (!charge?.intentId) return { kind: 'authentication-not-finished' };
  const found = await deps.payments.retrieveIntent(charge.intentId);
  if (!found.ok) return { kind: 'in-progress' };
  const intent = found.value;
  if (intent.status === 'succeeded') {
    // recorded whatever the charge row says (the run may have marked the check as a refusal meanwhile)
    await recordPaid(deps, charge, intent, now);
    return paidOutcome(deps.db, bill.id);
  }
  if (charge.status === 'declined') return { kind: 'declined', errorType: charge.lastCode === 'api_error' ? 'api_error' : 'card_error' };
  if (charge.status !== 'confirming') return { kind: 'authentication-not-finished' };
  if (intent.status === 'requires_action') return { kind: 'authentication-not-finished' };
  return answerOf(deps, charge, found, now);
}

/** The test mode's authentication window (the purchase's: the gateway's authenticate) for the bill's PaymentIntent. */
export async function testAuthenticateBill(deps: PayDeps, billId: number, result: 'complete' | 'fail'): Promise<'done' | 'test-mode-only' | 'not-pending'> {
  const gateway = deps.payments;
  if (!isTestModeGateway(gateway)) return 'test-mode-only';
  const charge = await findChargeOfBill(deps.db, billId);
  if (!charge?.intentId || charge.status !== 'confirming') return 'not-pending';
  const answered = await gateway.authenticate(charge.intentId, result);
  return answered.ok ? 'done' : 'not-pending';
}
