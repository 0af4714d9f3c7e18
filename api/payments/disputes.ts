/**
 * Disputes (chargebacks) of our charges (migration 019, payment_disputes): the only module that writes or reads
 * the table. A dispute row is the flag on its policy: the team answers the dispute from it, and whatever shows
 * a policy's payments reads disputesOfPolicy.
 */
import type { Queryable } from '../db/db.ts';

export interface Dispute {
  providerDisputeId: string;
  providerChargeId: string;
  intentId: string | null;
  attemptId: string | null;
  policyId: number | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  createdAt: Date;
}

/** Records a dispute unless the provider's id is on record already; true when this call recorded it. */
export async function recordDispute(tx: Queryable, dispute: Dispute, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO payment_disputes (provider_dispute_id, provider_charge_id, intent_id, bind_attempt_id, policy_id, amount_cents,
       currency, reason, status, evidence_due_by, created_at, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (provider_dispute_id) DO NOTHING RETURNING id`,
    [
      dispute.providerDisputeId, dispute.providerChargeId, dispute.intentId, dispute.attemptId, dispute.policyId, dispute.amountCents,
      dispute.currency, dispute.reason, dispute.status, dispute.evidenceDueBy, dispute.createdAt, now,
    ],
  );
  return rows.length === 1;
}

export interface PolicyDispute {
  providerDisputeId: string;
  amountCents: number;
  reason: string;
  /** As the dispute's first event said it: charge.dispute.updated and .closed are not taken yet. */
  status: string;
  evidenceDueBy: Date | null;
  createdAt: Date;
}

/** A policy's disputes, oldest first: the flag. */
export async function disputesOfPolicy(db: Queryable, policyId: number): Promise<PolicyDispute[]> {
  const rows = await db.query<{ provider_dispute_id: string; amount_cents: number; reason: string; status: string; evidence_due_by: Date | null; created_at: Date }>(
    `SELECT provider_dispute_id, amount_cents, reason, status, evidence_due_by, created_at FROM payment_disputes
     WHERE policy_id = $1 ORDER BY created_at, id`,
    [policyId],
  );
  return rows.map((row) => ({
    providerDisputeId: row.provider_dispute_id,
    amountCents: row.amount_cents,
    reason: row.reason,
    status: row.status,
    evidenceDueBy: row.evidence_due_by,
    createdAt: row.created_at,
  }));
}
