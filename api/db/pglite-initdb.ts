/**
 * PGlite's initdb for a new data directory, in a process of its own (`node api/db/pglite-initdb.ts DIR`), so
 * the server that then opens the directory never holds what initdb took.
 *
 * Why: initdb in PGlite grows its WebAssembly memory to about a gigabyte, and a WebAssembly memory never
 * shrinks; what a closed instance gave back, glibc keeps. Measured (issue 22, item 5): a server that made its
 * data directory idled at 400 to 620 MiB RSS, one that opened an existing directory at 290 MiB; initdb in a
 * worker thread still left 320 MiB behind in the process. A process of its own returns all of it on exit.
 */
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether PostgreSQL's files are there: initdb writes PG_VERSION among its first files and the server needs it. */
function isInitialized(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** Runs initdb for `dataDir` in a child process unless it was done; the child's error output on failure. */
export async function initdbApart(dataDir: string): Promise<void> {
  if (isInitialized(dataDir)) return;
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk).slice(-4000));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`PGlite's initdb for ${dataDir} failed (exit ${code}): ${errors.trim().slice(-2000)}`);
}

if (import.meta.main) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: node api/db/pglite-initdb.ts DATA_DIR');
  const { openPglite } = await import('./pglite.ts');
  const db = await openPglite(dataDir);
  await db.close();
}
