/**
 * Payment attempts (migration 018: bind_attempts, refunds, payment_cards; and migration 005's payments, the
 * charge that bought a policy): the only module that reads or
 * writes those tables. An attempt is one PaymentIntent's life, from the row recorded before any call to the
 * provider, through its settlement, to the policy it paid for or the refund that gave it back. The statuses
 * are the migration's; a change of status names the statuses it may come from, so two settlers of one
 * attempt (the request, the webhook, the job) cannot both move it.
 */
import { randomUUID } from 'node:crypto';
import type { BillingFrequency } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { policyByPayment } from '../policies/records.ts';
import type { Intent, PaymentErrorType } from './gateway.ts';
import { addLedgerEntries } from './ledger.ts';

export type AttemptStatus =
  | 'created' | 'confirming' | 'requires_action' | 'charged' | 'bound'
  | 'declined' | 'failed' | 'refunding' | 'refunded' | 'review';

/** Statuses whose money is not settled yet: they block a new attempt of the same quote. */
const OPEN_STATUSES: readonly AttemptStatus[] = ['created', 'confirming', 'requires_action', 'charged', 'refunding'];

export interface Attempt {
  id: string;
  quoteId: number;
  status: AttemptStatus;
  /** Random and globally unique: never a row number, which a restored or new database would hand out again. */
  providerKey: string;
  intentId: string | null;
  customerId: string | null;
  amountCents: number;
  billingFrequency: BillingFrequency;
  payPlan: number;
  quoteVersion: number | null;
  cardConsent: string | null;
  /** The consent to electronic delivery the bind carried (migration 026), or null when the buyer did not give it. */
  electronicDeliveryConsent: string | null;
  /** SHA-256 of the Idempotency-Key of the request that made it: the same submission sent again names it. */
  submissionKeyHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id::text AS id, quote_id, status, provider_key, intent_id, customer_id, amount_cents, billing_frequency, pay_plan,
  quote_version, card_consent, electronic_delivery_consent, submission_key_hash, created_at, updated_at`;

interface Row {
  id: string; quote_id: number; status: AttemptStatus; provider_key: string; intent_id: string | null; customer_id: string | null;
  amount_cents: number; billing_frequency: BillingFrequency; pay_plan: number; quote_version: number | null; card_consent: string | null;
  electronic_delivery_consent: string | null; submission_key_hash: string | null; created_at: Date; updated_at: Date;
}

function attemptOf(row: Row): Attempt {
  return {
    id: row.id, quoteId: row.quote_id, status: row.status, providerKey: row.provider_key, intentId: row.intent_id,
    customerId: row.customer_id, amountCents: row.amount_cents, billingFrequency: row.billing_frequency, payPlan: row.pay_plan,
    quoteVersion: row.quote_version, cardConsent: row.card_consent, electronicDeliveryConsent: row.electronic_delivery_consent,
    submissionKeyHash: row.submission_key_hash, createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewAttempt {
  quoteId: number;
  quoteVersion: number;
  amountCents: number;
  billingFrequency: BillingFrequency;
  payPlan: number;
  cardConsent: string;
  /** The consent to electronic delivery, when the buyer gave it (its words); null or absent when not. */
  electronicDeliveryConsent?: string | null;
  /** SHA-256 of the card token, for the record (which card an attempt was made with, never the card). */
  paymentTokenHash: string;
  /** SHA-256 of the request's Idempotency-Key. */
  submissionKeyHash: string;
}

/** Records an attempt before the provider hears of it, with a fresh random provider key. */
export async function recordAttempt(tx: Queryable, attempt: NewAttempt, now: Date): Promise<Attempt> {
  const rows = await tx.query<Row>(
    `INSERT INTO bind_attempts (quote_id, quote_version, billing_frequency, pay_plan, amount_cents, card_consent, payment_token_hash,
                                submission_key_hash, provider_key, status, created_at, updated_at, electronic_delivery_consent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'created', $10, $10, $11) RETURNING ${COLUMNS}`,
    [attempt.quoteId, attempt.quoteVersion, attempt.billingFrequency, attempt.payPlan, attempt.amountCents, attempt.cardConsent,
      attempt.paymentTokenHash, attempt.submissionKeyHash, `ppm-bind-${randomUUID()}`, now, attempt.electronicDeliveryConsent ?? null],
  );
  return attemptOf(rows[0]!);
}

/** The quote's attempts whose money is not settled, oldest first. */
export async function openAttemptsOf(db: Queryable, quoteId: number): Promise<Attempt[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bind_attempts WHERE quote_id = $1 AND status = ANY($2::text[]) ORDER BY id`,
    [quoteId, OPEN_STATUSES],
  );
  return rows.map(attemptOf);
}

/**
 * How a read in a transaction locks the attempt: 'wait' for whoever holds it, or 'unless-held', which finds
 * nothing while another transaction holds it (FOR UPDATE SKIP LOCKED).
 */
export type AttemptLock = 'wait' | 'unless-held';

export async function attemptById(db: Queryable, id: string, lock?: AttemptLock): Promise<Attempt | null> {
  const locking = lock === 'wait' ? ' FOR UPDATE' : lock === 'unless-held' ? ' FOR UPDATE SKIP LOCKED' : '';
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM bind_attempts WHERE id = $1${locking}`, [id]);
  return rows[0] ? attemptOf(rows[0]) : null;
}

export async function attemptOfIntent(db: Queryable, intentId: string): Promise<Attempt | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM bind_attempts WHERE intent_id = $1`, [intentId]);
  return rows[0] ? attemptOf(rows[0]) : null;
}

/** The quote's newest attempt, whatever its status (3-D Secure's completion asks about it). */
export async function latestAttemptOf(db: Queryable, quoteId: number): Promise<Attempt | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM bind_attempts WHERE quote_id = $1 ORDER BY id DESC LIMIT 1`, [quoteId]);
  return rows[0] ? attemptOf(rows[0]) : null;
}

/** The quote's attempt that bought it, if the request that made it had this submission key. */
export async function boundAttemptOfSubmission(db: Queryable, quoteId: number, submissionKeyHash: string): Promise<Attempt | null> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bind_attempts WHERE quote_id = $1 AND status = 'bound' AND submission_key_hash = $2`,
    [quoteId, submissionKeyHash],
  );
  return rows[0] ? attemptOf(rows[0]) : null;
}

/** Open attempts untouched since `before`: the settlement job's work. */
export async function staleOpenAttempts(db: Queryable, before: Date, limit: number): Promise<Attempt[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bind_attempts WHERE status = ANY($1::text[]) AND updated_at < $2 ORDER BY updated_at LIMIT $3`,
    [OPEN_STATUSES, before, limit],
  );
  return rows.map(attemptOf);
}

export interface AttemptChange {
  status?: AttemptStatus;
  intentId?: string;
  customerId?: string;
  error?: { type: PaymentErrorType; code: string | undefined; declineCode: string | undefined };
}

/**
 * Moves attempt `id` when its status is one of `from`; false when another settler moved it first (the caller
 * then reads it again rather than acting on what it believed).
 */
export async function changeAttempt(db: Queryable, id: string, from: readonly AttemptStatus[], change: AttemptChange, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE bind_attempts SET status = COALESCE($3, status), intent_id = COALESCE($4, intent_id), customer_id = COALESCE($5, customer_id),
       error_type = COALESCE($6, error_type), decline_code = COALESCE($7, decline_code), updated_at = $8
     WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [id, from, change.status ?? null, change.intentId ?? null, change.customerId ?? null, change.error?.type ?? null,
      change.error?.declineCode ?? change.error?.code ?? null, now],
  );
  return rows.length === 1;
}

/** The refund of a charge that could not become a policy, recorded before the provider is asked. */
export async function recordRefund(tx: Queryable, attemptId: string, amountCents: number, reason: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO refunds (bind_attempt_id, amount_cents, reason, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (bind_attempt_id) DO NOTHING`,
    [attemptId, amountCents, reason, now],
  );
}

export async function refundOf(db: Queryable, attemptId: string): Promise<{ amountCents: number; reason: string; providerRefundId: string | null } | null> {
  const rows = await db.query<{ amount_cents: number; reason: string; provider_refund_id: string | null }>(
    `SELECT amount_cents, reason, provider_refund_id FROM refunds WHERE bind_attempt_id = $1`,
    [attemptId],
  );
  const row = rows[0];
  return row ? { amountCents: row.amount_cents, reason: row.reason, providerRefundId: row.provider_refund_id } : null;
}

export async function markRefunded(tx: Queryable, attemptId: string, providerRefundId: string, now: Date): Promise<boolean> {
  await tx.query(`UPDATE refunds SET provider_refund_id = $2 WHERE bind_attempt_id = $1`, [attemptId, providerRefundId]);
  return changeAttempt(tx, attemptId, ['refunding'], { status: 'refunded' }, now);
}

export interface KeptCard {
  policyId: number;
  gateway: string;
  customerId: string;
  paymentMethodId: string;
  card: { brand: string; last4: string } | null;
  consentText: string;
  consentedAt: Date;
}

/**
 * A charged attempt became policy `policyId`, in the bind's transaction: the attempt is bound, its down
 * payment is entered in the ledger and, when the provider kept a card, that card is kept for the monthly
 * bill with the words the buyer agreed to (`consentText`) and when (the attempt's creation). What a bought
 * attempt leaves behind is the payments module's to say, in one call.
 */
export async function recordDownPayment(
  tx: Queryable,
  bought: { attempt: Attempt; intent: Intent; gateway: string; policyId: number; consentText: string },
  now: Date,
): Promise<void> {
  const { attempt, intent, policyId } = bought;
  await changeAttempt(tx, attempt.id, ['charged'], { status: 'bound' }, now);
  await addLedgerEntries(tx, [
    { kind: 'down-payment', amountCents: attempt.amountCents, attemptId: attempt.id, policyId, providerRef: intent.id, at: now },
    { kind: 'down-payment-due', amountCents: -attempt.amountCents, attemptId: attempt.id, policyId, providerRef: `policy:${policyId}:down-payment`, at: now },
  ]);
  if (attempt.customerId && intent.paymentMethodId) {
    // the policy was written in this transaction: it has no card in force to replace
    await insertCard(tx, {
      policyId, gateway: bought.gateway, customerId: attempt.customerId, paymentMethodId: intent.paymentMethodId, card: intent.card,
      consentText: bought.consentText, consentedAt: attempt.createdAt,
    }, now);
  }
}

/** The card kept for the monthly bill; a new one replaces the one in force. */
export async function keepCard(tx: Queryable, kept: KeptCard, now: Date): Promise<void> {
  await tx.query(`UPDATE payment_cards SET replaced_at = $2 WHERE policy_id = $1 AND replaced_at IS NULL`, [kept.policyId, now]);
  await insertCard(tx, kept, now);
}

async function insertCard(tx: Queryable, kept: KeptCard, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO payment_cards (policy_id, gateway, customer_id, payment_method_id, brand, last4, consent_text, consented_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [kept.policyId, kept.gateway, kept.customerId, kept.paymentMethodId, kept.card?.brand ?? null, kept.card?.last4 ?? null,
      kept.consentText, kept.consentedAt, now],
  );
}

/** The card in force for a policy (the monthly bill charges it). */
export async function cardInForce(db: Queryable, policyId: number): Promise<(KeptCard & { id: string }) | null> {
  const rows = await db.query<{
    id: string; policy_id: number; gateway: string; customer_id: string; payment_method_id: string; brand: string | null; last4: string | null;
    consent_text: string; consented_at: Date;
  }>(
    `SELECT id::text AS id, policy_id, gateway, customer_id, payment_method_id, brand, last4, consent_text, consented_at
     FROM payment_cards WHERE policy_id = $1 AND replaced_at IS NULL`,
    [policyId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id, policyId: row.policy_id, gateway: row.gateway, customerId: row.customer_id, paymentMethodId: row.payment_method_id,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null, consentText: row.consent_text, consentedAt: row.consented_at,
  };
}

/*
 * What the provider's webhooks ask of a charge: whose it is, and the consent kept with its card. Read from
 * this module's tables and, for the policy, the payment and policy rows the bind wrote with the charge.
 */
export interface ChargeOwner {
  /** Null for a monthly bill's charge (api/billing/), which is no bind attempt's. */
  attemptId: string | null;
  /** Null while the attempt has no policy (it was refunded, or is still being settled). */
  policyId: number | null;
  policyNumber: string | null;
}

/**
 * The bind attempt whose PaymentIntent this is, and its policy once bound (bind_attempts.intent_id ->
 * payments.bind_attempt_id -> policies.payment_id); null for a PaymentIntent we did not make.
 */
export async function ownerOfIntent(db: Queryable, intentId: string): Promise<ChargeOwner | null> {
  const rows = await db.query<{ attempt_id: string; payment_id: string | null }>(
    `SELECT a.id::text AS attempt_id, p.id::text AS payment_id
     FROM bind_attempts a LEFT JOIN payments p ON p.bind_attempt_id = a.id
     WHERE a.intent_id = $1`,
    [intentId],
  );
  const row = rows[0];
  if (!row) return null;
  // the policy is the policy module's to read (api/policies/records.ts): the one its payment bought
  const policy = row.payment_id === null ? null : await policyByPayment(db, Number(row.payment_id));
  return { attemptId: row.attempt_id, policyId: policy?.id ?? null, policyNumber: policy?.policyNumber ?? null };
}

/** Records the charge that succeeded for attempt `attemptId` (written with its policy, in one transaction); its id. */
export async function insertPayment(
  tx: Queryable,
  payment: { attemptId: string; gateway: string; chargeId: string; amountCents: number },
  now: Date,
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, currency, created_at)
     VALUES ($1, $2, $3, $4, 'usd', $5) RETURNING id::text AS id`,
    [payment.attemptId, payment.gateway, payment.chargeId, payment.amountCents, now],
  );
  return Number(rows[0]!.id);
}

/** The payment of a bound attempt: its id and the amount charged, or null. */
export async function paymentOfAttempt(db: Queryable, attemptId: string): Promise<{ id: number; amountCents: number } | null> {
  const rows = await db.query<{ id: string; amount_cents: number }>(
    'SELECT id::text AS id, amount_cents FROM payments WHERE bind_attempt_id = $1',
    [attemptId],
  );
  return rows[0] ? { id: Number(rows[0].id), amountCents: rows[0].amount_cents } : null;
}

export interface CardConsent {
  /** The exact words the buyer agreed to when the card was kept. */
  text: string;
  consentedAt: Date;
}

/**
 * The consent kept with the card the policy was bought with: its first card. Only a bind attempt's charge is
 * placed by ownerOfIntent, and that charge is made with the card kept at the bind, so a later change of card
 * does not change the evidence. Never the card itself: no number, brand or digits.
 */
export async function bindCardConsent(db: Queryable, policyId: number): Promise<CardConsent | null> {
  const rows = await db.query<{ consent_text: string; consented_at: Date }>(
    'SELECT consent_text, consented_at FROM payment_cards WHERE policy_id = $1 ORDER BY created_at, id LIMIT 1',
    [policyId],
  );
  const row = rows[0];
  return row ? { text: row.consent_text, consentedAt: row.consented_at } : null;
}
