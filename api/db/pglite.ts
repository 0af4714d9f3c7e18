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

/** PGlite in `dataDir` (created when missing), or in memory when no directory is given. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];
  const pg = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}
