/**
 * The provider's events (issue 19): POST /api/payments/webhook hands its raw body and Stripe-Signature header
 * to receiveEvent, which
 *
 *   1. verifies them with stripe-node (Stripe.webhooks.constructEvent) and the endpoint's signing secret
 *      (STRIPE_WEBHOOK_SECRET; without keys TEST_MODE_WEBHOOK_SECRET), before reading anything of the body: a
 *      missing or wrong signature, a body changed after signing, or a signature older than
 *      WEBHOOK_TOLERANCE_SECONDS (a replayed delivery) is refused and nothing is written;
 *   2. processes each event once: its row in payment_events (the module's table, migration 019) is written in
 *      the transaction that does the event's work, so a later delivery of the same event finds the row and does
 *      nothing, a delivery at the same moment waits on the row's key and then does nothing, and a delivery
 *      whose work fails leaves no row, so Stripe's retry processes the event;
 *   3. does what the product needs of the event (HANDLERS): a PaymentIntent that succeeded or failed settles
 *      its bind attempt; a refund, ours or one made in Stripe's dashboard, is a ledger entry; a dispute flags
 *      the policy, is a ledger entry, and mails the team; every other event is recorded and ignored.
 *
 * Settling a PaymentIntent asks the provider what happened (api/policies/bind.ts, settleAttemptOfIntent): the
 * event's body is trusted for the PaymentIntent's id only, since events arrive in any order and a newer state
 * may already exist. That call reaches the network and runs its own transactions, so it cannot sit in the
 * event's transaction: it runs first, and the event's row is written after it succeeds. A delivery at the same
 * moment may settle the attempt twice, which is harmless: settling is idempotent, as it must be anyway with the
 * bind request, Stripe's retries and the settlement job all able to reach one attempt at once.
 *
 * Refunds and disputes are taken from the event's body, whose signature is Stripe's word for it; their ledger
 * entries are keyed by the refund's or the dispute's id (ledger.ts), so the entry our own refund wrote and the
 * event about it are one entry whichever comes first. Since API version 2022-11-15 a charge.refunded event no
 * longer lists the charge's refunds, so refund.created (one refund, with its id) is taken too; when the list is
 * there (the test mode's events, an older endpoint version) charge.refunded records each refund in it.
 *
 * Failures: Stripe retries every answer but a 2xx, for up to three days with growing waits. A failure that
 * passes on its own (the database unreachable or restarting, a lost serialization race) is answered 503 and
 * logged; anything else is a bug, answered 500 by the app and logged. Either way nothing of the event is on
 * record, so the retry does all of it.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { TEST_MODE_WEBHOOK_SECRET, type Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { isTransientDbError } from '../db/transient.ts';
import type { Deps } from '../deps.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { policyOfBillIntent } from '../billing/bills.ts';
import { settleChargeOfIntent } from '../billing/charge.ts';
import { policyNumberOf } from '../policies/records.ts';
import { settleAttemptOfIntent, type BindContext } from '../policies/bind.ts';
import { bindCardConsent, ownerOfIntent, type ChargeOwner } from './attempts.ts';
import { DISPUTE_MAIL_KIND, disputeMail } from './dispute-mail.ts';
import { recordDispute } from './disputes.ts';
import type { ProviderEvent } from './gateway.ts';
import { addLedgerEntry } from './ledger.ts';

/** How old a signature may be: stripe-node's default, five minutes; an older one is a replay, not a retry (retries are signed anew). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookDeps = Pick<Deps, 'config' | 'db' | 'payments' | 'clock' | 'mail' | 'log' | 'documents' | 'blobs'>;

export type RefusalReason = 'no-signature' | 'bad-signature' | 'stale-signature' | 'not-an-event';

export type WebhookOutcome =
  /** Not verified: nothing was read or written. */
  | { kind: 'refused'; reason: RefusalReason }
  /** Processed by an earlier delivery (or one at the same moment): nothing done now. */
  | { kind: 'duplicate'; eventId: string }
  | { kind: 'processed'; eventId: string; type: string; handledAs: string }
  /** A failure that passes on its own: nothing is on record, the provider's retry processes the event. */
  | { kind: 'try-again'; eventId: string };

/** The secret events are verified with: the endpoint's with Stripe keys, else the test mode's published one. */
function webhookSecretOf(config: Config): string {
  return config.stripe?.webhookSecret ?? TEST_MODE_WEBHOOK_SECRET;
}

interface VerifiedEvent extends ProviderEvent {
  livemode: boolean;
}

type Verified = { ok: true; event: VerifiedEvent } | { ok: false; reason: RefusalReason };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function verify(secret: string, rawBody: string, header: string | undefined, now: Date): Verified {
  if (!header) return { ok: false, reason: 'no-signature' };
  if (!rawBody) return { ok: false, reason: 'not-an-event' };
  let parsed: unknown;
  try {
    parsed = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // stripe-node checks the age only once the signature matched, so this is a genuine signature, too old
      return { ok: false, reason: /tolerance/i.test(error.message) ? 'stale-signature' : 'bad-signature' };
    }
    // signed, but not JSON or not a snapshot event (a thin v2 notification)
    return { ok: false, reason: 'not-an-event' };
  }
  if (!isObject(parsed)) return { ok: false, reason: 'not-an-event' };
  const { id, type, created, data, livemode } = parsed;
  if (typeof id !== 'string' || !id || typeof type !== 'string' || !type || typeof created !== 'number' || !isObject(data) || !isObject(data.object)) {
    return { ok: false, reason: 'not-an-event' };
  }
  return { ok: true, event: { id, type, created, data: { object: data.object }, livemode: livemode === true } };
}

/** A PaymentIntent whose outcome the provider could not tell us yet: the event is to be delivered again. */
class NotSettledYet extends Error {
  constructor(intentId: string) {
    super(`PaymentIntent ${intentId} is not settled yet`);
  }
}

/** What a handler did, in a few words for payment_events.handled_as. */
interface Handled {
  handledAs: string;
  /** Wake the mail queue once the transaction is committed. */
  mailQueued?: boolean;
}

interface Handler {
  /** Work that reaches the provider: run before the event's transaction, and idempotent. */
  outside?: (deps: WebhookDeps, event: VerifiedEvent) => Promise<Handled>;
  /** Work in the database only: run in the transaction that records the event. */
  inside?: (tx: Queryable, deps: WebhookDeps, event: VerifiedEvent, now: Date) => Promise<Handled>;
}

/** The events the product needs; any other is recorded as 'ignored'. */
const HANDLERS: Readonly<Record<string, Handler>> = {
  'payment_intent.succeeded': { outside: settleIntent },
  'payment_intent.payment_failed': { outside: settleIntent },
  'charge.refunded': { inside: refundsOfCharge },
  'refund.created': { inside: refundCreated },
  'charge.dispute.created': { inside: disputeCreated },
};

/**
 * Verifies and processes one delivery (see the module's comment). Throws only for a failure that is a bug;
 * a refusal and a failure that passes on its own are outcomes.
 */
export async function receiveEvent(deps: WebhookDeps, rawBody: string, signatureHeader: string | undefined): Promise<WebhookOutcome> {
  const receivedAt = deps.clock();
  const verified = verify(webhookSecretOf(deps.config), rawBody, signatureHeader, receivedAt);
  if (!verified.ok) return { kind: 'refused', reason: verified.reason };
  const event = verified.event;
  try {
    return await processEvent(deps, event, receivedAt);
  } catch (error) {
    if (error instanceof NotSettledYet) return { kind: 'try-again', eventId: event.id };
    if (!isTransientDbError(error)) throw error;
    logError(deps.log, `payment event ${event.type} ${event.id} (to be retried by the provider)`, error);
    return { kind: 'try-again', eventId: event.id };
  }
}

async function processEvent(deps: WebhookDeps, event: VerifiedEvent, receivedAt: Date): Promise<WebhookOutcome> {
  const duplicate = { kind: 'duplicate', eventId: event.id } as const;
  const known = await deps.db.query('SELECT 1 FROM payment_events WHERE id = $1', [event.id]);
  if (known.length > 0) return duplicate;
  const handler = HANDLERS[event.type] ?? {};
  const handled = handler.outside ? await recordHandled(deps, event, receivedAt, await handler.outside(deps, event)) : await handleInside(deps, event, receivedAt, handler);
  if (!handled) return duplicate;
  if (handled.mailQueued) void deps.mail.deliverDue();
  return { kind: 'processed', eventId: event.id, type: event.type, handledAs: handled.handledAs };
}

/**
 * Work done outside (it reached the provider, and is idempotent) is recorded in one statement: a delivery of
 * the same event at this moment finds the row, or did the same work.
 */
async function recordHandled(deps: WebhookDeps, event: VerifiedEvent, receivedAt: Date, handled: Handled): Promise<Handled | null> {
  const recorded = await deps.db.query(
    `INSERT INTO payment_events (id, type, provider_created_at, received_at, processed_at, handled_as)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.type, new Date(event.created * 1000), receivedAt, deps.clock(), handled.handledAs],
  );
  return recorded.length === 0 ? null : handled;
}

/** Work in the database only: in the transaction that records the event (or an event nothing handles, recorded as ignored). */
async function handleInside(deps: WebhookDeps, event: VerifiedEvent, receivedAt: Date, handler: Handler): Promise<Handled | null> {
  return deps.db.transaction(async (tx) => {
    // The claim: a delivery of the same event at this moment waits here until this transaction ends, then
    // finds the row (and does nothing) or, if this one rolled back, does the work itself.
    const claimed = await tx.query(
      `INSERT INTO payment_events (id, type, provider_created_at, received_at, processed_at, handled_as)
       VALUES ($1, $2, $3, $4, $4, 'processing') ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, new Date(event.created * 1000), receivedAt],
    );
    if (claimed.length === 0) return null;
    const result = handler.inside ? await handler.inside(tx, deps, event, receivedAt) : { handledAs: 'ignored' };
    await tx.query('UPDATE payment_events SET processed_at = $2, handled_as = $3 WHERE id = $1', [event.id, deps.clock(), result.handledAs]);
    return result;
  });
}

// Reading the provider's objects: every field is checked for its type, as a signed body is still only JSON.

/** An id, given as the id itself or as the expanded object. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (isObject(value) && typeof value.id === 'string' && value.id) return value.id;
  return null;
}

function cents(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A Unix time in seconds as a Date. */
function timeOf(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}

/** A provider's word (a reason, a status) fit for a row and a mail's subject: one line, bounded. */
function word(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 100);
  return line || fallback;
}

async function settleIntent(deps: WebhookDeps, event: VerifiedEvent): Promise<Handled> {
  const intentId = idOf(event.data.object.id);
  if (!intentId) return { handledAs: 'no PaymentIntent id: ignored' };
  const context: BindContext = { db: deps.db, gateway: deps.payments, clock: deps.clock, publicOrigin: deps.config.publicOrigin, documents: deps.documents };
  const result = await settleAttemptOfIntent(context, intentId);
  if (result === null) {
    // not a bind's: a monthly bill's charge (api/billing/charge.ts), settled by what the provider says now
    const bill = await settleChargeOfIntent(deps, intentId, deps.clock());
    if (bill === 'unknown') throw new NotSettledYet(intentId);
    if (bill) return { handledAs: `bill charge of ${intentId} settled`, mailQueued: true };
  }
  // The provider could not say yet (it timed out, or the PaymentIntent is still processing): not processed,
  // so the provider sends the event again, as it does for any answer but a 2xx.
  if (result?.kind === 'unknown') throw new NotSettledYet(intentId);
  if (result?.kind === 'being-settled') return { handledAs: `attempt of ${intentId}: left to the request settling it` };
  const kind = result ? `: ${result.kind}` : ': not one of our attempts';
  // settling may have written a policy or a refund, whose e-mails are queued; a policy found already written
  // was mailed by whoever wrote it
  const mailQueued = result?.kind !== 'bound' || result.fresh;
  return { handledAs: `attempt of ${intentId} settled${kind}`, mailQueued };
}

/** Refunds that moved money back (or are moving it) become ledger entries; a failed or canceled one moved nothing. */
/** Whose charge PaymentIntent `intentId` is: a bind attempt's (and its policy), or a monthly bill's policy. */
async function chargeOwner(tx: Queryable, intentId: string | null): Promise<ChargeOwner | null> {
  if (!intentId) return null;
  const attempt = await ownerOfIntent(tx, intentId);
  if (attempt) return attempt;
  const policyId = await policyOfBillIntent(tx, intentId);
  return policyId === null ? null : { attemptId: null, policyId, policyNumber: await policyNumberOf(tx, policyId) };
}

async function recordRefunds(tx: Queryable, refunds: readonly unknown[], intentId: string | null, now: Date): Promise<Handled> {
  const owner = await chargeOwner(tx, intentId);
  if (!owner) return { handledAs: `refund of ${intentId ? `PaymentIntent ${intentId}` : 'a charge without a PaymentIntent'}, not ours: nothing recorded` };
  let recorded = 0;
  for (const refund of refunds) {
    if (!isObject(refund)) continue;
    const id = idOf(refund.id);
    const amount = cents(refund.amount);
    if (!id || amount === null || refund.status === 'failed' || refund.status === 'canceled') continue;
    const written = await addLedgerEntry(tx, {
      kind: 'refund',
      amountCents: -amount,
      attemptId: owner.attemptId,
      policyId: owner.policyId,
      providerRef: id,
      at: timeOf(refund.created) ?? now,
    });
    if (written) recorded += 1;
  }
  return { handledAs: recorded > 0 ? `${recorded} refund${recorded === 1 ? '' : 's'} recorded` : 'refunds already recorded' };
}

async function refundsOfCharge(tx: Queryable, _deps: WebhookDeps, event: VerifiedEvent, now: Date): Promise<Handled> {
  const charge = event.data.object;
  const list = isObject(charge.refunds) && Array.isArray(charge.refunds.data) ? charge.refunds.data : null;
  if (!list) return { handledAs: 'no refund list in the event: each refund is recorded from its refund.created' };
  return recordRefunds(tx, list, idOf(charge.payment_intent), now);
}

async function refundCreated(tx: Queryable, _deps: WebhookDeps, event: VerifiedEvent, now: Date): Promise<Handled> {
  const refund = event.data.object;
  return recordRefunds(tx, [refund], idOf(refund.payment_intent), now);
}

async function disputeCreated(tx: Queryable, deps: WebhookDeps, event: VerifiedEvent, now: Date): Promise<Handled> {
  const dispute = event.data.object;
  const disputeId = idOf(dispute.id);
  const chargeId = idOf(dispute.charge);
  const amount = cents(dispute.amount);
  if (!disputeId || !chargeId || amount === null) return { handledAs: 'dispute without its id, charge or amount: ignored' };
  const intentId = idOf(dispute.payment_intent);
  const owner = await chargeOwner(tx, intentId);
  const evidence = isObject(dispute.evidence_details) ? timeOf(dispute.evidence_details.due_by) : null;
  const fields = {
    reason: word(dispute.reason, 'not given'),
    status: word(dispute.status, 'not given'),
    currency: word(dispute.currency, 'usd').toLowerCase().slice(0, 3),
  };
  const recorded = await recordDispute(
    tx,
    {
      providerDisputeId: disputeId,
      providerChargeId: chargeId,
      intentId,
      attemptId: owner?.attemptId ?? null,
      policyId: owner?.policyId ?? null,
      amountCents: amount,
      ...fields,
      evidenceDueBy: evidence,
      createdAt: timeOf(dispute.created) ?? now,
    },
    now,
  );
  // The money is held from our balance: an entry against the attempt it came from (a charge not ours has no
  // down payment in the ledger for it to be set against; the team's mail covers it).
  if (owner) {
    await addLedgerEntry(tx, {
      kind: 'dispute',
      amountCents: -amount,
      attemptId: owner.attemptId,
      policyId: owner.policyId,
      providerRef: disputeId,
      at: timeOf(dispute.created) ?? now,
    });
  }
  if (!recorded) return { handledAs: 'dispute already recorded' };
  const consent = owner?.policyId ? await bindCardConsent(tx, owner.policyId) : null;
  await enqueueMail(
    tx,
    DISPUTE_MAIL_KIND,
    disputeMail({
      to: deps.config.careEmail,
      disputeId,
      chargeId,
      intentId,
      policyNumber: owner?.policyNumber ?? null,
      amountCents: amount,
      ...fields,
      evidenceDueBy: evidence,
      consent,
      testMode: !event.livemode,
    }),
    now,
  );
  return {
    handledAs: owner?.policyNumber ? `dispute recorded, policy ${owner.policyNumber} flagged, team mailed` : 'dispute of a charge no policy owns recorded, team mailed',
    mailQueued: true,
  };
}

export interface TestModeEvents {
  /**
   * Delivers a Stripe-shaped event of `type` about `object` (a PaymentIntent, a charge, a refund, a dispute, as
   * Stripe would write it), signed with the test mode's secret, through receiveEvent: the verification and the
   * processing Stripe's events get. Rejects when the event was not processed (a bug, or the database down).
   */
  emit(type: string, object: Record<string, unknown>): Promise<void>;
  /** Resolves once no emitted event is still being processed (tests wait on it). */
  settled(): Promise<void>;
}

/**
 * The test mode's events: without Stripe keys, nobody else sends them. Takes its dependencies as a function
 * because the test-mode gateway that emits is itself one of them (deps.payments): the emitter is made before
 * the deps object exists and reads it when it emits. With Stripe keys it refuses to emit, since events are
 * then Stripe's to send.
 */
export function testModeEventEmitter(depsOf: () => WebhookDeps): TestModeEvents {
  const running = new Set<Promise<unknown>>();

  async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
    const deps = depsOf();
    if (deps.config.stripe) throw new Error(`A test-mode event (${type}) was emitted with Stripe keys set: events are then Stripe's to send.`);
    const created = Math.floor(deps.clock().getTime() / 1000);
    const event = {
      id: `evt_testmode_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // As Stripe sends it: indented JSON, signed as sent
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_MODE_WEBHOOK_SECRET, timestamp: created });
    const outcome = await receiveEvent(deps, payload, header);
    if (outcome.kind === 'refused') throw new Error(`The test mode's ${type} event was refused (${outcome.reason}).`);
    if (outcome.kind === 'try-again') throw new Error(`The test mode's ${type} event ${outcome.eventId} was not processed: the database failed; see the log.`);
  }

  return {
    emit(type, object) {
      const delivery = deliver(type, object);
      const tracked = delivery.catch(() => undefined).finally(() => running.delete(tracked));
      running.add(tracked);
      return delivery;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
