import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { policyBalanceCents, policyLedger } from '../payments/ledger.ts';
import { dbTargets, openTestDb } from '../testing/harness.ts';
import type { Queryable } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';

/**
 * Migration 025 (025_bills_and_ledger.sql): the ledger becomes each policy's account, the payments and
 * refunds made before it included. A policy's down payment, entered as paid before, gets what it owed beside
 * it (balance 0); a charge refunded before it became a policy owes nothing and keeps its two entries; a
 * refund given on a policy stays what it was.
 */
const BOUND_AT = new Date('2026-03-02T12:00:00.000Z');

/** A policy as stored before migration 025, with its down payment in the ledger as migration 018 wrote it. */
async function insertPolicyBefore(db: Queryable, n: number, downPaymentCents: number): Promise<{ policyId: number; attemptId: number }> {
  const [quote] = await db.query<{ id: number }>(
    `INSERT INTO quotes (quote_number, email_lower, dob, zip, rated_state, rate_table_version, request_hash, request, response)
     VALUES ($1, 'ann@example.com', '1980-04-02', '85001', 'AZ', 'test', 'hash', '{}'::json, '{}'::json) RETURNING id`,
    [`Q-${n}`],
  );
  const [attempt] = await db.query<{ id: number }>(
    `INSERT INTO bind_attempts (quote_id, billing_frequency, pay_plan, amount_cents, created_at, provider_key, updated_at, card_consent, status, intent_id)
     VALUES ($1, 'monthly', 18, $2, $3, $4, $3, 'the card consent', 'bound', $5) RETURNING id`,
    [quote!.id, downPaymentCents, BOUND_AT, `key-${n}`, `pi_${n}`],
  );
  const [payment] = await db.query<{ id: number }>(
    `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, created_at) VALUES ($1, 'test', $2, $3, $4) RETURNING id`,
    [attempt!.id, `pi_${n}`, downPaymentCents, BOUND_AT],
  );
  const address = JSON.stringify({ type: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85001' });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO policies (policy_number, binder_number, status, quote_id, payment_id, rated_state, rate_table_version, effective_date,
                           expiration_date, billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents,
                           estimated_total_written_cents, email_lower, policy_owners, mailing_address, created_at,
                           email_address, garaging_address, phone_numbers)
     VALUES ($1, $2, 'BOUND', $3, $4, 'AZ', 'test', '2026-03-02', '2026-09-02', 'monthly', 18, $5, 11111, 66666, 'ann@example.com',
             '[{"relation":"INSURED","firstName":"Ann","lastName":"Driver"}]'::jsonb, $6::jsonb, $7, 'Ann@example.com', $6::jsonb, '[]'::jsonb)
     RETURNING id`,
    [`P-${n}`, `B-${n}`, quote!.id, payment!.id, downPaymentCents, address, BOUND_AT],
  );
  await db.query(
    `INSERT INTO ledger_entries (kind, amount_cents, bind_attempt_id, policy_id, provider_ref, created_at) VALUES ('down-payment', $1, $2, $3, $4, $5)`,
    [downPaymentCents, attempt!.id, row!.id, `pi_${n}`, BOUND_AT],
  );
  return { policyId: row!.id, attemptId: attempt!.id };
}

for (const target of dbTargets()) {
  describe(`migration 025 on ${target}`, () => {
    test("the ledger as each policy's account: past down payments owed and paid, past refunds kept, nothing else changed", async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        await migrate(db, readMigrations().filter((migration) => migration.version < '025'));
        const paid = await insertPolicyBefore(db, 1, 19_536);
        const refunded = await insertPolicyBefore(db, 2, 26_086);
        // a goodwill refund given on the second policy before the migration
        await db.query(
          `INSERT INTO ledger_entries (kind, amount_cents, bind_attempt_id, policy_id, provider_ref, created_at) VALUES ('refund', -2000, $1, $2, 're_2', $3)`,
          [refunded.attemptId, refunded.policyId, BOUND_AT],
        );
        // a charge that never became a policy, refunded in full: no policy, nothing owed
        await db.query(
          `INSERT INTO ledger_entries (kind, amount_cents, provider_ref, created_at) VALUES ('down-payment', 5000, 'pi_orphan', $1), ('refund', -5000, 're_orphan', $1)`,
          [BOUND_AT],
        );
        const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries');

        assert.deepEqual(await migrate(db, readMigrations().filter((migration) => migration.version === '025')), ['025']);

        assert.deepEqual(
          (await policyLedger(db, paid.policyId)).map((entry) => [entry.kind, entry.amountCents, entry.providerRef]),
          [['down-payment', 19_536, 'pi_1'], ['down-payment-due', -19_536, `policy:${paid.policyId}:down-payment`]],
        );
        assert.equal(await policyBalanceCents(db, paid.policyId), 0, 'owed and paid');
        assert.equal(await policyBalanceCents(db, refunded.policyId), -2000, 'the refund given stays on the account');
        const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries');
        assert.equal(after[0]!.n, before[0]!.n + 2, 'one amount owed per policy, nothing else');
        const orphan = await db.query<{ total: number }>(`SELECT sum(amount_cents)::int AS total FROM ledger_entries WHERE policy_id IS NULL`);
        assert.equal(orphan[0]!.total, 0);
        // the statuses had no day of their own: the new column is empty for them
        const days = await db.query<{ effective_on: string | null }>('SELECT effective_on FROM policy_status_changes WHERE policy_id = $1', [paid.policyId]);
        assert.ok(days.every((row) => row.effective_on === null));
        // the later migrations run on what 025 left
        assert.deepEqual(await migrate(db), readMigrations().map((migration) => migration.version).filter((version) => version > '025'));
        assert.equal(await policyBalanceCents(db, paid.policyId), 0);
      } finally {
        await cleanup();
      }
    });
  });
}
