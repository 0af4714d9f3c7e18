import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db, Queryable } from './db.ts';

/** The schema's versions, one file each (readMigrations). */
export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Any fixed number; every process that migrates this database takes the same lock. */
const MIGRATION_LOCK = 775_401_233;

/**
 * One version of the schema: the SQL of an NNN_name.sql file, or the data step of an NNN_name.ts file, for
 * what SQL cannot compute (021: each stored quote's coverage choices, read by the contract's coverage rules).
 * A data step's module exports `up(tx)`, run in the migrations' transaction like any SQL file and recorded
 * alike, so it runs once per database.
 */
export type Migration = { version: string; name: string } & ({ sql: string } | { up: (tx: Queryable) => Promise<void> });

/** NNN_name.sql and NNN_name.ts files in order (tests beside them left out). A name outside that pattern is a mistake, not a file to skip quietly. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql') || (file.endsWith('.ts') && !file.endsWith('.test.ts')))
    .sort()
    .map((file): Migration => {
      const match = /^(\d{3})_([a-z0-9_]+)\.(sql|ts)$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named NNN_name.sql (or NNN_name.ts for a data step).`);
      const [, version, name, kind] = match as unknown as [string, string, string, 'sql' | 'ts'];
      const path = join(dir, file);
      if (kind === 'sql') return { version, name, sql: readFileSync(path, 'utf8') };
      // loaded when it runs: a database that has it applied never imports it
      return {
        version, name,
        up: async (tx) => ((await import(pathToFileURL(path).href)) as { up: (tx: Queryable) => Promise<void> }).up(tx),
      };
    });
  migrations.forEach((migration, index) => {
    if (migrations[index - 1]?.version === migration.version) throw new Error(`Two migration files are numbered ${migration.version}.`);
  });
  return migrations;
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
      if ('sql' in migration) await tx.exec(migration.sql);
      else await migration.up(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
