/**
 * The bills, their charges and the notices of cancellation for non-payment (issue 21, items 3 to 7;
 * migration 025): the records the billing cycle makes once a period closes. Only this file and ./records.ts
 * name the billing tables in SQL (api/db/owners.ts). Each function takes the connection or transaction it
 * runs in; each change of state is an UPDATE guarded by the state it leaves, so two processes running the
 * cycle at once cannot both make a bill, charge it or cancel a policy for it.
 */
import type { Queryable } from '../db/db.ts';
import type { BillLine, BillOutcome } from './bill.ts';

export type BillKind = 'period' | 'first-payment' | 'final';
export type BillStatus = 'due' | 'paid' | 'carried' | 'settled' | 'refund-due' | 'refunded' | 'unpaid';

/** A line of a bill as stored: the pure bill's, or a renewed term's first payment. */
export type StoredBillLine = BillLine | { kind: 'first-payment'; carNumber: null; cents: number };

export interface NewBill {
  policyId: number;
  kind: BillKind;
  periodId: number | null;
  termStart: string;
  billDate: string;
  lines: readonly StoredBillLine[];
  totalCents: number;
  outcome: BillOutcome;
  /** Where it starts when not where its outcome puts it: a final bill owed is 'unpaid', never charged again. */
  status?: BillStatus;
}

export interface BillRecord extends Omit<NewBill, 'outcome' | 'status'> {
  id: number;
  outcome: BillOutcome['kind'];
  /** What is charged (outcome 'charge') or given back (outcome 'refund'); 0 otherwise. */
  amountCents: number;
  status: BillStatus;
  createdAt: Date;
  settledAt: Date | null;
}

/** The status a new bill starts in: a charge is due, a refund is due, a carried amount or nothing is settled. */
function firstStatus(outcome: BillOutcome): BillStatus {
  switch (outcome.kind) {
    case 'charge':
      return 'due';
    case 'refund':
      return 'refund-due';
    case 'carry-forward':
      return 'carried';
    case 'nothing-due':
      return 'settled';
  }
}

/** Records a bill; its id, or null when the period (or the term's first payment, or the final bill) has one already. */
export async function insertBill(tx: Queryable, bill: NewBill, now: Date): Promise<number | null> {
  const amount = bill.outcome.kind === 'charge' || bill.outcome.kind === 'refund' ? bill.outcome.cents : 0;
  const status = bill.status ?? firstStatus(bill.outcome);
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO bills (policy_id, kind, period_id, term_start, bill_date, lines, total_cents, outcome, amount_cents, status, created_at, settled_at)
     VALUES ($1, $2, $3, $4::date, $5::date, $6::jsonb, $7, $8, $9, $10, $11, $12)
     ON CONFLICT DO NOTHING RETURNING id::text AS id`,
    [
      bill.policyId, bill.kind, bill.periodId, bill.termStart, bill.billDate, JSON.stringify(bill.lines), bill.totalCents, bill.outcome.kind,
      amount, status, now, status === 'due' || status === 'refund-due' ? null : now,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

interface BillRow {
  id: string;
  policy_id: number;
  kind: BillKind;
  period_id: string | null;
  term_start: string;
  bill_date: string;
  lines: StoredBillLine[];
  total_cents: number;
  outcome: BillOutcome['kind'];
  amount_cents: number;
  status: BillStatus;
  created_at: Date;
  settled_at: Date | null;
}

const BILL_COLUMNS = `id::text AS id, policy_id, kind, period_id::text AS period_id, to_char(term_start, 'YYYY-MM-DD') AS term_start,
  to_char(bill_date, 'YYYY-MM-DD') AS bill_date, lines, total_cents, outcome, amount_cents, status, created_at, settled_at`;

const billOf = (row: BillRow): BillRecord => ({
  id: Number(row.id), policyId: row.policy_id, kind: row.kind, periodId: row.period_id === null ? null : Number(row.period_id),
  termStart: row.term_start, billDate: row.bill_date, lines: typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines,
  totalCents: row.total_cents, outcome: row.outcome, amountCents: row.amount_cents, status: row.status, createdAt: row.created_at,
  settledAt: row.settled_at,
});

/** A policy's bills, oldest first. */
export async function billsOfPolicy(db: Queryable, policyId: number): Promise<BillRecord[]> {
  const rows = await db.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE policy_id = $1 ORDER BY bill_date, id`, [policyId]);
  return rows.map(billOf);
}

export async function billById(db: Queryable, billId: number): Promise<BillRecord | null> {
  const rows = await db.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE id = $1`, [billId]);
  return rows[0] ? billOf(rows[0]) : null;
}

/** Bills in `statuses`, oldest first. */
export async function billsIn(db: Queryable, statuses: readonly BillStatus[], limit = 500): Promise<BillRecord[]> {
  const rows = await db.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE status = ANY($1::text[]) ORDER BY bill_date, id LIMIT ${Number(limit)}`, [statuses]);
  return rows.map(billOf);
}

/** The closed periods that have no bill yet, oldest first, as their ids with the policy. */
export async function closedPeriodsWithoutBill(db: Queryable, limit = 500): Promise<{ periodId: number; policyId: number }[]> {
  const rows = await db.query<{ id: string; policy_id: number }>(
    `SELECT p.id::text AS id, p.policy_id FROM billing_periods p
     WHERE p.status = 'closed' AND p.closed_reason <> 'cancelled' AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.period_id = p.id AND b.kind = 'period')
     ORDER BY p.period_start, p.id LIMIT ${Number(limit)}`,
  );
  return rows.map((row) => ({ periodId: Number(row.id), policyId: row.policy_id }));
}

/** Moves a bill from one of `from` to `to`; false when it had moved on already. */
export async function moveBill(tx: Queryable, billId: number, from: readonly BillStatus[], to: BillStatus, now: Date): Promise<boolean> {
  const settled = to === 'due' || to === 'refund-due' ? null : now;
  const rows = await tx.query(
    `UPDATE bills SET status = $3, settled_at = $4 WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [billId, from, to, settled],
  );
  return rows.length === 1;
}

/** What the last bill of the policy left to carry into the next: its total when carried, else 0. */
export async function carriedIntoNextBill(db: Queryable, policyId: number): Promise<{ cents: number; fromBillId: number | null }> {
  const rows = await db.query<{ id: string; status: BillStatus; total_cents: number }>(
    `SELECT id::text AS id, status, total_cents FROM bills WHERE policy_id = $1 AND kind <> 'first-payment' ORDER BY bill_date DESC, id DESC LIMIT 1`,
    [policyId],
  );
  const last = rows[0];
  return last?.status === 'carried' ? { cents: last.total_cents, fromBillId: Number(last.id) } : { cents: 0, fromBillId: null };
}

// ------------------------------------------------------------------------------------------ charges

export type ChargeStatus = 'created' | 'confirming' | 'succeeded' | 'declined' | 'canceled';

export interface BillCharge {
  id: number;
  billId: number;
  providerKey: string;
  intentId: string | null;
  status: ChargeStatus;
  tries: number;
  paymentMethodId: string | null;
  lastCode: string | null;
  lastDeclineCode: string | null;
  firstFailedOn: string | null;
  nextTryOn: string | null;
  updatedAt: Date;
}

interface ChargeRow {
  id: string;
  bill_id: string;
  provider_key: string;
  intent_id: string | null;
  status: ChargeStatus;
  tries: number;
  payment_method_id: string | null;
  last_code: string | null;
  last_decline_code: string | null;
  first_failed_on: string | null;
  next_try_on: string | null;
  updated_at: Date;
}

/** The columns of bill_charges, of the table named `c` in the query. */
const chargeColumns = (c = 'bill_charges') => `${c}.id::text AS id, ${c}.bill_id::text AS bill_id, ${c}.provider_key, ${c}.intent_id, ${c}.status,
  ${c}.tries, ${c}.payment_method_id, ${c}.last_code, ${c}.last_decline_code, to_char(${c}.first_failed_on, 'YYYY-MM-DD') AS first_failed_on,
  to_char(${c}.next_try_on, 'YYYY-MM-DD') AS next_try_on, ${c}.updated_at`;
const CHARGE_COLUMNS = chargeColumns();

const chargeOf = (row: ChargeRow): BillCharge => ({
  id: Number(row.id), billId: Number(row.bill_id), providerKey: row.provider_key, intentId: row.intent_id, status: row.status, tries: row.tries,
  paymentMethodId: row.payment_method_id, lastCode: row.last_code, lastDeclineCode: row.last_decline_code, firstFailedOn: row.first_failed_on,
  nextTryOn: row.next_try_on, updatedAt: row.updated_at,
});

/** The bill's charge, recorded with `providerKey` unless it has one; the charge in force either way. */
export async function chargeOfBill(tx: Queryable, billId: number, providerKey: string, now: Date): Promise<BillCharge> {
  await tx.query(
    `INSERT INTO bill_charges (bill_id, provider_key, status, updated_at) VALUES ($1, $2, 'created', $3) ON CONFLICT (bill_id) DO NOTHING`,
    [billId, providerKey, now],
  );
  const rows = await tx.query<ChargeRow>(`SELECT ${CHARGE_COLUMNS} FROM bill_charges WHERE bill_id = $1`, [billId]);
  return chargeOf(rows[0]!);
}

/** The bill's charge, or null when none was recorded (read only). */
export async function findChargeOfBill(db: Queryable, billId: number): Promise<BillCharge | null> {
  const rows = await db.query<ChargeRow>(`SELECT ${CHARGE_COLUMNS} FROM bill_charges WHERE bill_id = $1`, [billId]);
  return rows[0] ? chargeOf(rows[0]) : null;
}

export async function chargeByIntent(db: Queryable, intentId: string): Promise<BillCharge | null> {
  const rows = await db.query<ChargeRow>(`SELECT ${CHARGE_COLUMNS} FROM bill_charges WHERE intent_id = $1`, [intentId]);
  return rows[0] ? chargeOf(rows[0]) : null;
}

/** The charges of a policy's bills, by bill id. */
export async function chargesOfPolicy(db: Queryable, policyId: number): Promise<Map<number, BillCharge>> {
  const rows = await db.query<ChargeRow>(
    `SELECT ${chargeColumns('c')} FROM bill_charges c JOIN bills b ON b.id = c.bill_id WHERE b.policy_id = $1`,
    [policyId],
  );
  return new Map(rows.map(chargeOf).map((charge) => [charge.billId, charge]));
}

/** Stores the charge's PaymentIntent id; false when it has one already (the same, by the idempotency key). */
export async function setChargeIntent(tx: Queryable, chargeId: number, intentId: string, now: Date): Promise<boolean> {
  const rows = await tx.query(`UPDATE bill_charges SET intent_id = $2, updated_at = $3 WHERE id = $1 AND intent_id IS NULL RETURNING id`, [chargeId, intentId, now]);
  return rows.length === 1;
}

/**
 * Marks a try sent on `paymentMethodId`, counted from `tries` (what the caller read): false when another
 * process sent it first. From here until the provider's answer is on record the outcome is unknown.
 */
export async function markConfirming(tx: Queryable, chargeId: number, tries: number, paymentMethodId: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bill_charges SET status = 'confirming', tries = tries + 1, payment_method_id = $3, updated_at = $4
     WHERE id = $1 AND tries = $2 AND status IN ('created', 'declined') RETURNING id`,
    [chargeId, tries, paymentMethodId, now],
  );
  return rows.length === 1;
}

/** The charge succeeded: false when it was on record already. */
export async function markChargeSucceeded(tx: Queryable, chargeId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bill_charges SET status = 'succeeded', next_try_on = NULL, updated_at = $2 WHERE id = $1 AND status <> 'succeeded' RETURNING id`,
    [chargeId, now],
  );
  return rows.length === 1;
}

/** The try was refused: its codes, the first failure's day (kept from the first) and the next retry's day (or none). */
export async function markChargeDeclined(
  tx: Queryable,
  chargeId: number,
  refusal: { code: string | null; declineCode: string | null; failedOn: string; nextTryOn: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bill_charges SET status = 'declined', last_code = $2, last_decline_code = $3, first_failed_on = COALESCE(first_failed_on, $4::date),
       next_try_on = $5::date, updated_at = $6
     WHERE id = $1 AND status IN ('created', 'confirming') RETURNING id`,
    [chargeId, refusal.code, refusal.declineCode, refusal.failedOn, refusal.nextTryOn, now],
  );
  return rows.length === 1;
}

/** A retry day passed without a call (no card could be tried): the charge waits for `nextTryOn`, or for none. */
export async function postponeCharge(tx: Queryable, chargeId: number, readNextTryOn: string | null, nextTryOn: string | null, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bill_charges SET next_try_on = $3::date, updated_at = $4
     WHERE id = $1 AND status = 'declined' AND next_try_on IS NOT DISTINCT FROM $2::date RETURNING id`,
    [chargeId, readNextTryOn, nextTryOn, now],
  );
  return rows.length === 1;
}

/** Gives the charge up (the policy is cancelled): no further try. */
export async function markChargeCanceled(tx: Queryable, chargeId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bill_charges SET status = 'canceled', next_try_on = NULL, updated_at = $2 WHERE id = $1 AND status IN ('created', 'declined') RETURNING id`,
    [chargeId, now],
  );
  return rows.length === 1;
}

/**
 * Charges whose outcome is unknown (a try sent before `sentBefore`, no answer on record): settled with the
 * provider before anything else. A try sent since may still be waiting for its answer in another process.
 */
export async function chargesConfirming(db: Queryable, sentBefore: Date, limit = 500): Promise<BillCharge[]> {
  const rows = await db.query<ChargeRow>(
    `SELECT ${CHARGE_COLUMNS} FROM bill_charges WHERE status = 'confirming' AND updated_at < $1 ORDER BY id LIMIT ${Number(limit)}`,
    [sentBefore],
  );
  return rows.map(chargeOf);
}

// ------------------------------------------------------------------------------------------ cancellations

export interface BillingCancellation {
  id: number;
  policyId: number;
  billId: number;
  noticedOn: string;
  cancelOn: string;
  noticeSource: string;
  status: 'pending' | 'rescinded' | 'cancelled';
}

interface CancellationRow {
  id: string;
  policy_id: number;
  bill_id: string;
  noticed_on: string;
  cancel_on: string;
  notice_source: string;
  status: BillingCancellation['status'];
}

const CANCELLATION_COLUMNS = `id::text AS id, policy_id, bill_id::text AS bill_id, to_char(noticed_on, 'YYYY-MM-DD') AS noticed_on,
  to_char(cancel_on, 'YYYY-MM-DD') AS cancel_on, notice_source, status`;

const cancellationOf = (row: CancellationRow): BillingCancellation => ({
  id: Number(row.id), policyId: row.policy_id, billId: Number(row.bill_id), noticedOn: row.noticed_on, cancelOn: row.cancel_on,
  noticeSource: row.notice_source, status: row.status,
});

/** Records a notice of cancellation for the bill; its id, or null when the bill or the policy has a notice pending already. */
export async function insertCancellation(
  tx: Queryable,
  notice: { policyId: number; billId: number; noticedOn: string; cancelOn: string; noticeSource: string },
  now: Date,
): Promise<number | null> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO billing_cancellations (policy_id, bill_id, noticed_on, cancel_on, notice_source, status, created_at)
     VALUES ($1, $2, $3::date, $4::date, $5, 'pending', $6) ON CONFLICT DO NOTHING RETURNING id::text AS id`,
    [notice.policyId, notice.billId, notice.noticedOn, notice.cancelOn, notice.noticeSource, now],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function cancellationsOfPolicy(db: Queryable, policyId: number): Promise<BillingCancellation[]> {
  const rows = await db.query<CancellationRow>(`SELECT ${CANCELLATION_COLUMNS} FROM billing_cancellations WHERE policy_id = $1 ORDER BY id`, [policyId]);
  return rows.map(cancellationOf);
}

/** Pending notices whose date has come by `today`. */
export async function cancellationsDue(db: Queryable, today: string): Promise<BillingCancellation[]> {
  const rows = await db.query<CancellationRow>(
    `SELECT ${CANCELLATION_COLUMNS} FROM billing_cancellations WHERE status = 'pending' AND cancel_on <= $1::date ORDER BY cancel_on, id`,
    [today],
  );
  return rows.map(cancellationOf);
}

/** Settles a pending notice as rescinded (the bill was paid) or cancelled; false when it was settled already. */
export async function settleCancellation(tx: Queryable, id: number, status: 'rescinded' | 'cancelled', now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE billing_cancellations SET status = $2, settled_at = $3 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, status, now],
  );
  return rows.length === 1;
}

/** The pending notice of the bill, if any. */
export async function pendingCancellationOfBill(db: Queryable, billId: number): Promise<BillingCancellation | null> {
  const rows = await db.query<CancellationRow>(`SELECT ${CANCELLATION_COLUMNS} FROM billing_cancellations WHERE bill_id = $1 AND status = 'pending'`, [billId]);
  return rows[0] ? cancellationOf(rows[0]) : null;
}

/** The policy whose bill's charge is PaymentIntent `intentId`, or null when it is no bill's. */
export async function policyOfBillIntent(db: Queryable, intentId: string): Promise<number | null> {
  const rows = await db.query<{ policy_id: number }>(
    'SELECT b.policy_id FROM bill_charges c JOIN bills b ON b.id = c.bill_id WHERE c.intent_id = $1',
    [intentId],
  );
  return rows[0]?.policy_id ?? null;
}
