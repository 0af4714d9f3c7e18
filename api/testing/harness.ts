/**
 * Shared set-up for the api tests. Every database test runs on in-memory PGlite or, when DATABASE_URL is
 * set, on that PostgreSQL server instead, in a schema of its own that is dropped afterwards, so test files
 * run in parallel without seeing each other's rows. `npm test` runs them on PGlite; CI runs the files that
 * take a database target once more with DATABASE_URL (`node test/run-all.ts api-postgres`), so each
 * database runs each test once. PGlite databases start from an image made once (./pglite-images.ts), not
 * from PGlite's initdb, which took a large part of the suite's time.
 *
 * Most test files open one database and one app for a describe block: `suiteApp` (or `suiteDb`) does it in
 * the block's `before` and undoes it in its `after`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp, type CreateAppOptions } from '../app.ts';
import { blobsDirOf, outboxDirOf, type Config } from '../config.ts';
import { BRAND } from '../../contract/brand.ts';
import { DEFAULT_CONFIRMED_REVIEW_ONE_IN, DEFAULT_MAX_MILES_PER_DAY } from '../odometer/verdict.ts';
import { DatabaseUnavailableError, openDb, type Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { createMailer, OUTBOX_FILE, type Mailer } from '../mail/mailer.ts';
import { createMailQueue, type MailQueue } from '../mail/queue.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import type { BlobStore } from '../blobs/store.ts';
import { createDocumentsJob, type DocumentsJob } from '../documents/job.ts';
import { createTexter, type Texter } from '../messages/texter.ts';
import { imageOf } from './pglite-images.ts';

export type DbTarget = 'pglite' | 'postgres';

/** PostgreSQL when DATABASE_URL is set, else PGlite. */
export function dbTargets(): DbTarget[] {
  return process.env.DATABASE_URL ? ['postgres'] : ['pglite'];
}

export interface TestDb {
  db: Db;
  /** Opens another connection (pool) to the same database and schema: a second process stand-in. */
  reopen(): Promise<Db>;
  cleanup(): Promise<void>;
}

/** One statement on a connection of its own (CREATE and DROP of a schema or database run outside any pool). */
async function onItsOwnConnection(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server of `adminUrl` (DATABASE_URL's by default), for tests that start whole server processes (each
 * opens DATABASE_URL as it is, so a schema of its own will not do); `drop` removes it, connections and all.
 */
export async function freshPostgresDatabase(prefix: string, adminUrl = process.env.DATABASE_URL!): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onItsOwnConnection(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onItsOwnConnection(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`) };
}

export async function openTestDb(target: DbTarget, options: { migrated?: boolean } = {}): Promise<TestDb> {
  let db: Db;
  let reopen: () => Promise<Db>;
  let dropSchema = async () => {};
  if (target === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await onItsOwnConnection(url, `CREATE SCHEMA ${schema}`);
    reopen = () => openDb({ databaseUrl: url, schema });
    db = await reopen();
    dropSchema = () => onItsOwnConnection(url, `DROP SCHEMA ${schema} CASCADE`);
  } else {
    const { openPglite } = await import('../db/pglite.ts');
    db = await openPglite(undefined, await imageOf(options.migrated === false ? 'fresh' : 'migrated'));
    reopen = async () => {
      throw new Error('In-memory PGlite has one connection only.');
    };
  }
  // On PGlite's migrated image this finds every version applied and does nothing.
  if (options.migrated !== false) await migrate(db);
  return {
    db,
    reopen,
    async cleanup() {
      await db.close();
      await dropSchema();
    },
  };
}

/**
 * A migrated PGlite database in `dataDir` (a server's DATA_DIR/pg), as a first start would leave it, made from
 * the image instead of by initdb.
 */
export async function openMigratedPgliteDir(dataDir: string): Promise<Db> {
  const { openPglite } = await import('../db/pglite.ts');
  const db = await openPglite(dataDir, await imageOf('migrated'));
  await migrate(db);
  return db;
}

/**
 * A database on `target` for the describe block this is called in: opened in the block's `before`, closed (and
 * its schema dropped) in its `after`. The object is filled in when `before` has run, so tests read
 * `testDb.db` as always.
 */
export function suiteDb(target: DbTarget, options: { migrated?: boolean } = {}): TestDb {
  const testDb = {} as TestDb;
  before(async () => {
    Object.assign(testDb, await openTestDb(target, options));
  });
  after(async () => {
    // absent when `before` failed: that failure is the one to read
    await testDb.cleanup?.();
  });
  return testDb;
}

/**
 * A migrated database on `target` and an app over it (testApp) for the describe block this is called in, made
 * in the block's `before` and undone in its `after`. `options` may be a function of the database, for what is
 * built over it (a payment gateway). Both objects are filled in when `before` has run.
 *
 * Hooks run in the order they are registered: a block's own `after` runs once these are closed, so one that
 * must run first (stopping the app's jobs) is registered before this is called.
 */
export function suiteApp(target: DbTarget, options: TestAppOptions | ((db: Db) => TestAppOptions) = {}): { testDb: TestDb; t: TestApp } {
  const testDb = {} as TestDb;
  const t = {} as TestApp;
  before(async () => {
    Object.assign(testDb, await openTestDb(target));
    Object.assign(t, testApp(testDb.db, typeof options === 'function' ? options(testDb.db) : options));
  });
  after(async () => {
    // absent when `before` failed: that failure is the one to read
    t.cleanup?.();
    await testDb.cleanup?.();
  });
  return { testDb, t };
}

const leftTempDirs = new Set<string>();
let removeLeftOnExit = false;

/**
 * A folder in the system's temp folder (outboxes, PGlite files, blobs). remove() deletes it; every such
 * folder is deleted again when the test process exits, for what a test left (a failed assertion skips its
 * finally, a helper never removes its outbox, a mail delivered after the test ended), so runs leave nothing
 * behind.
 */
export function tempDir(prefix = 'ppm-api-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  leftTempDirs.add(path);
  if (!removeLeftOnExit) {
    removeLeftOnExit = true;
    process.once('exit', () => {
      for (const dir of leftTempDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  return {
    path,
    // Kept in the list: a delivery still under way when a test ends can write the outbox again after remove().
    // A write landing while the folder is being removed leaves it not empty (ENOTEMPTY): rmSync tries again.
    remove: () => rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }),
  };
}

/** The .eml files of an outbox folder, by name (none when nothing was sent yet). */
export function outboxFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => OUTBOX_FILE.test(name)) : [];
}

export const PARTNER_ORIGIN = 'https://dealer.example';
export const PUBLIC_ORIGIN = 'http://localhost:4321';
/** Customer care's address in tests: not the brand's default, so a test sees the setting is used. */
export const CARE_EMAIL = 'care-desk@apex-ppm.example';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicOrigin: PUBLIC_ORIGIN,
    production: false,
    dataDir: '/nonexistent-data-dir',
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: undefined,
    careEmail: CARE_EMAIL,
    claimsEmail: BRAND.claimsEmail,
    corsOrigins: [PARTNER_ORIGIN],
    demoPort: 0,
    siteDir: '/nonexistent-site-dir',
    embedDir: '/nonexistent-embed-dir',
    demoDir: '/nonexistent-demo-dir',
    trustProxy: 0,
    restrictedZips: [],
    odometerMaxMilesPerDay: DEFAULT_MAX_MILES_PER_DAY,
    odometerConfirmedReviewOneIn: DEFAULT_CONFIRMED_REVIEW_ONE_IN,
    workers: 1,
    ...overrides,
  };
}

export interface TestApp {
  app: Hono;
  config: Config;
  outboxDir: string;
  logs: string[];
  /** The app's mail queue: `await t.mail.settled()` before reading the outbox. */
  mail: MailQueue;
  /** The app's documents job: `await t.documents.settled()` before reading a policy's documents. */
  documents: DocumentsJob;
  /** The app's blob store (its data directory's blobs, unless the options gave one). */
  blobs: BlobStore;
  cleanup(): void;
}

type TestAppOptions = Partial<Omit<CreateAppOptions, 'db' | 'config' | 'mail'>> & { config?: Partial<Config>; mailer?: Mailer; texter?: Texter };

/**
 * An app over `db` with a temporary data directory (outbox), a captured log and a mail queue delivering
 * mail and texts to the outbox (or to `mailer` and `texter`, e.g. one whose server is down; or to Twilio's
 * stand-in when `config.twilio` is given).
 */
export function testApp(db: Db, options: TestAppOptions = {}): TestApp {
  const dir = tempDir();
  const config = testConfig({ dataDir: dir.path, ...options.config });
  const outboxDir = outboxDirOf(dir.path);
  const logs: string[] = [];
  const { mailer: givenMailer, texter: givenTexter, ...appOptions } = options;
  const mailer = givenMailer ?? createMailer({ outboxDir, ...(options.clock ? { clock: options.clock } : {}) });
  const texter = givenTexter ?? createTexter({ twilio: config.twilio, outboxDir, ...(options.clock ? { clock: options.clock } : {}) });
  const log = (line: string) => logs.push(line);
  const clock = options.clock ?? (() => new Date());
  const mail = createMailQueue({ db, mailer, texter, clock, log });
  const blobs = options.blobs ?? createFileBlobStore(blobsDirOf(config.dataDir));
  const documents = options.documents ?? createDocumentsJob({ db, blobs, clock, log });
  const app = createApp({ ...appOptions, config, db, mail, blobs, documents, log });
  return { app, config, outboxDir, logs, mail, documents, blobs, cleanup: dir.remove };
}

/** A JSON POST as a browser on `origin` would send it. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): [string, RequestInit] {
  return [
    `http://localhost:4321${path}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
  ];
}

let counter = 0;
/** A subscriber nobody else in this run uses. */
export function uniqueEmail(tag = 'ann'): string {
  counter += 1;
  return `${tag}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A Db whose next `failures` transactions after `skip` good ones throw after their work, as if the server
 * dropped before the commit: with the error the PostgreSQL driver surfaces then (api/db/unavailable.ts).
 * The plan is read at each transaction, so a test may arm it at the moment it wants (say, once the provider
 * has charged). api/db/dropped-connection.test.ts drops a real connection.
 */
export function flakyDb(db: Db, plan: { skip: number; failures: number }): Db {
  return {
    ...db,
    kind: db.kind,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    close: db.close.bind(db),
    transaction: (work) => {
      if (plan.skip > 0) plan.skip -= 1;
      else if (plan.failures > 0) {
        plan.failures -= 1;
        return db.transaction(async (tx) => {
          await work(tx);
          throw new DatabaseUnavailableError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
        });
      }
      return db.transaction(work);
    },
  };
}
