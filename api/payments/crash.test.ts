/**
 * Issue 19's "a kill -9 mid-charge": the real server (`node api/main.ts`, the process `npm run serve` starts) is
 * killed with SIGKILL while a charge is under way at the provider, then started again on the same DATA_DIR,
 * and the buyer retries every way they can. The provider is the Stripe stand-in (./stripe-stand-in.ts), in
 * this process, reached by the server's real stripe-node gateway through STRIPE_API_URL.
 *
 *   1. Charged, not answered: the stand-in charges the card and never answers; the server dies waiting. After
 *      the restart the first key is still held by the dead process (409, in progress, until its lock ends); a
 *      reload under a new key settles the attempt by retrieving its PaymentIntent, writes the policy and the
 *      purchase mail, and is told the quote is bought, as is another card; the counts hold exactly: 1 charge,
 *      1 policy, 1 payment, 1 down-payment entry, 0 refunds.
 *   2. Not charged, not answered: the PaymentIntent exists and its confirmation reached the stand-in, which
 *      never carries it out nor answers; the server dies waiting. After the restart every bind is told the
 *      payment is in progress (the attempt is younger than a request can run, its confirmation could still be
 *      on its way) and nothing is cancelled or charged. The two minutes after which the attempt may be written
 *      off cannot pass inside the child (its clock is the machine's), so that part runs at the use case's
 *      level with a clock the test moves, on the same PGlite files reopened here after the server stopped and
 *      against the same stand-in: the settlement job cancels the PaymentIntent, the buyer pays once, and is
 *      charged once.
 *
 * The counts are read from the DATA_DIR's database once the server has stopped (PGlite is one process at a
 * time). No build is needed: the server only warns that the site's folders are missing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MESSAGES, billingSummary, type BindResponse, type QuotePolicy } from '../../contract/index.ts';
import { openDb, type Db } from '../db/db.ts';
import { IDEMPOTENCY_LOCK_MS } from '../http/idempotency.ts';
import { ATTEMPT_IN_PROGRESS_MS, WAIT_FOR_OTHER_ATTEMPT_MS } from '../policies/bind.ts';
import { PURCHASE_MAIL_KIND } from '../policies/purchase-mail.ts';
import { bindRequestFor } from '../policies/testing.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { openMigratedPgliteDir, postJson, tempDir, testApp, uniqueEmail } from '../testing/harness.ts';
import { REFUND_MAIL_KIND } from './refund-mail.ts';
import { runSettlement } from './settlement-job.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createStripeGateway } from './stripe.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const STRIPE_SK = 'sk_test_crashStandIn';
const STRIPE_PK = 'pk_test_crashStandIn';
/** Guards against a hang only; the waits inside end on conditions. Starting the server is slow on a loaded machine. */
const TEST_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 120_000;

type Answer = BindResponse & { error_messages?: string[] };

let keyCounter = 0;
/** A fresh Idempotency-Key: what a reload of the page sends. */
const newKey = () => `crash-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

/** Polls `condition` until it holds; fails with `what` (and the servers' output) past the deadline. */
async function until(condition: () => boolean, what: string, timeoutMs = 60_000, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${detail()}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

interface ServerProcess {
  child: ChildProcess;
  /** The address to call (127.0.0.1) and the public origin a browser's Origin header names (localhost). */
  url: string;
  origin: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every server process a test started, so `after` kills what a failed test left running. */
const children = new Set<ChildProcess>();

/**
 * `node api/main.ts` with the serve script's flags, on `dataDir`, paying through the stand-in; resolves with its
 * URL once it logs 'site and api: <url> (public origin <origin>)', which it does after the migrations ran.
 * Its environment is only what it needs, so nothing from the test's (DATABASE_URL, SMTP_URL...) leaks in.
 */
async function startServerProcess(dataDir: string, standIn: StripeStandIn): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_PORT: '0',
    DATA_DIR: dataDir,
    SITE_DIR: join(dataDir, 'no-site'),
    EMBED_DIR: join(dataDir, 'no-embed'),
    DEMO_DIR: join(dataDir, 'no-demo'),
    STRIPE_SECRET_KEY: STRIPE_SK,
    STRIPE_PUBLISHABLE_KEY: STRIPE_PK,
    STRIPE_API_URL: standIn.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_crashTestEndpoint123',
  };
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--expose-gc', 'api/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      done({ code, signal });
    }),
  );
  child.once('error', (error) => (output += `\n${String(error)}`));
  const started = () => /site and api: (http:\/\/\S+) \(public origin (http:\/\/[^)\s]+)\)/.exec(output);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  await until(() => started() !== null || gone(), 'the server logs its URL', START_TIMEOUT_MS, () => output);
  const match = started();
  if (!match) throw new Error(`the server exited before starting:\n${output}`);
  return { child, url: match[1]!, origin: match[2]!, output: () => output, exited };
}

/** kill -9, and the exit seen. */
async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  const { signal } = await server.exited;
  assert.equal(signal, 'SIGKILL');
}

/** The server's own shutdown (SIGTERM), so the database files are closed before this process opens them. */
async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
  await server.exited;
  clearTimeout(timer);
}

async function post(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

async function quoteOn(server: ServerProcess): Promise<QuotePolicy> {
  const res = await post(server, '/api/policy/quote', quoteRequestFixture({ email: uniqueEmail('crash') }));
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body as unknown as { policies: QuotePolicy[] }).policies[0]!;
}

const bindOn = (server: ServerProcess, quote: QuotePolicy, token: string, key = newKey()) =>
  post(server, '/api/policy/bind', bindRequestFor(quote, { token, publishableKey: STRIPE_PK }), { 'Idempotency-Key': key });

/** Everything the money is written in, for the one quote of a DATA_DIR. */
async function countsOf(db: Db) {
  const rows = await db.query<{
    policies: number; payments: number; down_payments: number; refund_entries: number; refunds: number; bound_quotes: number;
    purchase_mails: number; refund_mails: number; unlinked_down_payments: number;
  }>(
    `SELECT (SELECT count(*)::int FROM policies) AS policies,
            (SELECT count(*)::int FROM payments) AS payments,
            (SELECT count(*)::int FROM ledger_entries WHERE kind = 'down-payment') AS down_payments,
            (SELECT count(*)::int FROM ledger_entries WHERE kind = 'down-payment' AND policy_id IS NULL) AS unlinked_down_payments,
            (SELECT count(*)::int FROM ledger_entries WHERE kind = 'refund') AS refund_entries,
            (SELECT count(*)::int FROM refunds) AS refunds,
            (SELECT count(*)::int FROM quotes WHERE status = 'BOUND') AS bound_quotes,
            (SELECT count(*)::int FROM mail_queue WHERE kind = $1) AS purchase_mails,
            (SELECT count(*)::int FROM mail_queue WHERE kind = $2) AS refund_mails`,
    [PURCHASE_MAIL_KIND, REFUND_MAIL_KIND],
  );
  const attempts = await db.query<{ status: string; intent_id: string | null }>('SELECT status, intent_id FROM bind_attempts ORDER BY id');
  return { ...rows[0]!, attempts };
}

/** One charge, written once: the policy, its payment, its ledger entry and its mail, and nothing given back. */
function assertPaidOnce(counts: Awaited<ReturnType<typeof countsOf>>, standIn: StripeStandIn) {
  assert.equal(standIn.charges.length, 1, 'one charge at the provider');
  assert.equal(standIn.refunds.length, 0, 'no refund at the provider');
  assert.deepEqual(
    {
      policies: counts.policies, payments: counts.payments, down_payments: counts.down_payments, unlinked_down_payments: counts.unlinked_down_payments,
      refund_entries: counts.refund_entries, refunds: counts.refunds, bound_quotes: counts.bound_quotes, purchase_mails: counts.purchase_mails,
      refund_mails: counts.refund_mails,
    },
    {
      policies: 1, payments: 1, down_payments: 1, unlinked_down_payments: 0, refund_entries: 0, refunds: 0, bound_quotes: 1, purchase_mails: 1,
      refund_mails: 0,
    },
  );
}

const confirmations = (standIn: StripeStandIn) => standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/confirm'));
const intentsCreated = (standIn: StripeStandIn) => standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
const cancels = (standIn: StripeStandIn) => standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));

// The two tests share nothing but the template (each has its own DATA_DIR, stand-in and ports), so they run at
// once: the second spends 15 s waiting on the server (WAIT_FOR_OTHER_ATTEMPT_MS) while the first works.
describe('the real server killed with SIGKILL in the middle of a charge, and started again on its DATA_DIR', { concurrency: true }, () => {
  /** A migrated PGlite directory (from the tests' image: initdb is the slowest part of a first start), copied for each test. */
  let template: { path: string; remove(): void };
  const cleanups: (() => Promise<void> | void)[] = [];

  before(async () => {
    template = tempDir('ppm-crash-template-');
    const db = await openMigratedPgliteDir(join(template.path, 'pg'));
    await db.close();
  });

  after(async () => {
    // whatever a failed test left: its servers first (they hold the stand-in's connections and the files)
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      ),
    );
    for (const cleanup of cleanups.reverse()) await cleanup();
    template?.remove();
  });

  /** A fresh DATA_DIR (a copy of the migrated template) and a stand-in, both released in `after`. */
  async function ground() {
    const dir = tempDir('ppm-crash-');
    cpSync(template.path, dir.path, { recursive: true });
    cleanups.push(() => dir.remove());
    const standIn = await startStripeStandIn();
    cleanups.push(() => standIn.close());
    return { dataDir: dir.path, standIn };
  }

  test('charged but not answered: after the restart the charge becomes the policy and every retry is told it is bought; 1 charge, 1 policy, 1 payment, 1 ledger entry, 0 refunds', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { dataDir, standIn } = await ground();
    const first = await startServerProcess(dataDir, standIn);
    const quote = await quoteOn(first);
    const body = bindRequestFor(quote, { token: 'tok_visa', publishableKey: STRIPE_PK });
    const firstKey = newKey();

    standIn.script.push('hang-after-charge');
    // the buyer's click: not awaited, its answer never comes
    const lost = post(first, '/api/policy/bind', body, { 'Idempotency-Key': firstKey }).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    await until(() => standIn.charges.length === 1, 'the stand-in has charged the card', 60_000, first.output);
    const claimedBefore = Date.now();
    await killHard(first);
    const seen = await lost;
    assert.ok('error' in seen, `the buyer got no answer, got ${JSON.stringify(seen)}`);
    assert.equal(confirmations(standIn).length, 1);

    const second = await startServerProcess(dataDir, standIn);
    assert.ok(Date.now() - claimedBefore < IDEMPOTENCY_LOCK_MS - 10_000, 'the restart took so long that the first key expired: the machine is too slow for this test');
    // the same request under its first key: the dead process's claim on the key holds until it expires
    const sameKey = await post(second, '/api/policy/bind', body, { 'Idempotency-Key': firstKey });
    assert.deepEqual([sameKey.status, sameKey.body.error_messages], [409, [MESSAGES.paymentInProgress]]);
    assert.ok(sameKey.headers.get('retry-after'), 'told when to try again');

    // (a) a reload (a new submission under a new key): the open attempt is settled with the provider first, its
    // charge becomes the policy, and this request is told the truth: the quote is bought, the papers are mailed
    const reload = await post(second, '/api/policy/bind', body, { 'Idempotency-Key': newKey() });
    assert.deepEqual([reload.status, reload.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
    assert.equal(JSON.stringify(reload.body).includes(quote.policyOwners[0]!.lastName), false, 'nothing personal');

    // (b) another card: the quote is bought, nothing is charged, nothing personal is said
    const otherCard = await bindOn(second, quote, 'tok_mastercard');
    assert.deepEqual([otherCard.status, otherCard.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
    assert.equal(JSON.stringify(otherCard.body).includes(quote.policyOwners[0]!.lastName), false);
    // (c) the same card once more under yet another key: bought, not charged again
    const sameCardAgain = await bindOn(second, quote, 'tok_visa');
    assert.deepEqual([sameCardAgain.status, sameCardAgain.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);

    assert.equal(confirmations(standIn).length, 1, 'the provider was asked to confirm once');
    assert.equal(intentsCreated(standIn).length, 1, 'one PaymentIntent');
    await stopServer(second);

    const db = await openDb({ dataDir: join(dataDir, 'pg') });
    try {
      const counts = await countsOf(db);
      assertPaidOnce(counts, standIn);
      assert.deepEqual(counts.attempts, [{ status: 'bound', intent_id: standIn.charges[0]!.id }]);
      const written = await db.query<{ policy_number: string; gateway_charge_id: string; amount_cents: number }>(
        'SELECT po.policy_number, p.gateway_charge_id, p.amount_cents FROM policies po JOIN payments p ON p.id = po.payment_id',
      );
      assert.equal(written.length, 1);
      assert.deepEqual({ ...written[0], policy_number: undefined }, { policy_number: undefined, gateway_charge_id: standIn.charges[0]!.id, amount_cents: standIn.charges[0]!.amount });
    } finally {
      await db.close();
    }
  });

  test('confirmation sent but never carried out: after the restart binds are told it is in progress and nothing is cancelled; once the attempt is stale the job cancels it and the buyer pays once, charged once', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { dataDir, standIn } = await ground();
    const first = await startServerProcess(dataDir, standIn);
    const quote = await quoteOn(first);

    standIn.script.push('hang-before-charge');
    const lost = bindOn(first, quote, 'tok_visa').then((answer) => ({ answer }), (error: unknown) => ({ error }));
    await until(() => confirmations(standIn).length === 1, 'the confirmation has reached the stand-in', 60_000, first.output);
    const sentAt = Date.now();
    await killHard(first);
    assert.ok('error' in (await lost), 'the buyer got no answer');
    assert.equal(standIn.charges.length, 0);
    const intentId = intentsCreated(standIn).length === 1 ? [...standIn.intents.keys()][0]! : assert.fail('one PaymentIntent');
    assert.equal(standIn.intents.get(intentId)!.status, 'requires_payment_method', 'unconfirmed at the provider');

    const second = await startServerProcess(dataDir, standIn);
    assert.ok(
      Date.now() - sentAt < ATTEMPT_IN_PROGRESS_MS - WAIT_FOR_OTHER_ATTEMPT_MS - 15_000,
      'the restart took so long that the attempt would be stale before the binds end: the machine is too slow for this test',
    );
    // A reload with the same card and a try with another, at once: each waits for the open attempt (its
    // confirmation may still be on its way to the provider), then is told the payment is in progress.
    const [sameCard, otherCard] = await Promise.all([bindOn(second, quote, 'tok_visa'), bindOn(second, quote, 'tok_mastercard')]);
    assert.deepEqual([sameCard.status, sameCard.body.error_messages], [409, [MESSAGES.paymentInProgress]]);
    assert.deepEqual([otherCard.status, otherCard.body.error_messages], [409, [MESSAGES.paymentInProgress]]);
    assert.equal(standIn.charges.length, 0, 'nothing charged');
    assert.equal(cancels(standIn).length, 0, 'a young attempt is not written off underneath its request (nor by the job at start)');
    assert.equal(intentsCreated(standIn).length, 1, 'no second PaymentIntent while the first is open');
    assert.equal(confirmations(standIn).length, 1);
    await stopServer(second);

    // The same files and the same provider, in this process, with a clock the test moves.
    const db = await openDb({ dataDir: join(dataDir, 'pg') });
    cleanups.push(() => db.close().catch(() => undefined));
    const gateway = createStripeGateway({ secretKey: STRIPE_SK, publishableKey: STRIPE_PK, apiUrl: standIn.url, timeoutMs: 10_000, maxNetworkRetries: 0 });
    let shiftMs = 0;
    const clock = () => new Date(Date.now() + shiftMs);
    const app = testApp(db, { clock, payments: gateway });
    cleanups.push(() => app.cleanup());
    const deps = { db, payments: gateway, clock, mail: app.mail, config: app.config, documents: app.documents };

    // the job now, as the restarted server ran it at its start: the attempt is younger than a request can run
    assert.ok(Date.now() - sentAt < ATTEMPT_IN_PROGRESS_MS - 5_000, 'the machine is too slow for this test: the attempt is already stale');
    const young = await runSettlement(deps, 'crash-test');
    assert.deepEqual(young, { bound: 0, 'needs-authentication': 0, declined: 0, 'not-charged': 0, refunded: 0, unknown: 0 }, 'still young: left alone');
    assert.equal(cancels(standIn).length, 0);

    shiftMs = ATTEMPT_IN_PROGRESS_MS + 1_000;
    const stale = await runSettlement(deps, 'crash-test');
    assert.deepEqual(stale, { bound: 0, 'needs-authentication': 0, declined: 0, 'not-charged': 1, refunded: 0, unknown: 0 });
    assert.equal(standIn.intents.get(intentId)!.status, 'canceled');
    // the lost confirmation arriving after all (the same request, under its own key) can no longer charge it
    const late = await gateway.confirmIntent({
      intentId, idempotencyKey: confirmations(standIn)[0]!.idempotencyKey!, paymentToken: 'tok_visa', returnUrl: `${app.config.publicOrigin}/receive-a-quote`,
    });
    assert.deepEqual([late.ok, !late.ok && late.type], [false, 'invalid_request_error']);
    assert.equal(standIn.charges.length, 0);

    // the quote is payable: the buyer pays with the same card, once
    const paid = await app.app.request(...postJson('/api/policy/bind', bindRequestFor(quote, { token: 'tok_visa', publishableKey: STRIPE_PK }), { 'Idempotency-Key': newKey() }));
    const paidBody = (await paid.json()) as Answer;
    assert.equal(paid.status, 200, JSON.stringify(paidBody));
    assert.equal(paidBody.amountChargedCents, billingSummary(quote, 'monthly').dueTodayCents);
    const again = await app.app.request(...postJson('/api/policy/bind', bindRequestFor(quote, { token: 'tok_mastercard', publishableKey: STRIPE_PK }), { 'Idempotency-Key': newKey() }));
    assert.deepEqual([again.status, ((await again.json()) as Answer).error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
    await app.mail.settled();

    const counts = await countsOf(db);
    assertPaidOnce(counts, standIn);
    assert.notEqual(standIn.charges[0]!.id, intentId, 'the charge is the second PaymentIntent');
    assert.deepEqual(counts.attempts, [
      { status: 'failed', intent_id: intentId },
      { status: 'bound', intent_id: standIn.charges[0]!.id },
    ]);
  });
});
