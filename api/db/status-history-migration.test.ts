import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dbTargets, openTestDb } from '../testing/harness.ts';
import type { Queryable } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';

/**
 * Migration 023 (023_policy_status_history.sql): policies stored before it get their status history (BOUND at
 * the bind, ISSUED when issued), and a renewed term's billing moves from term_answer into the row's columns.
 */
const BOUND_AT = new Date('2026-03-02T12:00:00.000Z');
const ISSUED_AT = new Date('2026-03-04T09:30:00.000Z');

/** A policy as stored before migration 023 (the columns of migrations 005 to 022). */
async function insertPolicyBefore(
  db: Queryable,
  n: number,
  policy: { status: 'BOUND' | 'ISSUED'; issuedAt: Date | null; frequency: 'monthly' | 'biannually'; termAnswer: object | null },
): Promise<number> {
  const [quote] = await db.query<{ id: number }>(
    `INSERT INTO quotes (quote_number, email_lower, dob, zip, rated_state, rate_table_version, request_hash, request, response)
     VALUES ($1, 'ann@example.com', '1980-04-02', '85001', 'AZ', 'test', 'hash', '{}'::json, '{}'::json) RETURNING id`,
    [`Q-${n}`],
  );
  const [attempt] = await db.query<{ id: number }>(
    `INSERT INTO bind_attempts (quote_id, billing_frequency, pay_plan, amount_cents, created_at, provider_key, updated_at)
     VALUES ($1, $2, 18, 12345, $3, $4, $3) RETURNING id`,
    [quote!.id, policy.frequency, BOUND_AT, `key-${n}`],
  );
  const [payment] = await db.query<{ id: number }>(
    `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, created_at) VALUES ($1, 'test', $2, 12345, $3) RETURNING id`,
    [attempt!.id, `ch_${n}`, BOUND_AT],
  );
  const address = JSON.stringify({ type: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85001' });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO policies (policy_number, binder_number, status, quote_id, payment_id, rated_state, rate_table_version, effective_date,
                           expiration_date, billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents,
                           estimated_total_written_cents, email_lower, policy_owners, mailing_address, created_at, issued_at,
                           term_answer, email_address, garaging_address, phone_numbers)
     VALUES ($1, $2, $3, $4, $5, 'AZ', 'test', '2026-03-02', '2026-09-02', $6, 18, 12345, 11111, 66666, 'ann@example.com', '[]'::jsonb,
             $7::jsonb, $8, $9, $10::jsonb, 'Ann@example.com', $7::jsonb, '[]'::jsonb) RETURNING id`,
    [`P-${n}`, `B-${n}`, policy.status, quote!.id, payment!.id, policy.frequency, address, BOUND_AT, policy.issuedAt,
      policy.termAnswer === null ? null : JSON.stringify(policy.termAnswer)],
  );
  return row!.id;
}

for (const target of dbTargets()) {
  describe(`migration 023 on ${target}`, () => {
    test('each stored policy gets its history, and a renewed term its billing on the row', async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        await migrate(db, readMigrations().filter((migration) => migration.version < '023'));
        const renewal = { downPaymentMonthly: 210.4, downPaymentSingle: 1190.25, estimatedMonthlyPayment: 205.55, estimatedTotalWritten: 1233.3 };
        const bound = await insertPolicyBefore(db, 1, { status: 'BOUND', issuedAt: null, frequency: 'monthly', termAnswer: null });
        const issued = await insertPolicyBefore(db, 2, { status: 'ISSUED', issuedAt: ISSUED_AT, frequency: 'monthly', termAnswer: null });
        const renewedMonthly = await insertPolicyBefore(db, 3, { status: 'ISSUED', issuedAt: ISSUED_AT, frequency: 'monthly', termAnswer: renewal });
        const renewedSingle = await insertPolicyBefore(db, 4, { status: 'ISSUED', issuedAt: ISSUED_AT, frequency: 'biannually', termAnswer: renewal });

        assert.deepEqual(await migrate(db, readMigrations().filter((migration) => migration.version === '023')), ['023']);

        const history = async (policyId: number) =>
          (await db.query<{ status: string; changed_at: Date }>('SELECT status, changed_at FROM policy_status_changes WHERE policy_id = $1 ORDER BY id', [policyId]))
            .map((change) => `${change.status} ${change.changed_at.toISOString()}`);
        assert.deepEqual(await history(bound), [`BOUND ${BOUND_AT.toISOString()}`]);
        assert.deepEqual(await history(issued), [`BOUND ${BOUND_AT.toISOString()}`, `ISSUED ${ISSUED_AT.toISOString()}`]);

        const billing = async (policyId: number) =>
          (await db.query<{ down: number; monthly: number; total: number }>(
            `SELECT down_payment_cents AS down, estimated_monthly_payment_cents AS monthly, estimated_total_written_cents AS total FROM policies WHERE id = $1`,
            [policyId],
          ))[0];
        assert.deepEqual(await billing(issued), { down: 12345, monthly: 11111, total: 66666 }, 'the bought term keeps what was charged');
        assert.deepEqual(await billing(renewedMonthly), { down: 21040, monthly: 20555, total: 123330 }, 'monthly: the renewed term’s first month');
        assert.deepEqual(await billing(renewedSingle), { down: 119025, monthly: 20555, total: 123330 }, 'six-month: its single payment');

        const columns = await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'policies' AND column_name IN ('term_answer', 'issued_at')`,
        );
        assert.deepEqual(columns, [], 'the second copies are gone');
      } finally {
        await cleanup();
      }
    });
  });
}
