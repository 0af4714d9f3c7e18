/**
 * The embedded database an end-to-end test's server opens: a copy of one made once by the server's own code,
 * rather than a new one each time.
 *
 * Why: a server given an empty DATA_DIR runs PGlite's initdb (in a process of its own, api/db/pglite-initdb.ts)
 * and then every migration, about 4 s before /api/health answers; the suite starts some 25 servers. Made once,
 * kept in the OS temp folder under a name that changes with PGlite's version and with any migration
 * (api/testing/pglite-images.ts databaseStateName), the migrated directory is copied into a test's DATA_DIR in
 * about 0.1 s, and the server opens it as it opens its database on any restart: the migrations find nothing to
 * do. The first run on a new data directory is still the README's first start in foundation.e2e.test.ts,
 * which asks for a new one (startServer's `database: 'new'`).
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedDatabaseDir } from '../../api/config.ts';
import { openDb } from '../../api/db/db.ts';
import { migrate } from '../../api/db/migrate.ts';
import { databaseStateName } from '../../api/testing/pglite-images.ts';

const COPIES_DIR = join(tmpdir(), 'ppm-e2e-databases');

let made: Promise<string> | undefined;

/** The migrated data directory, made as the server makes its own (initdb apart, then the migrations) if it is not kept yet. */
function migratedDirectory(): Promise<string> {
  made ??= (async () => {
    const kept = join(COPIES_DIR, databaseStateName('migrated'));
    if (existsSync(join(kept, 'PG_VERSION'))) return kept;
    // Made under a name of its own and renamed whole: another test process sees all of it or nothing.
    const partial = `${kept}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(COPIES_DIR, { recursive: true });
    const db = await openDb({ dataDir: partial });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      renameSync(partial, kept);
    } catch (error) {
      // another process kept its own first: theirs is the same database
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(join(kept, 'PG_VERSION'))) throw error;
    }
    return kept;
  })();
  return made;
}

/** Puts a copy of the migrated database where a server with DATA_DIR `dataDir` opens it. */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  cpSync(await migratedDirectory(), embeddedDatabaseDir(dataDir), { recursive: true });
}
