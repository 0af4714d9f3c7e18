/**
 * The ledger (migrations 018 and 025, ledger_entries): a policy's account. Every cent that moves is one
 * entry, and so is every amount owed (issue 21, item 8). The sign is the customer's: money paid in and
 * credits positive, amounts owed and money given back negative, so a policy's balance (the sum) is 0 when
 * settled, negative while something is owed and positive while we hold a credit. The only module that writes
 * or reads the table. An entry is keyed by its kind and its reference: the provider's object for money that
 * moved (PaymentIntent, refund, dispute), so the request that moved the money and the provider's webhook
 * about it write it once between them, in whichever order they come; our own record for an amount owed
 * ('policy:ID:down-payment', 'bill:ID').
 */
import type { Queryable } from '../db/db.ts';
import { valuesList } from '../db/values.ts';

const LEDGER_KINDS = [
  /** The bind's down payment, paid (+). */
  'down-payment',
  /** What the bind's down payment owed (-): the policy's first amount owed. */
  'down-payment-due',
  /** A bill's amount owed (-) or credited (+), its carried line left out: each cent is owed once. */
  'bill',
  /** A bill paid by its charge (+). */
  'bill-payment',
  /** Money given back to the card (-): a charge that could not become a policy, a credit refunded. */
  'refund',
  /** A charge the card holder's bank took back (-). */
  'dispute',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** Cents: positive for money in, negative for money out. */
  amountCents: number;
  attemptId: string | null;
  policyId: number | null;
  /** The provider's object, or our record for an amount owed (see the header). */
  providerRef: string;
  /** The bill it belongs to, for a bill's entries. */
  billId?: number | null;
  at: Date;
}

/** Writes the entry unless one of its kind for the same provider object exists; true when written. */
export async function addLedgerEntry(tx: Queryable, entry: LedgerEntry): Promise<boolean> {
  return (await addLedgerEntries(tx, [entry])) === 1;
}

/** Entries written together, in one statement; each as addLedgerEntry writes it. How many were new. */
export async function addLedgerEntries(tx: Queryable, entries: readonly LedgerEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const values = valuesList(entries.map((entry) => [entry.kind, entry.amountCents, entry.attemptId, entry.policyId, entry.providerRef, entry.billId ?? null, entry.at]));
  const rows = await tx.query(
    `INSERT INTO ledger_entries (kind, amount_cents, bind_attempt_id, policy_id, provider_ref, bill_id, created_at)
     VALUES ${values.sql} ON CONFLICT (kind, provider_ref) DO NOTHING RETURNING id`,
    values.params,
  );
  return rows.length;
}

/** A policy's balance: what it has paid and been credited, less what it owes and was given back. */
export async function policyBalanceCents(db: Queryable, policyId: number): Promise<number> {
  const rows = await db.query<{ total: number }>(
    `SELECT COALESCE(SUM(amount_cents), 0)::int AS total FROM ledger_entries WHERE policy_id = $1`,
    [policyId],
  );
  return rows[0]!.total;
}

/** The ledger's totals by kind: the counts a fault test checks to the cent. */
export async function ledgerTotals(db: Queryable): Promise<Record<LedgerKind, { count: number; cents: number }>> {
  const rows = await db.query<{ kind: LedgerKind; count: number; cents: number }>(
    `SELECT kind, COUNT(*)::int AS count, COALESCE(SUM(amount_cents), 0)::int AS cents FROM ledger_entries GROUP BY kind`,
  );
  const totals = Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, { count: 0, cents: 0 }])) as Record<LedgerKind, { count: number; cents: number }>;
  for (const row of rows) totals[row.kind] = { count: row.count, cents: row.cents };
  return totals;
}

export interface PolicyLedgerEntry {
  kind: LedgerKind;
  amountCents: number;
  billId: number | null;
  providerRef: string;
  at: Date;
}

/** A policy's entries, oldest first: the statement's account. */
export async function policyLedger(db: Queryable, policyId: number): Promise<PolicyLedgerEntry[]> {
  const rows = await db.query<{ kind: LedgerKind; amount_cents: number; bill_id: string | null; provider_ref: string; created_at: Date }>(
    `SELECT kind, amount_cents, bill_id::text AS bill_id, provider_ref, created_at FROM ledger_entries WHERE policy_id = $1 ORDER BY created_at, id`,
    [policyId],
  );
  return rows.map((row) => ({
    kind: row.kind, amountCents: row.amount_cents, billId: row.bill_id === null ? null : Number(row.bill_id), providerRef: row.provider_ref, at: row.created_at,
  }));
}

/** The entries of money that moved with the provider from `from` to before `to`: what the daily reconciliation compares. */
export async function providerMovements(db: Queryable, range: { from: Date; to: Date }): Promise<{ kind: LedgerKind; amountCents: number; providerRef: string }[]> {
  return db.query<{ kind: LedgerKind; amountCents: number; providerRef: string }>(
    `SELECT kind, amount_cents AS "amountCents", provider_ref AS "providerRef" FROM ledger_entries
     WHERE kind IN ('down-payment', 'bill-payment', 'refund') AND created_at >= $1 AND created_at < $2 ORDER BY created_at, id`,
    [range.from, range.to],
  );
}

/** The provider's PaymentIntent of the policy's latest payment of at least `cents` (a refund is taken from it), or null. */
export async function latestPaymentAtLeast(db: Queryable, policyId: number, cents: number): Promise<string | null> {
  const rows = await db.query<{ provider_ref: string }>(
    `SELECT provider_ref FROM ledger_entries WHERE policy_id = $1 AND kind IN ('down-payment', 'bill-payment') AND amount_cents >= $2
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [policyId, cents],
  );
  return rows[0]?.provider_ref ?? null;
}
