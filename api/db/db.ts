/**
 * One query layer over two drivers: PGlite (PostgreSQL compiled to WASM, in DATA_DIR/pg or in memory)
 * and a pg Pool for DATABASE_URL. Callers write one dialect, PostgreSQL, with $1 placeholders.
 *
 * The drivers parse a few types differently (bigint, numeric), so queries cast what they read back to
 * int, text or a JSON-friendly type; timestamptz arrives as a Date from both.
 */
import type { LogSink } from '../log.ts';
import type { Db } from './queryable.ts';

export type { Db, Queryable } from './queryable.ts';
export { DatabaseUnavailableError } from './unavailable.ts';

export interface OpenDbOptions {
  /** postgres://... ; when absent, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; absent = in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests isolate themselves this way). */
  schema?: string | undefined;
  /** PostgreSQL only: where an idle connection's loss is logged (the server's log; default standard error). */
  log?: LogSink | undefined;
}

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl, options.schema, options.log);
  }
  const { openPglite } = await import('./pglite.ts');
  if (options.dataDir) {
    // a new directory's initdb runs in a process of its own, whose memory goes with it (./pglite-initdb.ts)
    const { initdbApart } = await import('./pglite-initdb.ts');
    await initdbApart(options.dataDir);
  }
  return openPglite(options.dataDir);
}
