/**
 * Bind: a priced quote, paid by card, becomes a bound policy (doc 3 sections 3, 4 "Payment" and 7), and every
 * charge is provably right (issue 19):
 *
 *   1. the price paid is the price shown: the request names the quote's version and the amount due today
 *      that the buyer saw; any other version or amount is refused (409, with the version in force) before
 *      anything is charged;
 *   2. an attempt of the same quote whose outcome is not settled is settled with the provider first
 *      (retrieving its PaymentIntent by id, never a search): a charge found is finished (or refunded),
 *      one still unknown refuses the new attempt (409, in progress);
 *   3. the attempt is recorded, with a random provider key, before any call; a Customer and an unconfirmed
 *      PaymentIntent are created (harmless if their answers are lost: nothing is charged until confirmed),
 *      both ids are stored (one write), then it is confirmed: the one call that moves money, on an id we
 *      already hold, so an unknown outcome is always settled by retrieving it;
 *   4. a bank that asks for 3-D Secure gets the buyer: 202 with what Stripe.js (or the test mode's window)
 *      needs, and POST /api/policy/complete_payment finishes once they authenticated;
 *   5. a charge becomes, in one transaction, the payment, the policy with its vehicles, drivers and
 *      coverages, the ledger entry, the kept card with the buyer's consent, the consent to electronic delivery
 *      when the buyer gave it, the account, the purchase mail and the odometer text; a charge that cannot (the quote was bought by another attempt, or expired while the
 *      outcome was unknown) is refunded through the provider and the buyer is mailed.
 *
 * Every step that can be interrupted is picked up again by whoever comes next: the retried request, the
 * provider's webhook (api/payments/webhooks.ts) or the settlement job (api/payments/settlement-job.ts).
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { sha256Hex } from '../hash.ts';
import {
  billingSummary, CARD_CONSENT, compareDates, localToday, MESSAGES, parseIsoDate, PAY_PLANS, type BillingFrequency,
  type BindRequest, type BindResponse, type PaymentNeedsAuthentication, type QuotePolicy,
} from '../../contract/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { enqueueMail } from '../mail/queue.ts';
import type { GatewayFailure, Intent, PaymentErrorType, PaymentGateway } from '../payments/gateway.ts';
import {
  attemptById, attemptOfIntent, boundAttemptOfSubmission, changeAttempt, insertPayment, latestAttemptOf, markRefunded, openAttemptsOf,
  paymentOfAttempt, recordAttempt, recordDownPayment, recordRefund, refundOf, staleOpenAttempts, type Attempt,
} from '../payments/attempts.ts';
import { addLedgerEntry } from '../payments/ledger.ts';
import { refundMail, REFUND_MAIL_KIND } from '../payments/refund-mail.ts';
import { isTestModeGateway } from '../payments/test-mode.ts';
import { BINDER_NUMBER_PREFIX, newNumber, POLICY_NUMBER_PREFIX } from '../quotes/numbering.ts';
import { lockQuoteForBind, markQuoteBound, quoteForBindById, quoteIdOf, quoteNumberById, type QuoteForBind } from '../quotes/store.ts';
import { issueToken, readToken } from '../tokens/tokens.ts';
import { requestDocuments, type DocumentsJob } from '../documents/job.ts';
import { queuePurchaseMessages } from './purchase-messages.ts';
import { insertPolicy, policyById, policyByPayment, policyByQuote, recordDeliveryConsent } from './records.ts';

/** How long a quote can be bought at its price (ours: 30 days; a rate table may change after that). */
export const QUOTE_VALID_DAYS = 30;
/**
 * An attempt younger than this may still have its request running (the provider's timeout, 20 s, with one
 * retry, fits well inside): it is not settled underneath that request, and a new attempt waits for it.
 */
export const ATTEMPT_IN_PROGRESS_MS = 2 * 60_000;
/** How long a new bind waits for another attempt of its quote to settle before answering 409. */
export const WAIT_FOR_OTHER_ATTEMPT_MS = 15_000;
/** A 3-D Secure authentication the buyer has not finished in this time is abandoned (its PaymentIntent cancelled). */
export const AUTHENTICATION_ABANDONED_MS = 60 * 60_000;

/** Why a bind, or what follows it, is refused: the route layer's table (api/routes/refusals.ts) gives the status. */
export type BindRefusal =
  | 'stripe-key-not-ours' | 'quote-not-found' | 'quote-bought' | 'quote-expired' | 'effective-date-passed'
  | 'purchase-token-invalid' | 'authentication-not-pending';

/** What a bind came to, in the domain's words; api/routes/purchase.ts answers each. */
export type BindOutcome =
  | { kind: 'bound'; body: BindResponse; policyId: number; fresh: boolean }
  | { kind: 'needs-authentication'; body: PaymentNeedsAuthentication }
  | { kind: 'quote-changed'; current: QuotePolicy }
  | { kind: 'in-progress' }
  | { kind: 'refused'; reason: BindRefusal; message: string }
  | { kind: 'payment-failed'; message: string; errorType: PaymentErrorType; outcomeUnknown: boolean };

export interface BindContext {
  db: Db;
  gateway: PaymentGateway;
  clock: () => Date;
  publicOrigin: string;
  /** Kicked once a policy is written, whoever wrote it: the request, the webhook or the settlement job. */
  documents: Pick<DocumentsJob, 'renderDue'>;
}

const refused = (reason: BindRefusal, message: string): BindOutcome => ({ kind: 'refused', reason, message });
const inProgress: BindOutcome = { kind: 'in-progress' };

/** The spec's text for each kind of payment failure (doc 3 section 8). */
export function paymentMessage(type: PaymentErrorType): string {
  if (type === 'card_error') return MESSAGES.paymentDeclined;
  if (type === 'invalid_request_error') return MESSAGES.paymentNotProcessed;
  return MESSAGES.callUs;
}

const paymentFailed = (type: PaymentErrorType, outcomeUnknown = false): BindOutcome => ({
  kind: 'payment-failed', message: paymentMessage(type), errorType: type, outcomeUnknown,
});

/** What is due today for `frequency`: the one figure step 6 shows and the bind charges (contract billingSummary). */
export function dueTodayCents(policy: QuotePolicy, frequency: BillingFrequency): number {
  return billingSummary(policy, frequency).dueTodayCents;
}


/** The quote's checks at `now`: open, young enough, starting today or later. */
function quoteRefusal(quote: QuoteForBind | null, now: Date): BindOutcome | null {
  if (!quote) return refused('quote-not-found', MESSAGES.quoteToBindNotFound);
  // The truth, and nothing personal: whoever holds the number learns only that it is bought.
  if (quote.status !== 'QUOTE') return refused('quote-bought', MESSAGES.quoteAlreadyBound);
  if (now.getTime() - quote.created_at.getTime() > QUOTE_VALID_DAYS * 86_400_000) return refused('quote-expired', MESSAGES.quoteExpired);
  const effective = parseIsoDate(quote.response.effectiveDate);
  if (!effective || compareDates(effective, localToday(now)) < 0) return refused('effective-date-passed', MESSAGES.effectiveDatePassed);
  return null;
}

/**
 * `submissionKey` is the request's Idempotency-Key: the same submission sent again (after an answer that was
 * lost or unknown) learns its own outcome, while any other request learns only that the quote is bought.
 */
export async function bindQuote(context: BindContext, request: BindRequest, submissionKey: string): Promise<BindOutcome> {
  const { db, gateway, clock } = context;
  if (request.stripeKey.key !== gateway.publishableKey) return refused('stripe-key-not-ours', MESSAGES.stripeKeyNotOurs);
  // wall time: the other attempt is a request running now, whatever the clock the use case is given says
  const waitUntil = Date.now() + WAIT_FOR_OTHER_ATTEMPT_MS;

  const submissionKeyHash = sha256Hex(submissionKey);
  for (;;) {
    const now = clock();
    const step = await db.transaction(async (tx) => {
      const quote = await lockQuoteForBind(tx, request.quoteNumber);
      if (quote && quote.status !== 'QUOTE') {
        const own = await boundAttemptOfSubmission(tx, quote.id, submissionKeyHash);
        if (own) return { kind: 'own-bound' as const, attempt: own };
      }
      const refusal = quoteRefusal(quote, now);
      if (refusal) return { kind: 'done' as const, outcome: refusal };
      const current = quote!;
      const amountDue = dueTodayCents(current.response, request.billingFrequency);
      if (current.version !== request.quoteVersion || amountDue !== request.amountDueCents) {
        return { kind: 'done' as const, outcome: { kind: 'quote-changed', current: { ...current.response, quoteVersion: current.version } } as BindOutcome };
      }
      const open = await openAttemptsOf(tx, current.id);
      if (open.length > 0) return { kind: 'settle' as const, open };
      const attempt = await recordAttempt(
        tx,
        {
          quoteId: current.id, quoteVersion: current.version, amountCents: amountDue, billingFrequency: request.billingFrequency,
          payPlan: PAY_PLANS[request.billingFrequency], cardConsent: CARD_CONSENT[request.billingFrequency],
          // the contract let through only the exact words shown, or nothing: those words are kept
          electronicDeliveryConsent: request.electronicDeliveryConsent ?? null,
          paymentTokenHash: sha256Hex(request.paymentToken.token), submissionKeyHash,
        },
        now,
      );
      return { kind: 'ready' as const, attempt, quote: current };
    });
    if (step.kind === 'done') return step.outcome;
    if (step.kind === 'own-bound') return outcomeOf(context, { kind: 'bound', policyId: await policyIdOfAttempt(db, step.attempt.id), attempt: step.attempt, fresh: false });
    if (step.kind === 'ready') return runAttempt(context, step.attempt, step.quote, request.paymentToken.token);

    // Another attempt of this quote is open: settle it first (a new card is a new attempt: it abandons an
    // authentication left waiting). What it becomes decides what this request may do.
    let waiting = false;
    for (const attempt of step.open) {
      // The same submission again (a retry after a lost answer, under its Idempotency-Key) keeps its
      // authentication and learns its own outcome; anyone else learns only that the quote is bought.
      const same = attempt.submissionKeyHash === submissionKeyHash;
      const settled = await settleAttempt(context, attempt, { abandonAuthentication: !same });
      if (same && (settled.kind === 'bound' || settled.kind === 'needs-authentication' || settled.kind === 'declined')) return outcomeOf(context, settled);
      if (settled.kind === 'bound' || settled.kind === 'refunded') return refused('quote-bought', MESSAGES.quoteAlreadyBound);
      if (settled.kind === 'unknown' || settled.kind === 'needs-authentication') waiting = true;
    }
    if (waiting) {
      if (Date.now() >= waitUntil) return inProgress;
      await sleep(250);
    }
  }
}

/** Steps 3 to 5 for a fresh attempt. */
async function runAttempt(context: BindContext, attempt: Attempt, quote: QuoteForBind, paymentToken: string): Promise<BindOutcome> {
  const { db, gateway, clock } = context;
  const key = attempt.providerKey;
  const metadata = { quoteNumber: quote.quote_number, bindAttempt: key };

  const customer = await gateway.createCustomer({ idempotencyKey: `${key}:customer`, metadata });
  if (!customer.ok) return notCharged(context, attempt, customer);
  // The Customer is kept on the attempt with the PaymentIntent's id, in one write: until then nothing can be
  // charged, and making either again under its key gives the same one.
  const created = await gateway.createIntent({
    idempotencyKey: `${key}:intent`, amountCents: attempt.amountCents, currency: 'usd', customerId: customer.value.id, keepCard: true,
    description: `Down payment, quote ${quote.quote_number}`, metadata,
  });
  if (!created.ok) return notCharged(context, attempt, created);
  // The id on record before the one call that moves money: whatever happens next is settled by retrieving it.
  const recorded = { intentId: created.value.id, customerId: customer.value.id, status: 'confirming' } as const;
  if (!(await changeAttempt(db, attempt.id, ['created'], recorded, clock()))) {
    return inProgress; // settled as abandoned by someone else meanwhile: it is never confirmed now
  }
  const confirming: Attempt = { ...attempt, ...recorded };
  const confirmed = await gateway.confirmIntent({
    intentId: created.value.id, idempotencyKey: `${key}:confirm`, paymentToken,
    returnUrl: pageUrl(context.publicOrigin, PAGES.wizard),
  });
  if (confirmed.ok) return outcomeOf(context, await settleWith(context, confirming, confirmed.value, {}));
  if (!confirmed.outcomeUnknown) {
    await changeAttempt(db, attempt.id, ['confirming'], { status: confirmed.type === 'card_error' ? 'declined' : 'failed', error: failureOf(confirmed) }, clock());
    void gateway.cancelIntent(created.value.id, `${key}:cancel`).catch(() => undefined);
    return paymentFailed(confirmed.type);
  }
  // Unknown: ask the provider at once; if it cannot say either, the attempt stays open for the next settler.
  const settled = await settleAttempt(context, confirming, {});
  if (settled.kind === 'unknown') return paymentFailed('api_error', true);
  return outcomeOf(context, settled);
}

/** A call before the confirmation failed: nothing was charged, whatever the provider answered. */
async function notCharged(context: BindContext, attempt: Attempt, failure: GatewayFailure): Promise<BindOutcome> {
  await changeAttempt(context.db, attempt.id, ['created'], { status: 'failed', error: failureOf(failure) }, context.clock());
  return paymentFailed(failure.outcomeUnknown ? 'api_error' : failure.type);
}

function failureOf(failure: GatewayFailure | Intent['lastError']): { type: PaymentErrorType; code: string | undefined; declineCode: string | undefined } {
  return { type: failure!.type, code: failure!.code, declineCode: failure!.declineCode };
}

/** What settling an attempt came to. */
export type Settled =
  | { kind: 'bound'; policyId: number; attempt: Attempt; fresh: boolean; written?: BoundPolicy }
  | { kind: 'needs-authentication'; attempt: Attempt; intent: Intent }
  | { kind: 'declined'; type: PaymentErrorType }
  | { kind: 'not-charged' }
  | { kind: 'refunded' }
  | { kind: 'unknown' }
  /** Another settler held the attempt at that moment (a request writing its policy): it is theirs to finish. */
  | { kind: 'being-settled' };

interface SettleOptions {
  /** A new attempt is waiting: an authentication left pending is abandoned now, not after an hour. */
  abandonAuthentication?: boolean;
  /**
   * The provider's event about a charge a request is finishing at this moment: rather than wait for that
   * request's lock (holding a connection all the while, to learn what the request will answer anyway), it is
   * left to the request. Should that request die, its transaction rolls back and leaves the attempt charged,
   * which the settlement job settles (settleStaleAttempts) as it does any request that died.
   */
  leaveIfBeingSettled?: boolean;
}

/**
 * Settles one open attempt with the provider: the truth about its PaymentIntent, then what follows from it
 * (the policy, a refund, a failure on record). Safe to run from the request, the webhook and the job at once:
 * each change names the statuses it may come from.
 */
export async function settleAttempt(context: BindContext, attempt: Attempt, options: SettleOptions): Promise<Settled> {
  const { db, gateway, clock } = context;
  const now = clock();
  const age = now.getTime() - attempt.updatedAt.getTime();
  switch (attempt.status) {
    case 'created':
      // The confirmation is sent only after the status leaves 'created': nothing was charged. A young one may
      // still be on its way there, so it is left to its request.
      if (age < ATTEMPT_IN_PROGRESS_MS) return { kind: 'unknown' };
      if (await changeAttempt(db, attempt.id, ['created'], { status: 'failed' }, now)) {
        if (attempt.intentId) void gateway.cancelIntent(attempt.intentId, `${attempt.providerKey}:cancel`).catch(() => undefined);
        return { kind: 'not-charged' };
      }
      return settleAgain(context, attempt.id, options);
    case 'refunding':
      return refund(context, attempt);
    case 'charged':
    case 'confirming':
    case 'requires_action': {
      const retrieved = await gateway.retrieveIntent(attempt.intentId!);
      if (!retrieved.ok) return { kind: 'unknown' };
      return settleWith(context, attempt, retrieved.value, options);
    }
    case 'bound':
      return { kind: 'bound', policyId: await policyIdOfAttempt(db, attempt.id), attempt, fresh: false };
    case 'declined':
    case 'failed': {
      // Written off, yet the provider says it succeeded (its webhook says so: a late confirmation, a
      // refusal answered wrongly): the money moved, so it becomes the policy or is refunded all the same.
      if (!attempt.intentId) return { kind: 'not-charged' };
      const retrieved = await gateway.retrieveIntent(attempt.intentId);
      if (!retrieved.ok) return { kind: 'unknown' };
      if (retrieved.value.status !== 'succeeded') return { kind: 'not-charged' };
      await changeAttempt(db, attempt.id, ['declined', 'failed'], { status: 'charged' }, now);
      return finish(context, attempt.id, retrieved.value, options);
    }
    default:
      return { kind: 'not-charged' };
  }
}

async function settleAgain(context: BindContext, attemptId: string, options: SettleOptions): Promise<Settled> {
  const fresh = await attemptById(context.db, attemptId);
  return fresh ? settleAttempt(context, fresh, options) : { kind: 'not-charged' };
}

/** What the provider says of the attempt's PaymentIntent, acted on. */
async function settleWith(context: BindContext, attempt: Attempt, intent: Intent, options: SettleOptions): Promise<Settled> {
  const { db, gateway, clock } = context;
  const now = clock();
  const open: Attempt['status'][] = ['confirming', 'requires_action', 'created'];
  switch (intent.status) {
    case 'succeeded':
      await changeAttempt(db, attempt.id, open, { status: 'charged' }, now);
      return finish(context, attempt.id, intent, options);
    case 'processing':
      return { kind: 'unknown' };
    case 'requires_action': {
      const waited = now.getTime() - attempt.updatedAt.getTime();
      if (options.abandonAuthentication || (attempt.status === 'requires_action' && waited >= AUTHENTICATION_ABANDONED_MS)) {
        return cancel(context, attempt, intent);
      }
      await changeAttempt(db, attempt.id, ['confirming'], { status: 'requires_action' }, now);
      return { kind: 'needs-authentication', attempt, intent };
    }
    case 'canceled':
      await changeAttempt(db, attempt.id, open, { status: 'failed' }, now);
      return { kind: 'not-charged' };
    case 'requires_payment_method':
    case 'requires_confirmation':
      if (intent.lastError) {
        // The provider refused the card (or the authentication failed): on record, and the quote is payable again.
        await changeAttempt(db, attempt.id, open, { status: intent.lastError.type === 'card_error' ? 'declined' : 'failed', error: failureOf(intent.lastError) }, now);
        return { kind: 'declined', type: intent.lastError.type };
      }
      // The confirmation has not reached the provider: still on its way (young), or lost. A lost one is
      // cancelled, so a late arrival cannot charge what we have written off.
      if (now.getTime() - attempt.updatedAt.getTime() < ATTEMPT_IN_PROGRESS_MS) return { kind: 'unknown' };
      return cancel(context, attempt, intent);
  }
}

/** Cancels the PaymentIntent, then records the attempt as failed; a PaymentIntent that succeeded meanwhile is finished. */
async function cancel(context: BindContext, attempt: Attempt, intent: Intent): Promise<Settled> {
  const cancelled = await context.gateway.cancelIntent(intent.id, `${attempt.providerKey}:cancel`);
  if (!cancelled.ok) {
    const again = await context.gateway.retrieveIntent(intent.id);
    if (!again.ok || again.value.status === 'requires_action' || again.value.status === 'requires_payment_method') return { kind: 'unknown' };
    return settleWith(context, attempt, again.value, {});
  }
  await changeAttempt(context.db, attempt.id, ['confirming', 'requires_action', 'created'], { status: 'failed' }, context.clock());
  return { kind: 'not-charged' };
}

async function policyIdOfAttempt(db: Queryable, attemptId: string): Promise<number> {
  const payment = (await paymentOfAttempt(db, attemptId))!;
  return (await policyByPayment(db, payment.id))!.id;
}

/**
 * A charged attempt becomes its policy, in one transaction with the quote locked; or, when the quote can no
 * longer be bought (another attempt bought it, or it expired while the outcome was unknown), its refund.
 */
async function finish(context: BindContext, attemptId: string, intent: Intent, options: SettleOptions): Promise<Settled> {
  const { db, clock } = context;
  const now = clock();
  const result = await db.transaction(async (tx): Promise<Settled | { kind: 'refund'; attempt: Attempt }> => {
    const attempt = await attemptById(tx, attemptId, options.leaveIfBeingSettled ? 'unless-held' : 'wait');
    if (!attempt) return { kind: 'being-settled' }; // it exists (the caller read it): someone holds it
    if (attempt.status === 'bound') return { kind: 'bound', policyId: await policyIdOfAttempt(tx, attempt.id), attempt, fresh: false };
    if (attempt.status !== 'charged') return { kind: 'unknown' };
    // The version the buyer paid for, even if another window re-priced the quote since.
    const quote = (await quoteForBindById(tx, attempt.quoteId, attempt.quoteVersion))!;
    const expired = now.getTime() - quote.created_at.getTime() > QUOTE_VALID_DAYS * 86_400_000;
    if (quote.status !== 'QUOTE' || expired) {
      await changeAttempt(tx, attempt.id, ['charged'], { status: 'refunding' }, now);
      await recordRefund(tx, attempt.id, attempt.amountCents, quote.status !== 'QUOTE' ? 'quote-bound' : 'quote-expired', now);
      await addLedgerEntry(tx, { kind: 'down-payment', amountCents: attempt.amountCents, attemptId: attempt.id, policyId: null, providerRef: intent.id, at: now });
      return { kind: 'refund', attempt: { ...attempt, status: 'refunding' } };
    }
    const written = await writePolicy(tx, { quote, attempt, intent, gateway: context.gateway.name, now, publicOrigin: context.publicOrigin });
    return { kind: 'bound', policyId: written.policyId, attempt: { ...attempt, status: 'bound' }, fresh: true, written };
  });
  if (result.kind === 'refund') return refund(context, result.attempt);
  // The policy's documents were requested with it: made now, off the path of whoever settled it.
  if (result.kind === 'bound' && result.fresh) void context.documents.renderDue();
  return result;
}

/** Gives a charge back through the provider, records it in the ledger and tells the buyer. */
async function refund(context: BindContext, attempt: Attempt): Promise<Settled> {
  const { db, gateway, clock } = context;
  const owed = await refundOf(db, attempt.id);
  if (!owed || !attempt.intentId) return { kind: 'unknown' };
  const given = await gateway.refund({ intentId: attempt.intentId, amountCents: owed.amountCents, idempotencyKey: `${attempt.providerKey}:refund`, reason: owed.reason });
  if (!given.ok) return { kind: 'unknown' }; // asked again by the next settler, under the same key
  const now = clock();
  await db.transaction(async (tx) => {
    if (!(await markRefunded(tx, attempt.id, given.value.id, now))) return;
    await addLedgerEntry(tx, { kind: 'refund', amountCents: -owed.amountCents, attemptId: attempt.id, policyId: null, providerRef: given.value.id, at: now });
    const quote = (await quoteForBindById(tx, attempt.quoteId))!;
    await enqueueMail(tx, REFUND_MAIL_KIND, refundMail({ to: quote.request.emailAddress, quoteNumber: quote.quote_number, amountCents: owed.amountCents, reason: owed.reason }), now);
  });
  return { kind: 'refunded' };
}

/** The answer for what settling came to, from the request's side. */
async function outcomeOf(context: BindContext, settled: Settled): Promise<BindOutcome> {
  switch (settled.kind) {
    case 'bound':
      return { kind: 'bound', body: await boundAnswer(context, settled), policyId: settled.policyId, fresh: settled.fresh };
    case 'needs-authentication': {
      const purchaseToken = await issueToken(context.db, 'purchase', context.clock(), { subjectId: settled.attempt.quoteId });
      return {
        kind: 'needs-authentication',
        body: { authentication: { mode: context.gateway.mode, clientSecret: settled.intent.clientSecret }, purchaseToken },
      };
    }
    case 'declined':
      return paymentFailed(settled.type);
    case 'not-charged':
      return paymentFailed('api_error');
    case 'refunded':
      return refused('quote-bought', MESSAGES.quoteAlreadyBound);
    case 'unknown':
    case 'being-settled':
      return inProgress;
  }
}

/** What the bind's answer shows of a bound policy: known without a read by whoever just wrote it. */
interface BoundPolicy {
  policyId: number;
  policyNumber: string;
  binderNumber: string;
  fromQuoteNumber: string;
  policyOwners: BindResponse['policies'][number]['policyOwners'];
  emailAddress: string;
  billingFrequency: BillingFrequency;
  amountChargedCents: number;
}

/** The bind's answer for a bound policy, as written, or read from its records: the amount is the payment's. */
async function boundAnswer(context: BindContext, settled: Extract<Settled, { kind: 'bound' }>): Promise<BindResponse> {
  const bound = settled.written ?? (await boundPolicy(context.db, settled.attempt, settled.policyId));
  const purchaseToken = await issueToken(context.db, 'purchase', context.clock(), { subjectId: settled.attempt.quoteId });
  return {
    policies: [
      {
        policyNumber: bound.policyNumber, binderNumber: bound.binderNumber, policyStatus: 'BOUND', fromQuoteNumber: bound.fromQuoteNumber,
        policyOwners: bound.policyOwners, emailAddress: bound.emailAddress,
      },
    ],
    amountChargedCents: bound.amountChargedCents,
    billingFrequency: bound.billingFrequency,
    purchaseToken,
  };
}

async function boundPolicy(db: Queryable, attempt: Attempt, policyId: number): Promise<BoundPolicy> {
  const policy = (await policyById(db, policyId))!;
  const payment = (await paymentOfAttempt(db, attempt.id))!;
  return {
    policyId, policyNumber: policy.policyNumber, binderNumber: policy.binderNumber, fromQuoteNumber: (await quoteNumberById(db, policy.quoteId))!,
    policyOwners: policy.policyOwners, emailAddress: policy.emailAddress, billingFrequency: policy.billingFrequency, amountChargedCents: payment.amountCents,
  };
}

/** The quote a purchase token was issued for, when the token is alive and names that quote. */
export async function purchaseTokenQuote(db: Queryable, token: string | undefined, quoteNumber: string, now: Date): Promise<number | null> {
  if (!token) return null;
  const read = await readToken(db, 'purchase', token, now);
  if (!read || read.subjectId === null) return null;
  // the number alone, not the quote locked and read whole: a lienholder or a 3-D Secure answer only asks whose it is
  return (await quoteIdOf(db, quoteNumber)) === read.subjectId ? read.subjectId : null;
}

/**
 * The policy a live purchase token bought, with the address it was bought with: what the thank-you page's
 * account creation needs to know that the person choosing a password is the buyer (api/auth/signup.ts).
 * Null for an unknown or expired token, or a purchase not (yet) a policy.
 */
export async function purchasedPolicy(db: Queryable, token: string | undefined, now: Date): Promise<{ policyId: number; emailLower: string } | null> {
  if (!token) return null;
  const read = await readToken(db, 'purchase', token, now);
  if (!read || read.subjectId === null) return null;
  const policy = await policyByQuote(db, read.subjectId);
  return policy ? { policyId: policy.id, emailLower: policy.emailLower } : null;
}

/**
 * POST /api/policy/complete_payment: the buyer came back from authenticating. The attempt waiting for it is
 * settled with the provider, and answered as the bind answers.
 */
export async function completePayment(context: BindContext, quoteNumber: string, purchaseToken: string | undefined): Promise<BindOutcome> {
  const quoteId = await purchaseTokenQuote(context.db, purchaseToken, quoteNumber, context.clock());
  if (quoteId === null) return refused('purchase-token-invalid', MESSAGES.purchaseTokenRequired);
  const attempt = await latestAttemptOf(context.db, quoteId);
  if (!attempt) return refused('authentication-not-pending', MESSAGES.authenticationNotPending);
  if (attempt.status === 'declined') return paymentFailed('card_error');
  if (attempt.status === 'failed') return paymentFailed('api_error');
  return outcomeOf(context, await settleAttempt(context, attempt, {}));
}

/** The test mode's authentication window: the buyer's Complete or Fail for the attempt waiting on it. */
export async function testAuthentication(
  context: BindContext,
  quoteNumber: string,
  purchaseToken: string | undefined,
  result: 'complete' | 'fail',
): Promise<{ kind: 'done' } | { kind: 'refused'; reason: 'test-mode-only' | 'purchase-token-invalid' | 'authentication-not-pending'; message: string }> {
  const gateway = context.gateway;
  if (!isTestModeGateway(gateway)) return { kind: 'refused', reason: 'test-mode-only', message: MESSAGES.testAuthenticationOnly };
  const quoteId = await purchaseTokenQuote(context.db, purchaseToken, quoteNumber, context.clock());
  if (quoteId === null) return { kind: 'refused', reason: 'purchase-token-invalid', message: MESSAGES.purchaseTokenRequired };
  const attempt = await latestAttemptOf(context.db, quoteId);
  if (!attempt || attempt.status !== 'requires_action' || !attempt.intentId) return { kind: 'refused', reason: 'authentication-not-pending', message: MESSAGES.authenticationNotPending };
  const answered = await gateway.authenticate(attempt.intentId, result);
  return answered.ok ? { kind: 'done' } : { kind: 'refused', reason: 'authentication-not-pending', message: MESSAGES.authenticationNotPending };
}

/**
 * The settlement job's work (api/payments/settlement-job.ts): every open attempt untouched for longer than a
 * request can run is settled with the provider. Returns how many were looked at and what they came to.
 */
export async function settleStaleAttempts(context: BindContext, limit = 100): Promise<Record<Exclude<Settled['kind'], 'being-settled'>, number>> {
  const before = new Date(context.clock().getTime() - ATTEMPT_IN_PROGRESS_MS);
  const tally = { bound: 0, 'needs-authentication': 0, declined: 0, 'not-charged': 0, refunded: 0, unknown: 0 };
  for (const attempt of await staleOpenAttempts(context.db, before, limit)) {
    const { kind } = await settleAttempt(context, attempt, {});
    // the job waits for whoever holds an attempt, so never hears 'being-settled'; were it to, it is still open
    tally[kind === 'being-settled' ? 'unknown' : kind] += 1;
  }
  return tally;
}

/**
 * The provider told us about a PaymentIntent (a webhook): its attempt is settled, whatever the event said, or
 * left to the request finishing it at this moment.
 */
export async function settleAttemptOfIntent(context: BindContext, intentId: string): Promise<Settled | null> {
  const attempt = await attemptOfIntent(context.db, intentId);
  return attempt ? settleAttempt(context, attempt, { leaveIfBeingSettled: true }) : null;
}

interface WriteInput {
  quote: QuoteForBind;
  attempt: Attempt;
  intent: Intent;
  gateway: string;
  now: Date;
  publicOrigin: string;
}

/** Draws of a fresh policy or binder number before giving up (2^40 numbers each: a second draw is rare). */
const NUMBER_ATTEMPTS = 5;

/** Writes the policy and everything that comes with it (see the module's comment, step 5); returns what the answer shows of it. */
async function writePolicy(tx: Queryable, input: WriteInput): Promise<BoundPolicy> {
  const { quote, attempt, intent, now } = input;
  const request = quote.request;
  const answer = quote.response;
  const paymentId = await insertPayment(tx, { attemptId: attempt.id, gateway: input.gateway, chargeId: intent.id, amountCents: attempt.amountCents }, now);

  let policy: { id: number; policyNumber: string; binderNumber: string } | null = null;
  for (let draw = 0; draw < NUMBER_ATTEMPTS && !policy; draw += 1) {
    policy = await insertPolicy(tx, {
      policyNumber: newNumber(POLICY_NUMBER_PREFIX),
      binderNumber: newNumber(BINDER_NUMBER_PREFIX),
      quoteId: quote.id,
      paymentId,
      ratedState: quote.rated_state,
      rateTableVersion: quote.rate_table_version,
      billingFrequency: attempt.billingFrequency,
      payPlan: PAY_PLANS[attempt.billingFrequency],
      downPaymentCents: attempt.amountCents,
      emailLower: quote.email_lower,
      request,
      answer,
    }, now);
  }
  if (!policy) throw new Error(`no free policy number after ${NUMBER_ATTEMPTS} draws`);

  await recordDownPayment(tx, {
    attempt, intent, gateway: input.gateway, policyId: policy.id, consentText: attempt.cardConsent ?? CARD_CONSENT[attempt.billingFrequency],
  }, now);
  // Bills and notices go by e-mail only with the buyer's consent, in their words, from when they gave it; without it, by post.
  if (attempt.electronicDeliveryConsent) {
    await recordDeliveryConsent(tx, policy.id, { channel: 'email', consentText: attempt.electronicDeliveryConsent, consentedAt: attempt.createdAt });
  }
  await markQuoteBound(tx, quote.id, now);
  // The binder ID card, declarations and application, made by the documents job once this commits (finish kicks it).
  await requestDocuments(tx, policy.id, now);
  await queuePurchaseMessages(tx, {
    policy, request, answer, emailLower: quote.email_lower, amountCents: attempt.amountCents, billingFrequency: attempt.billingFrequency,
    publicOrigin: input.publicOrigin,
  }, now);

  return {
    policyId: policy.id, policyNumber: policy.policyNumber, binderNumber: policy.binderNumber, fromQuoteNumber: quote.quote_number,
    // what insertPolicy wrote, as policyById would read it back
    policyOwners: answer.policyOwners, emailAddress: request.emailAddress, billingFrequency: attempt.billingFrequency, amountChargedCents: attempt.amountCents,
  };
}
