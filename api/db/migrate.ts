import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Any fixed number; every process that migrates this database takes the same lock. */
const MIGRATION_LOCK = 775_401_233;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** NNN_name.sql files in order. A name outside that pattern is a mistake, not a file to skip quietly. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named NNN_name.sql.`);
      return { version: match[1]!, name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction: either the
 * database moves to the newest version or it stays where it was. The transaction-scoped advisory lock
 * makes a second process that starts at the same moment wait, then find nothing left to do.
 * Returns the versions applied by this call.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
