/**
 * The setting of the command-line tests (`npm run renew`, `npm run billing`: api/renewals/cli.test.ts,
 * api/billing/cli.test.ts): a server's DATA_DIR whose PGlite database is migrated and holds one Georgia
 * policy bought today, closed again before the command opens it, and the environment the command is run
 * with.
 */
import { join } from 'node:path';
import { localToday } from '../../contract/index.ts';
import type { Db } from '../db/db.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { openMigratedPgliteDir, tempDir, testApp, type TestApp } from './harness.ts';
import { embeddedDatabaseDir, outboxDirOf } from '../config.ts';

export interface CommandLineSetting {
  /** The DATA_DIR: the database in pg/, the outbox in outbox/. */
  dir: { path: string; remove(): void };
  /** The command's environment: DATA_DIR, a public origin, no demo server. */
  env: Record<string, string>;
  policy: BoundPolicy;
  /** The outbox's messages (e-mails and texts) that match `pattern`. */
  sent(pattern: RegExp): string[];
}

/**
 * Buys a GA policy today in a fresh DATA_DIR; `before` runs ahead of the purchase (the renewals test stops the
 * documents job there, so the bind's documents stay queued), `after` once it is bought, both on the open
 * database. The caller removes `dir` in a finally.
 */
export async function commandLineSetting(
  prefix: string,
  steps: { before?: (t: TestApp) => Promise<void>; after?: (db: Db, policy: BoundPolicy) => Promise<void> } = {},
): Promise<CommandLineSetting> {
  const dir = tempDir(prefix);
  const db = await openMigratedPgliteDir(embeddedDatabaseDir(dir.path));
  let policy: BoundPolicy;
  try {
    const t = testApp(db, { payments: createTestModeGateway(db), config: { dataDir: join(dir.path, 'setup') } });
    await steps.before?.(t);
    policy = await bindPolicy(t, db, localToday(), { state: 'GA' });
    await steps.after?.(db, policy);
    await t.documents.stop();
    await t.mail.stop();
    t.cleanup();
  } finally {
    await db.close();
  }
  return {
    dir,
    env: { DATA_DIR: dir.path, PUBLIC_ORIGIN: 'https://www.example.com', DEMO_PORT: '0' },
    policy,
    sent: (pattern) => outboxTexts(outboxDirOf(dir.path), pattern),
  };
}
