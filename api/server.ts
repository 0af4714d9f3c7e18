/**
 * One server: the site, /embed/, /api and /dev/outbox on PORT, and the embed demo as a second origin on
 * DEMO_PORT. `node api/main.ts` runs one, or a fleet of them (api/fleet.ts), each a worker process.
 *
 * Tests start it in-process with `startServer({ port: 0, demoPort: 0 | n, ... })`, which takes Config
 * overrides and returns the real URLs and a close() that stops both servers and closes the database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, type CreateAppOptions } from './app.ts';
import { ConfigError, embeddedDatabaseDir, loadConfig, outboxDirOf, type Config } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { closePdfProcess } from './documents/pdf/apart.ts';
import { closeOcrProcess } from './odometer/ocr-process.ts';
import { createDemoApp } from './demo.ts';
import { blobStoreFromEnv } from './blobs/config.ts';
import { startReminders } from './policies/reminders.ts';
import { startRenewals } from './renewals/job.ts';
import { startBilling } from './billing/job.ts';
import { paymentGatewayFor } from './payments/configured.ts';
import { startSettlement } from './payments/settlement-job.ts';
import { startReconciliation } from './payments/reconciliation-job.ts';
import { startTokenSweep } from './tokens/sweep-job.ts';
import { afterAnswerSettled } from './auth/after-answer.ts';
import { createMailer } from './mail/mailer.ts';
import { createMailQueue, type MailQueue } from './mail/queue.ts';
import { createDocumentsJob, type DocumentsJob } from './documents/job.ts';
import { createTexter } from './messages/texter.ts';
import { logError, sinkFor, type LogSink } from './log.ts';
import { idleMemory } from './idle-memory.ts';

export interface StartOptions extends Partial<Config> {
  /** Default: JSON lines in production (NODE_ENV=production), text lines otherwise (api/log.ts). */
  log?: LogSink;
  /** Default SHUTDOWN_GRACE_MS: how long close() lets the requests in flight finish. */
  shutdownGraceMs?: number;
  /** Use this database instead of opening one from the config (tests); the caller closes it. */
  db?: Db;
  /** In-memory PGlite instead of DATA_DIR/pg (tests), when no DATABASE_URL and no db are given. */
  memoryDb?: boolean;
  rateLimits?: CreateAppOptions['rateLimits'];
  /**
   * Outside production without OPS_PASSWORD: the operations pages' password made for this run by a fleet's
   * primary (api/fleet.ts), the same in every worker; a lone process makes its own.
   */
  opsPasswordForRun?: string | undefined;
  /** Start the demo origin on a free port (tests), whatever DEMO_PORT says. */
  ephemeralDemo?: boolean;
}

export interface RunningServer {
  url: string;
  /** The demo origin; undefined when DEMO_PORT is 0. */
  demoUrl: string | undefined;
  config: Config;
  db: Db;
  /** Its mail queue: `settled()` resolves once queued mail has been delivered (or has failed). */
  mail: MailQueue;
  /** Its documents job: `settled()` resolves once the documents requested so far are made. */
  documents: DocumentsJob;
  /**
   * Stops: readiness answers 503 at once, no new connection is taken, the requests in flight finish (for
   * at most the grace), then the jobs, the queues and the database close.
   */
  close(): Promise<void>;
}

/**
 * Binds a port. A port already taken stops the start with the setting to change (a bare EADDRINUSE names
 * neither the port's variable nor the fix).
 */
function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>, port: number, host: string, variable: string): Promise<ServerType> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch, port, hostname: host }, () => resolvePromise(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new ConfigError(`${variable}: port ${port} on ${host} is already in use (another copy of this server?). Stop what holds it, or start with ${variable} set to a free port, e.g. ${variable}=${port + 10}.`));
      } else if (error.code === 'EACCES') {
        reject(new ConfigError(`${variable}: port ${port} on ${host} needs privileges this process does not have; use a port above 1023.`));
      } else reject(error);
    });
  });
}

function urlOf(server: ServerType, host: string): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    // Keep-alive connections would hold close() open until they time out.
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

/** How long a stopping process lets the requests in flight finish before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * A server that can stop gracefully: it takes no new connection, lets every request it holds finish (each
 * answered with `Connection: close`), closes each connection as it falls idle, and after `graceMs` closes
 * whatever is left. A rolling deploy's SIGTERM then loses no request.
 */
function drainable(server: ServerType): (graceMs: number) => Promise<void> {
  const http = server as HttpServer;
  let draining = false;
  const answering = new Set<ServerResponse>();
  http.on('request', (_request, response: ServerResponse) => {
    answering.add(response);
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      answering.delete(response);
      // a keep-alive connection is closed once it has answered
      if (draining) setImmediate(() => http.closeIdleConnections());
    });
  });
  return (graceMs) =>
    new Promise((resolvePromise) => {
      draining = true;
      for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close');
      const late = setTimeout(() => http.closeAllConnections(), graceMs);
      http.close(() => {
        clearTimeout(late);
        resolvePromise();
      });
      http.closeIdleConnections();
    });
}

/** Warnings for what is missing but not fatal: the site or bundle not built yet, no demo pages. */
function missingDirWarnings(config: Config): string[] {
  const checks: [string, string, string][] = [
    [config.siteDir, 'SITE_DIR', 'run `npm run build:site`'],
    [config.embedDir, 'EMBED_DIR', 'run `npm run build:embed`'],
    [config.demoDir, 'DEMO_DIR', 'the embed demo pages are missing'],
  ];
  return checks
    .filter(([dir]) => !existsSync(dir))
    .map(([dir, key, fix]) => `warning: ${key} ${dir} does not exist (${fix}); those paths answer 404 until it does.`);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { log: logOption, db: givenDb, memoryDb, rateLimits, ephemeralDemo, opsPasswordForRun, shutdownGraceMs = SHUTDOWN_GRACE_MS, ...overrides } = options;
  const config: Config = { ...loadConfig(), ...overrides };
  const log = logOption ?? sinkFor(config.production);
  for (const warning of missingDirWarnings(config)) log(warning);
  // Photos held for review must reach a person (issue 23): outside production the operations pages are on
  // even without OPS_PASSWORD, behind a password made for this run and printed below. In production they stay
  // off until one is chosen (a printed secret in a production log is a leak); the held photos are e-mailed to
  // CARE_EMAIL either way.
  const madeOpsPassword = !config.production && !config.opsPassword ? (opsPasswordForRun ?? randomBytes(18).toString('base64url')) : undefined;
  if (madeOpsPassword) config.opsPassword = madeOpsPassword;

  // With PORT=0 the real ports are known only after listening; the apps read publicOrigin and the CORS
  // list per request through this object, so it is filled in before the first request arrives.
  const live: Config = { ...config };
  // Both ports are bound before the database is opened: a port in use (often a second copy of this server
  // on the same DATA_DIR) stops the start before it touches the first copy's PGlite files. A request that
  // arrives while the database opens and migrates waits for it.
  let ready: (app: Hono | Error) => void = () => {};
  const appReady = new Promise<Hono>((resolve, reject) => {
    ready = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  appReady.catch(() => {}); // a failed start is thrown below; requests waiting on it end with the servers
  const servers: ServerType[] = [];
  // Memory back to the system after a burst (api/idle-memory.ts); nothing without node --expose-gc.
  const idle = idleMemory();
  let demoUrl: string | undefined;
  let url: string;
  // one per server, attached as it starts listening, so that it knows every request it takes
  const drains: ((graceMs: number) => Promise<void>)[] = [];
  let stopping = false;
  try {
    if (ephemeralDemo || config.demoPort > 0) {
      // The demo listens first: an ephemeral demo port must be known before the API's CORS list is built,
      // and a port picked in advance and released could be taken by anything in between.
      const demo = createDemoApp({ demoDir: config.demoDir, publicOrigin: () => live.publicOrigin, log });
      const demoServer = await listen(demo.fetch as never, ephemeralDemo ? 0 : config.demoPort, config.host, 'DEMO_PORT');
      servers.push(demoServer);
      drains.push(drainable(demoServer));
      demoUrl = urlOf(demoServer, config.host);
      if (ephemeralDemo) live.corsOrigins = [...config.corsOrigins, demoUrl];
    }
    const whenReady = idle.track(async (request: Request, env: unknown) => (await appReady).fetch(request, env as never));
    const main = await listen(whenReady, config.port, config.host, 'PORT');
    servers.push(main);
    drains.push(drainable(main));
    url = urlOf(main, config.host);
    if (!overrides.publicOrigin && !process.env.PUBLIC_ORIGIN?.trim()) live.publicOrigin = url.replace('127.0.0.1', 'localhost');
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }

  let db: Db;
  try {
    db = givenDb ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: memoryDb ? undefined : embeddedDatabaseDir(config.dataDir), log }));
  } catch (error) {
    ready(error instanceof Error ? error : new Error(String(error)));
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDirOf(config.dataDir), from: config.mailFrom });
  const texter = createTexter({ twilio: config.twilio, outboxDir: outboxDirOf(config.dataDir) });
  const mail = createMailQueue({ db, mailer, texter, clock: () => new Date(), log });
  let documents: DocumentsJob | null = null;
  try {
    const blobs = blobStoreFromEnv(process.env, config.dataDir);
    // one gateway for the routes and the settlement job
    const payments = paymentGatewayFor(live, db);
    // one documents job: kicked by the use case after a change, and on a timer for what a crash left
    documents = createDocumentsJob({ db, blobs, clock: () => new Date(), log });
    const app = createApp({ config: live, db, mail, blobs, documents, log, payments, stopping: () => stopping, ...(rateLimits ? { rateLimits } : {}) });
    const applied = await migrate(db);
    if (applied.length) log(`database: applied migrations ${applied.join(', ')}`);
    ready(app);

    log(`site and api: ${url} (public origin ${live.publicOrigin}); database: ${db.kind}; mail: ${mailer.kind}; texts: ${texter.kind}; documents and photos: ${blobs.kind}`);
    log(
      config.stripe
        ? `payments: Stripe (${config.stripe.publishableKey.startsWith('pk_live_') ? 'live' : 'test'} keys)`
        : 'payments: TEST MODE, no Stripe keys: only Stripe test cards are accepted and no real charge is made',
    );
    if (demoUrl) log(`embed demo (a partner origin): ${demoUrl}`);
    if (!config.production && (mailer.kind === 'outbox' || texter.kind === 'outbox')) log(`outbox: ${url}/dev/outbox`);
    if (madeOpsPassword) log(`operations pages: ${url}/ops/odometer (any user name; password ${madeOpsPassword}, made for this run: set OPS_PASSWORD to choose one)`);

    // Retries, and mail a previous process queued but did not deliver.
    mail.start();
    // Documents requested but not made (a crash, a blob store that was down): api/documents/job.ts.
    documents.start();
    // Reminders of a missing signature or odometer photo, 2 and 5 days after the bind.
    const stopReminders = startReminders({ db, mail, config: live, clock: () => new Date() }, log);
    // The daily renewal run (30 days before a term ends), once a day across every replica: api/renewals/job.ts.
    const stopRenewals = startRenewals({ db, mail, blobs, config: live, clock: () => new Date(), log }, log);
    // The daily billing cycle (periods, reading requests, bills, charges, retries, cancellations), once a day across every replica: api/billing/job.ts.
    const stopBilling = startBilling({ db, mail, payments, blobs, config: live, clock: () => new Date(), log }, log);
    // Payment attempts left open by a timeout or a crash, settled with the provider within minutes: api/payments/settlement-job.ts.
    const stopSettlement = startSettlement({ db, mail, payments, config: live, clock: () => new Date(), documents }, log);
    // Yesterday's ledger held against the provider's charges and refunds, differences mailed to the team: api/payments/reconciliation-job.ts.
    const stopReconciliation = startReconciliation({ db, mail, payments, config: live, clock: () => new Date() }, log);
    // Expired and spent tokens removed, once a day across every replica: api/tokens/sweep-job.ts.
    const stopTokenSweep = startTokenSweep({ db, clock: () => new Date() }, log);

    return {
      url,
      demoUrl,
      config: live,
      db,
      mail,
      documents,
      async close() {
        stopping = true;
        // the requests in flight finish first (they may queue mail, request documents, charge a card)
        await Promise.all(drains.map((drain) => drain(shutdownGraceMs)));
        idle.stop();
        stopReminders();
        await stopRenewals();
        await stopBilling();
        await stopSettlement();
        await stopReconciliation();
        await stopTokenSweep();
        await closeOcrProcess();
        // an e-mailed link whose work runs after the answer (magic link, reset) is queued before the queue stops
        await afterAnswerSettled(mail);
        await documents!.stop();
        await mail.stop();
        await closePdfProcess();
        mailer.close();
        if (!givenDb) await db.close();
      },
    };
  } catch (error) {
    ready(error instanceof Error ? error : new Error(String(error)));
    await Promise.all(servers.map(closeServer));
    await documents?.stop();
    await mail.stop();
    mailer.close();
    if (!givenDb) await db.close();
    throw error;
  }
}
