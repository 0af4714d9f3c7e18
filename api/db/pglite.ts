import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './queryable.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * PostgreSQL's buffer cache inside PGlite. The default, 128MB, lives in the WebAssembly memory, which never
 * shrinks, so a server that had been busy kept some 110 MiB more RSS than one that had not (issue 11). Pages
 * past this cache are read from the data directory's files through the operating system's cache, which is
 * not the process's memory; a quote touches a few pages, so 16MB holds the working set.
 */
const SHARED_BUFFERS = '16MB';

async function startPglite(dataDir: string | undefined, image: Blob | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];
  return PGlite.create({ startParams, ...(dataDir ? { dataDir } : {}), ...(image ? { loadDataDir: image } : {}) });
}

function asDb(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}

/**
 * PGlite in `dataDir` (created when missing), or in memory when no directory is given. With `image` (what
 * pgliteImage made), an empty database starts as that image instead of from PGlite's initdb.
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<Db> {
  return asDb(await startPglite(dataDir, image));
}

/**
 * A data directory as a tar: a new in-memory database (started from `image` when given) after `prepare` ran
 * on it. PGlite's initdb costs seconds of CPU; tests pay it once for an image and load that one per database.
 */
export async function pgliteImage(prepare: (db: Db) => Promise<unknown>, image?: Blob): Promise<Blob> {
  const pg = await startPglite(undefined, image);
  try {
    await prepare(asDb(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
