/**
 * The ledger (migration 018, ledger_entries): every cent that moves is one entry, money in positive, money
 * given back negative. The only module that writes or reads the table. An entry is keyed by its kind and the
 * provider's object (PaymentIntent, refund, dispute), so the request that moved the money and the provider's
 * webhook about it write it once between them, in whichever order they come.
 */
import type { Queryable } from '../db/db.ts';

export type LedgerKind = 'down-payment' | 'refund' | 'dispute';

export interface LedgerEntry {
  kind: LedgerKind;
  /** Cents: positive for money in, negative for money out. */
  amountCents: number;
  attemptId: string | null;
  policyId: number | null;
  providerRef: string;
  at: Date;
}

/** Writes the entry unless one of its kind for the same provider object exists; true when written. */
export async function addLedgerEntry(tx: Queryable, entry: LedgerEntry): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO ledger_entries (kind, amount_cents, bind_attempt_id, policy_id, provider_ref, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (kind, provider_ref) DO NOTHING RETURNING id`,
    [entry.kind, entry.amountCents, entry.attemptId, entry.policyId, entry.providerRef, entry.at],
  );
  return rows.length === 1;
}

/** The ledger's balance of a policy: what it has paid, less what was given back. */
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
  const totals = { 'down-payment': { count: 0, cents: 0 }, refund: { count: 0, cents: 0 }, dispute: { count: 0, cents: 0 } };
  for (const row of rows) totals[row.kind] = { count: row.count, cents: row.cents };
  return totals;
}
