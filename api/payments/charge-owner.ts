/**
 * What the webhooks need to know of a charge at the provider: whose it is. Reads tables other modules own
 * (bind_attempts and payment_cards: api/payments/attempts.ts; payments and policies: api/policies/), so it
 * is kept apart, in one place, as a read model: the queries move into their owners' read models once those
 * offer them, and nothing here writes.
 */
import type { Queryable } from '../db/db.ts';

export interface ChargeOwner {
  attemptId: string;
  /** Null while the attempt has no policy (it was refunded, or is still being settled). */
  policyId: number | null;
  policyNumber: string | null;
}

/**
 * The bind attempt whose PaymentIntent this is, and its policy once bound (bind_attempts.intent_id ->
 * payments.bind_attempt_id -> policies.payment_id); null for a PaymentIntent we did not make.
 */
export async function ownerOfIntent(db: Queryable, intentId: string): Promise<ChargeOwner | null> {
  const rows = await db.query<{ attempt_id: string; policy_id: number | null; policy_number: string | null }>(
    `SELECT a.id::text AS attempt_id, po.id AS policy_id, po.policy_number
     FROM bind_attempts a
     LEFT JOIN payments p ON p.bind_attempt_id = a.id
     LEFT JOIN policies po ON po.payment_id = p.id
     WHERE a.intent_id = $1`,
    [intentId],
  );
  const row = rows[0];
  return row ? { attemptId: row.attempt_id, policyId: row.policy_id, policyNumber: row.policy_number } : null;
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
