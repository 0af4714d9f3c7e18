import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dbTargets, openTestDb } from '../testing/harness.ts';
import { deliveryConsentOf, readPolicyRecord } from '../policies/records.ts';
import type { Queryable } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';

/**
 * Migration 026 (026_delivery_consent.sql): policies bound before it have no consent to electronic delivery
 * (their notices are posted until they give one); an attempt before it carried none; the two new tables start
 * empty and hold what they are for.
 */
const BOUND_AT = new Date('2026-03-02T12:00:00.000Z');

/** A policy as stored before migration 026 (the columns of migrations 005 to 025). */
async function insertPolicyBefore(db: Queryable, n: number): Promise<{ policyId: number; attemptId: number }> {
  const [quote] = await db.query<{ id: number }>(
    `INSERT INTO quotes (quote_number, email_lower, dob, zip, rated_state, rate_table_version, request_hash, request, response)
     VALUES ($1, 'ann@example.com', '1980-04-02', '85001', 'AZ', 'test', 'hash', '{}'::json, '{}'::json) RETURNING id`,
    [`Q-${n}`],
  );
  const [attempt] = await db.query<{ id: number }>(
    `INSERT INTO bind_attempts (quote_id, billing_frequency, pay_plan, amount_cents, created_at, provider_key, updated_at, card_consent)
     VALUES ($1, 'monthly', 18, 12345, $2, $3, $2, 'the card consent') RETURNING id`,
    [quote!.id, BOUND_AT, `key-${n}`],
  );
  const [payment] = await db.query<{ id: number }>(
    `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, created_at) VALUES ($1, 'test', $2, 12345, $3) RETURNING id`,
    [attempt!.id, `ch_${n}`, BOUND_AT],
  );
  const address = JSON.stringify({ type: 'Mailing', streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85001' });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO policies (policy_number, binder_number, status, quote_id, payment_id, rated_state, rate_table_version, effective_date,
                           expiration_date, billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents,
                           estimated_total_written_cents, email_lower, policy_owners, mailing_address, created_at,
                           email_address, garaging_address, phone_numbers)
     VALUES ($1, $2, 'BOUND', $3, $4, 'AZ', 'test', '2026-03-02', '2026-09-02', 'monthly', 18, 12345, 11111, 66666, 'ann@example.com',
             '[{"relation":"INSURED","firstName":"Ann","lastName":"Driver"}]'::jsonb, $5::jsonb, $6, 'Ann@example.com', $5::jsonb, '[]'::jsonb)
     RETURNING id`,
    [`P-${n}`, `B-${n}`, quote!.id, payment!.id, address, BOUND_AT],
  );
  return { policyId: row!.id, attemptId: attempt!.id };
}

for (const target of dbTargets()) {
  describe(`migration 026 on ${target}`, () => {
    test('a policy bound before it has no consent in force (its notices are posted); the new tables work as their rules say', async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        await migrate(db, readMigrations().filter((migration) => migration.version < '026'));
        const before = await insertPolicyBefore(db, 1);

        assert.deepEqual(await migrate(db, readMigrations().filter((migration) => migration.version === '026')), ['026']);

        assert.equal(await deliveryConsentOf(db, before.policyId), null, 'no consent was asked before: it posts');
        assert.equal((await readPolicyRecord(db, before.policyId))!.deliveryConsent, null);
        const attempt = await db.query<{ electronic_delivery_consent: string | null; card_consent: string }>(
          'SELECT electronic_delivery_consent, card_consent FROM bind_attempts WHERE id = $1', [before.attemptId],
        );
        assert.deepEqual(attempt, [{ electronic_delivery_consent: null, card_consent: 'the card consent' }], 'the attempt kept what it had');
        const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
        assert.equal(await count('delivery_consents'), 0);
        assert.equal(await count('posted_notices'), 0);

        // one consent in force per channel; a withdrawn one is not in force
        const consent = (at: Date, withdrawn: Date | null = null) =>
          db.query(
            `INSERT INTO delivery_consents (policy_id, channel, consent_text, consented_at, withdrawn_at) VALUES ($1, 'email', 'words', $2, $3)`,
            [before.policyId, at, withdrawn],
          );
        await consent(BOUND_AT, new Date('2026-03-05T00:00:00.000Z'));
        assert.equal(await deliveryConsentOf(db, before.policyId), null, 'withdrawn: posted again');
        await consent(new Date('2026-03-06T00:00:00.000Z'));
        assert.deepEqual(await deliveryConsentOf(db, before.policyId), { channel: 'email', consentText: 'words', consentedAt: new Date('2026-03-06T00:00:00.000Z') });
        await assert.rejects(consent(new Date('2026-03-07T00:00:00.000Z')), 'a second consent in force is refused');
        await assert.rejects(
          db.query(`INSERT INTO delivery_consents (policy_id, channel, consent_text, consented_at) VALUES ($1, 'text', 'words', $2)`, [before.policyId, BOUND_AT]),
          'e-mail is the one electronic channel',
        );

        const notice = (kind: string, postedAt: Date | null, postedBy: string | null) =>
          db.query(
            `INSERT INTO posted_notices (policy_id, kind, address_lines, pdf_filename, blob_key, byte_size, sha256, created_at, posted_at, posted_by)
             VALUES ($1, $2, '["Ann Driver"]'::jsonb, 'bill.pdf', 'policies/1/notices/bill.pdf', 10, 'ab', $3, $4, $5)`,
            [before.policyId, kind, BOUND_AT, postedAt, postedBy],
          );
        await notice('bill', null, null);
        await notice('cancellation-notice', BOUND_AT, 'Dana');
        await assert.rejects(notice('bill', BOUND_AT, null), 'posted says by whom');
        await assert.rejects(notice('Bill; DROP', null, null), 'a kind is a lower-case name');
      } finally {
        await cleanup();
      }
    });
  });
}
