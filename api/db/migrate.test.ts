import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { migrate, readMigrations } from './migrate.ts';
import { dbTargets, openTestDb } from '../testing/harness.ts';

const tables = async (db: { query: <T extends object>(sql: string) => Promise<T[]> }) =>
  (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
    )
  ).map((row) => row.name);

test('migration files are numbered NNN_name.sql (or NNN_name.ts, a data step), in order, without gaps', () => {
  const versions = readMigrations().map((migration) => Number(migration.version));
  assert.ok(versions.length >= 1);
  assert.deepEqual(versions, versions.map((_v, index) => index + 1));
});

for (const target of dbTargets()) {
  describe(`migrations on ${target}`, () => {
    test('apply every file once; a second run is a no-op', async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        const all = readMigrations().map((migration) => migration.version);
        assert.deepEqual(await migrate(db), all);
        assert.deepEqual(await migrate(db), []);
        const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
        assert.deepEqual(recorded.map((row) => row.version), all);
        assert.deepEqual(await tables(db), [
          'account_quotes', 'accounts', 'bill_charges', 'billing_cancellations', 'billing_periods', 'billing_reading_requests', 'bills', 'bind_attempts', 'card_requests', 'claim_photos', 'claims', 'contact_messages', 'delivery_consents', 'document_jobs',
          'idempotency_keys', 'job_leases', 'ledger_entries',
          'lienholders', 'mail_queue', 'odometer_readings', 'payment_cards', 'payment_disputes', 'payment_events', 'payments', 'policies',
          'policy_coverages', 'policy_documents', 'policy_drivers', 'policy_status_changes', 'policy_vehicles', 'posted_notices', 'quote_versions', 'quotes', 'rate_limits', 'reconciliations', 'refunds',
          'renewals', 'schema_migrations', 'sessions', 'signatures', 'subscribers', 'test_mode_objects', 'tokens',
        ]);
      } finally {
        await cleanup();
      }
    });

    test('two starts at the same moment apply the migrations once', async () => {
      const { db, reopen, cleanup } = await openTestDb(target, { migrated: false });
      const other = target === 'postgres' ? await reopen() : db;
      try {
        const results = await Promise.all([migrate(db), migrate(other)]);
        const all = readMigrations().map((migration) => migration.version);
        assert.deepEqual(results.map((applied) => applied.length).sort(), [0, all.length]);
      } finally {
        if (other !== db) await other.close();
        await cleanup();
      }
    });

    test('a failing migration leaves the database as it was', async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        const broken = [
          { version: '001', name: 'fine', sql: 'CREATE TABLE fine_table (id int)' },
          { version: '002', name: 'broken', sql: 'CREATE TABLE broken_table (id int REFERENCES no_such_table)' },
        ];
        await assert.rejects(migrate(db, broken));
        assert.deepEqual(await tables(db), []);
      } finally {
        await cleanup();
      }
    });
  });
}
