/**
 * Charging the bills (issue 21, items 6 and 7): each bill due is charged off-session to the card kept for
 * the monthly bill, through the provider's PaymentIntent flow the bind uses (api/payments/gateway.ts):
 *
 *   1. the bill's charge is recorded with a random provider key before any call (./bills.ts);
 *   2. its PaymentIntent is created unconfirmed for the kept card and its id stored: a create whose answer
 *      is lost is harmless, and the same key gets the same PaymentIntent;
 *   3. each try is marked 'confirming' (committed) before the one call that moves money, with its own
 *      idempotency key; until the provider's answer is on record the outcome is unknown, and the next run
 *      settles it by retrieving the PaymentIntent before anything else is tried;
 *   4. the answer is recorded in one transaction: paid (the ledger's payment entry, a pending notice of
 *      cancellation rescinded) or declined (the next retry's day, 3, 5 or 7 days after the first failure).
 *
 * A decline the card networks forbid retrying (lost, stolen, a revoked authorisation), or a bank that asks
 * for the customer's authentication, is not tried again on the same card: its retry days pass without a
 * call unless the card was replaced in the meantime. When no retry is left, a notice of cancellation for
 * non-payment is sent (./cancel.ts). A bill's credit left at a term's end goes back to the card.
 */
import { formatCents, formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { logError } from '../log.ts';
import type { GatewayFailure, Intent } from '../payments/gateway.ts';
import { addLedgerEntry, latestPaymentAtLeast } from '../payments/ledger.ts';
import { cardInForce } from '../payments/attempts.ts';
import { readPolicyRecord } from '../policies/records.ts';
import {
  billById, billsIn, chargeByIntent, chargeOfBill, chargesConfirming, markChargeDeclined, markChargeSucceeded, markConfirming, moveBill,
  pendingCancellationOfBill, postponeCharge, setChargeIntent, settleCancellation, type BillCharge, type BillRecord,
} from './bills.ts';
import { nextRetryAfter } from './calendar.ts';
import { declineIsRetriable } from './schedule.ts';
import { sendPaymentFailed, sendPaymentReceipt } from './bill-mail.ts';
import { sendCancellationNotice } from './cancel.ts';

export type ChargeDeps = Pick<Deps, 'db' | 'config' | 'log' | 'payments' | 'blobs'>;

export interface ChargeTally {
  /** Bills paid by this run (a try, or an unknown outcome settled as paid). */
  charged: number;
  /** Tries the provider refused. */
  declined: number;
  /** Tries whose outcome is still unknown (settled on the next run). */
  unknown: number;
  /** Credits given back to the card. */
  refunded: number;
  /** Notices of cancellation sent. */
  noticesSent: number;
  /** Bills whose step failed (logged by id): the next run tries them again, settling any unknown outcome first. */
  errors: number;
}

/** A decline that trying the same card again cannot change: forbidden by the networks, or waiting on the customer. */
const needsAnotherCard = (charge: Pick<BillCharge, 'lastCode' | 'lastDeclineCode'>): boolean =>
  charge.lastCode === 'authentication_required' || !declineIsRetriable(charge.lastDeclineCode ?? undefined);

const keyOf = (charge: BillCharge, step: string) => `${charge.providerKey}:${step}`;

/**
 * How long a try sent may wait for its answer before the outcome counts as unknown and is asked of the
 * provider: longer than the gateway's own timeout and retries, so a try under way in another process is
 * never settled from under it.
 */
const TRY_ANSWER_WAIT_MS = 5 * 60_000;

/** Charges every bill due by `today`: unknown outcomes first, then first tries and retries due. */
export async function chargeDueBills(deps: ChargeDeps, today: string, now: Date): Promise<ChargeTally> {
  const tally: ChargeTally = { charged: 0, declined: 0, unknown: 0, refunded: 0, noticesSent: 0, errors: 0 };
  for (const charge of await chargesConfirming(deps.db, new Date(now.getTime() - TRY_ANSWER_WAIT_MS))) {
    try {
      await settleUnknown(deps, charge, today, now, tally);
    } catch (error) {
      tally.errors += 1;
      logError(deps.log, `billing: settling the charge of bill id ${charge.billId}`, error);
    }
  }
  for (const bill of await billsIn(deps.db, ['due', 'refund-due'])) {
    if (bill.billDate > today) continue;
    try {
      if (bill.status === 'refund-due') await refundCredit(deps, bill, now, tally);
      else await chargeBill(deps, bill, today, now, tally);
    } catch (error) {
      tally.errors += 1;
      logError(deps.log, `billing: charging bill id ${bill.id}`, error);
    }
  }
  return tally;
}

/** Settles a try whose answer never came, by what the provider says happened. */
async function settleUnknown(deps: ChargeDeps, charge: BillCharge, today: string, now: Date, tally: ChargeTally): Promise<void> {
  if (!charge.intentId) return;
  const found = await deps.payments.retrieveIntent(charge.intentId);
  if (!found.ok) {
    tally.unknown += 1;
    return;
  }
  const intent = found.value;
  const neverReachedTheCard = (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') && intent.lastError === null;
  if (neverReachedTheCard && charge.paymentMethodId) {
    // The try was marked but its call never arrived (a crash between the two): sent again under the same
    // try's key, which the provider answers once whichever of the two calls it saw.
    const answer = await deps.payments.confirmIntent({
      intentId: charge.intentId, idempotencyKey: keyOf(charge, `try-${charge.tries}`), paymentToken: charge.paymentMethodId,
      returnUrl: deps.config.publicOrigin, offSession: true,
    });
    await recordAnswer(deps, charge, answer, today, now, tally);
    return;
  }
  await recordAnswer(deps, charge, { ok: true, value: intent }, today, now, tally);
}

async function chargeBill(deps: ChargeDeps, bill: BillRecord, today: string, now: Date, tally: ChargeTally): Promise<void> {
  let charge = await chargeOfBill(deps.db, bill.id, crypto.randomUUID(), now);
  if (charge.status === 'confirming' || charge.status === 'succeeded' || charge.status === 'canceled') return;
  if (charge.status === 'declined' && (charge.nextTryOn === null || charge.nextTryOn > today)) return;

  const policy = await readPolicyRecord(deps.db, bill.policyId);
  const card = await cardInForce(deps.db, bill.policyId);
  if (!policy) return;
  if (!card || (charge.status === 'declined' && card.paymentMethodId === charge.paymentMethodId && needsAnotherCard(charge))) {
    // No call can succeed: the retry day passes as a failed try, told to the customer as the first was.
    await recordRefusal(deps, charge, { code: card ? charge.lastCode : 'no_card', declineCode: card ? charge.lastDeclineCode : null }, today, now, tally);
    return;
  }

  if (!charge.intentId) {
    const intentId = await billIntent(deps, { bill, charge, policyNumber: policy.policyNumber, card }, now);
    if (intentId === null) {
      // Nothing was charged (the PaymentIntent is unconfirmed): the next run asks again under the same key.
      tally.unknown += 1;
      return;
    }
    charge = { ...charge, intentId };
  }
  if (!(await markConfirming(deps.db, charge.id, charge.tries, card.paymentMethodId, now))) return;
  const tried = { ...charge, status: 'confirming' as const, tries: charge.tries + 1, paymentMethodId: card.paymentMethodId };
  const answer = await deps.payments.confirmIntent({
    intentId: charge.intentId!,
    idempotencyKey: keyOf(tried, `try-${tried.tries}`),
    paymentToken: card.paymentMethodId,
    returnUrl: deps.config.publicOrigin,
    offSession: true,
  });
  await recordAnswer(deps, tried, answer, today, now, tally);
}

/**
 * The bill's PaymentIntent, created unconfirmed for the kept card and its id stored (the daily run and the
 * pay page both make it so): the same key gives the same PaymentIntent whoever asks first. Null when the
 * provider could not answer (nothing was charged; ask again later).
 */
export async function billIntent(
  deps: Pick<ChargeDeps, 'db' | 'payments'>,
  of: { bill: BillRecord; charge: BillCharge; policyNumber: string; card: { customerId: string; paymentMethodId: string } },
  now: Date,
): Promise<string | null> {
  const { bill, charge, card } = of;
  const created = await deps.payments.createIntent({
    idempotencyKey: keyOf(charge, 'create'),
    amountCents: bill.amountCents,
    currency: 'usd',
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    keepCard: false,
    description: `${of.policyNumber} bill of ${bill.billDate}`,
    metadata: { bill_id: String(bill.id), policy_number: of.policyNumber },
  });
  if (!created.ok) return null;
  await setChargeIntent(deps.db, charge.id, created.value.id, now);
  return created.value.id;
}

/** Records the provider's answer to a try: paid, refused, or still unknown (left 'confirming'). */
async function recordAnswer(
  deps: ChargeDeps,
  charge: BillCharge,
  answer: { ok: true; value: Intent } | GatewayFailure,
  today: string,
  now: Date,
  tally: ChargeTally,
): Promise<void> {
  if (!answer.ok) {
    if (answer.outcomeUnknown) {
      tally.unknown += 1;
      return;
    }
    await recordRefusal(deps, charge, { code: answer.code ?? answer.type, declineCode: answer.declineCode ?? null }, today, now, tally);
    return;
  }
  const intent = answer.value;
  if (intent.status === 'succeeded') {
    if (await recordPaid(deps, charge, intent, now)) tally.charged += 1;
    return;
  }
  if (intent.status === 'processing' || intent.status === 'requires_confirmation') {
    tally.unknown += 1;
    return;
  }
  // requires_action (the bank asks the customer), requires_payment_method (refused) or canceled
  const code = intent.status === 'requires_action' ? 'authentication_required' : (intent.lastError?.code ?? 'card_declined');
  await recordRefusal(deps, charge, { code, declineCode: intent.lastError?.declineCode ?? null }, today, now, tally);
}

/** The bill is paid: the charge, the bill and the ledger's payment in one transaction, a pending notice rescinded. */
export async function recordPaid(deps: Pick<ChargeDeps, 'db' | 'config' | 'blobs'>, charge: BillCharge, intent: Intent, now: Date): Promise<boolean> {
  const bill = await billById(deps.db, charge.billId);
  if (!bill) return false;
  return deps.db.transaction(async (tx) => {
    if (!(await markChargeSucceeded(tx, charge.id, now))) return false;
    await moveBill(tx, bill.id, ['due', 'unpaid'], 'paid', now);
    await addLedgerEntry(tx, {
      kind: 'bill-payment', amountCents: intent.amountCents, attemptId: null, policyId: bill.policyId, providerRef: intent.id, billId: bill.id, at: now,
    });
    const notice = await pendingCancellationOfBill(tx, bill.id);
    if (notice) await settleCancellation(tx, notice.id, 'rescinded', now);
    await sendPaymentReceipt(tx, deps, bill, intent.card, now);
    return true;
  });
}

/**
 * A try was refused, or could not be made (no card, or only the card already refused for good): the codes,
 * the next retry's day and the customer told; with no retry left, the notice of cancellation.
 */
async function recordRefusal(
  deps: ChargeDeps,
  charge: BillCharge,
  refusal: { code: string | null; declineCode: string | null },
  today: string,
  now: Date,
  tally: ChargeTally,
): Promise<void> {
  const bill = await billById(deps.db, charge.billId);
  const policy = bill ? await readPolicyRecord(deps.db, bill.policyId) : null;
  if (!bill || !policy) return;
  const firstFailedOn = charge.firstFailedOn ?? today;
  const nextTryOn = nextRetryAfter(firstFailedOn, today);
  const noticed = await deps.db.transaction(async (tx) => {
    // a try made (or a first one that could not be) is recorded; a retry day passed without a call moves it on
    const moved = charge.status !== 'declined'
      ? await markChargeDeclined(tx, charge.id, { ...refusal, failedOn: today, nextTryOn }, now)
      : await postponeCharge(tx, charge.id, charge.nextTryOn, nextTryOn, now);
    if (!moved) return null;
    await sendPaymentFailed(tx, deps, { bill, policy, refusal, nextTryOn, formattedAmount: formatCents(bill.amountCents) }, now);
    if (nextTryOn !== null) return false;
    return sendCancellationNotice(tx, deps, { bill, policy, today }, now);
  });
  if (noticed === null) return;
  tally.declined += 1;
  if (noticed) tally.noticesSent += 1;
}

/**
 * Gives a bill's credit back (a term's last bill in credit, a cancellation's unearned premium) to the card,
 * against the policy's latest payment large enough to take it; recorded with the ledger's refund entry. The
 * refund's idempotency key is the bill's, so a refund whose answer was lost is asked again as the same one.
 */
async function refundCredit(deps: ChargeDeps, bill: BillRecord, now: Date, tally: ChargeTally): Promise<void> {
  const paid = await latestPaymentAtLeast(deps.db, bill.policyId, bill.amountCents);
  if (!paid) {
    logError(deps.log, `billing: no payment of policy id ${bill.policyId} can take bill id ${bill.id}'s refund`, new Error('left for the team'));
    return;
  }
  const given = await deps.payments.refund({ intentId: paid, amountCents: bill.amountCents, idempotencyKey: `ppm-bill-${bill.id}-refund`, reason: 'credit-refunded' });
  if (!given.ok) {
    if (!given.outcomeUnknown) logError(deps.log, `billing: refund of bill id ${bill.id} refused (${given.code ?? given.type})`, new Error('left for the team'));
    return;
  }
  const done = await deps.db.transaction(async (tx) => {
    if (!(await moveBill(tx, bill.id, ['refund-due'], 'refunded', now))) return false;
    await addLedgerEntry(tx, {
      kind: 'refund', amountCents: -bill.amountCents, attemptId: null, policyId: bill.policyId, providerRef: given.value.id, billId: bill.id, at: now,
    });
    return true;
  });
  if (done) tally.refunded += 1;
}

/**
 * The provider's event about a PaymentIntent that may be a bill's (api/payments/webhooks.ts): what the
 * provider says now is recorded as the try's answer, as the next run's settling would. Null when the
 * PaymentIntent is no bill's; 'unknown' when the provider cannot say yet (the event is delivered again).
 */
export async function settleChargeOfIntent(deps: ChargeDeps, intentId: string, now: Date): Promise<'settled' | 'unknown' | null> {
  const charge = await chargeByIntent(deps.db, intentId);
  if (!charge) return null;
  if (charge.status !== 'confirming') return 'settled';
  const tally: ChargeTally = { charged: 0, declined: 0, unknown: 0, refunded: 0, noticesSent: 0, errors: 0 };
  await settleUnknown(deps, charge, formatIsoDate(localToday(now)), now, tally);
  return tally.unknown > 0 ? 'unknown' : 'settled';
}
