/**
 * A PostgreSQL connection that dies under a request (issue 19): the server terminates the backend serving
 * a quote, a bind or a mail delivery while it is inside its transaction, as a restart or a failover would.
 * The process stays up, the request answers 503 with Retry-After, and the next request works.
 *
 * How a backend is caught mid-transaction: a second connection (`Terminator`) locks a table of the test's
 * schema against writes, the request runs until its first write to that table and waits there, inside its
 * transaction; the terminator finds it by the lock it waits on, terminates it and lifts the lock.
 *
 * PostgreSQL only: PGlite runs inside the process and has no connection to drop. The file names
 * dbTargets() so that test/run-all.ts's api-postgres suite runs it; without DATABASE_URL it is skipped.
 */
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { localToday, type QuotePolicy } from '../../contract/index.ts';
import { DATABASE_RETRY_AFTER_SECONDS, HTTP_MESSAGES } from '../http/errors.ts';
import { createMailQueue, enqueueMail, CLAIM_LEASE_MS } from '../mail/queue.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { Queryable } from './db.ts';
import { bindRequestFor } from '../policies/testing.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { quoteRequestFixture, type QuoteFixtureOptions } from '../quotes/testing.ts';
import { dbTargets, openTestDb, postJson, testApp, uniqueEmail, type TestApp, type TestDb } from '../testing/harness.ts';

const onPostgres = dbTargets().includes('postgres');
/** Noon UTC: the same calendar day in every time zone the tests may run in. */
const NOW = new Date('2026-03-02T12:00:00.000Z');
/** How long the terminator looks for the blocked request before the test fails instead of hanging. */
const BLOCKED_WITHIN_MS = 10_000;

/**
 * A second connection that stops the request under test inside its transaction and kills its backend.
 * Only backends waiting on this connection's lock are candidates, so tests of other files (other schemas)
 * running against the same server are never touched.
 */
interface Terminator {
  /** From now on every write to `table` (in the test's schema) waits; plain reads go on. */
  lock(table: string): Promise<void>;
  /**
   * Waits until exactly one backend running a statement that starts as `statement` does (the write under test)
   * waits on the lock, terminates it, waits for it to exit and lifts the lock. Other backends waiting meanwhile
   * (the request's own work after its answer, the test-mode provider's events) are left to go on.
   */
  terminateBlocked(statement?: RegExp): Promise<void>;
  close(): Promise<void>;
}

async function openTerminator(url: string, schema: string): Promise<Terminator> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const pid = (await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  return {
    async lock(table) {
      await admin.query('BEGIN');
      // EXCLUSIVE: conflicts with INSERT, UPDATE, DELETE and SELECT FOR UPDATE, not with plain SELECT
      await admin.query(`LOCK TABLE ${schema}.${table} IN EXCLUSIVE MODE`);
    },
    async terminateBlocked(statement = /./) {
      try {
        const deadline = Date.now() + BLOCKED_WITHIN_MS;
        let blocked: number[] = [];
        for (;;) {
          // pg_stat_activity is read once per transaction, and this one holds the lock: its snapshot is
          // cleared first, so each look sees what each backend runs now
          await admin.query('SELECT pg_stat_clear_snapshot()');
          const rows = await admin.query<{ pid: number; query: string }>(
            `SELECT DISTINCT l.pid, a.query FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE NOT l.granted AND $1 = ANY(pg_blocking_pids(l.pid))`,
            [pid],
          );
          blocked = rows.rows.filter((row) => statement.test(row.query.trim())).map((row) => row.pid);
          if (blocked.length > 0 || Date.now() > deadline) break;
          // the request has not reached its write yet: look again shortly
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        assert.equal(blocked.length, 1, `one backend waits on the lock (found ${blocked.length})`);
        // With a timeout, pg_terminate_backend returns once the backend has exited: the lock is lifted after
        // that, so the waiting statement can never go through instead.
        const terminated = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1, 5000) AS ok', [blocked[0]]);
        assert.equal(terminated.rows[0]!.ok, true, 'the backend exited');
      } finally {
        // also when the test fails here, so the tests after it are not left waiting on the lock
        await admin.query('ROLLBACK');
      }
    },
    close: () => admin.end(),
  };
}

/** The ids of the PaymentIntents the test-mode provider charged (its own table: what a card statement would show). */
async function chargeIds(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM test_mode_objects WHERE kind = 'payment_intent' AND object->>'status' = 'succeeded' ORDER BY created_at, id`,
  );
  return rows.map((row) => row.id);
}

async function expectUnavailable(res: Response): Promise<void> {
  assert.equal(res.status, 503, await res.clone().text());
  assert.equal(res.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_SECONDS));
  assert.deepEqual(await res.json(), { error_messages: [HTTP_MESSAGES.unavailable] });
}

let keyCounter = 0;
const newKey = () => `dropped-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

describe('a PostgreSQL connection dropped mid-request', { skip: onPostgres ? false : 'PostgreSQL only (DATABASE_URL): PGlite has no connection to drop' }, () => {
  let testDb: TestDb;
  let t: TestApp;
  let terminator: Terminator;
  /** Errors that reached the process: an unhandled 'error' event of a client would land here (and end a server). */
  const escaped: unknown[] = [];
  const recordEscape = (error: unknown) => {
    escaped.push(error);
  };

  before(async () => {
    process.on('uncaughtException', recordEscape);
    testDb = await openTestDb('postgres');
    t = testApp(testDb.db, { clock: () => NOW, payments: createTestModeGateway(testDb.db) });
    const schema = (await testDb.db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;
    terminator = await openTerminator(process.env.DATABASE_URL!, schema);
  });
  after(async () => {
    process.off('uncaughtException', recordEscape);
    await terminator?.close();
    t?.cleanup();
    await testDb?.cleanup();
  });
  afterEach(async () => {
    // the requests' own deliveries run after their answers: finished before the next test locks a table
    await t.mail.settled();
    assert.deepEqual(escaped.splice(0), [], 'nothing escaped to the process');
  });

  const fixture = (options: QuoteFixtureOptions = {}) => quoteRequestFixture({ today: localToday(NOW), email: uniqueEmail('dropped'), ...options });
  const postQuote = (body: unknown) => t.app.request(...postJson('/api/policy/quote', body));
  async function quote(body: unknown): Promise<QuotePolicy> {
    const res = await postQuote(body);
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { policies: QuotePolicy[] }).policies[0]!;
  }
  const count = async (sql: string, params: unknown[]) => (await testDb.db.query<{ n: number }>(sql, params))[0]!.n;

  /** One payment per bound policy, one policy per bound quote, no payment without its policy (api/routes/purchase.test.ts). */
  async function countsHold(): Promise<void> {
    const [counts] = await testDb.db.query<{ payments: number; policies: number; bound_quotes: number; orphans: number }>(
      `SELECT (SELECT count(*)::int FROM payments) AS payments,
              (SELECT count(*)::int FROM policies) AS policies,
              (SELECT count(*)::int FROM quotes WHERE status = 'BOUND') AS bound_quotes,
              (SELECT count(*)::int FROM payments p WHERE NOT EXISTS (SELECT 1 FROM policies x WHERE x.payment_id = p.id)) AS orphans`,
    );
    assert.equal(counts!.payments, counts!.policies, 'charges = bound policies');
    assert.equal(counts!.policies, counts!.bound_quotes, 'one policy per bound quote');
    assert.equal(counts!.orphans, 0, 'no payment without its policy');
  }

  test('a transaction takes its error listener off the client when it ends: many in a row leak none', async () => {
    const warnings: Error[] = [];
    const recordWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning);
    };
    process.on('warning', recordWarning);
    try {
      // one after another, so the pool hands out the same idle client each time (first in this file, before any
      // request leaves work running in the background): a listener left behind per transaction passes Node's
      // limit of 10 on it
      for (let index = 0; index < 25; index += 1) await testDb.db.transaction((tx) => tx.query('SELECT 1'));
      // warnings are emitted on the next tick
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', recordWarning);
    }
    assert.deepEqual(warnings.map((warning) => warning.message), []);
  });

  test('mid-quote: a new quote is 503 with Retry-After and stores nothing; the same quote asked again is stored', async () => {
    const email = uniqueEmail('quote');
    const body = fixture({ state: 'TX', email });
    await terminator.lock('quotes');
    const answering = postQuote(body);
    await terminator.terminateBlocked();
    await expectUnavailable(await answering);
    const stored = `SELECT count(*)::int AS n FROM quotes WHERE email_lower = $1`;
    assert.equal(await count(stored, [email]), 0, 'no quote stored');
    assert.equal(await count(`SELECT count(*)::int AS n FROM mail_queue WHERE message->>'to' = $1`, [email]), 0, 'nor its e-mail, written in the same statement');
    assert.match(t.logs.join('\n'), /ERROR POST \/api\/policy\/quote \[57P01\] DatabaseUnavailableError/);
    assert.doesNotMatch(t.logs.join('\n'), new RegExp(email.replace(/[.]/g, '\\.')), 'the log names no address');

    await quote(body);
    assert.equal(await count(stored, [email]), 1);
  });

  test('mid-quote: a re-price is 503 with Retry-After and rolled back; the same re-price asked again is stored', async () => {
    const email = uniqueEmail('reprice');
    const { policyNumber } = await quote(fixture({ state: 'OR', email, annualMiles: 7000 }));
    const reprice = { ...fixture({ state: 'OR', email, annualMiles: 7100 }), quoteNumber: policyNumber };
    const version = `SELECT version AS n FROM quotes WHERE quote_number = $1`;
    assert.equal(await count(version, [policyNumber]), 1);
    // a re-price first copies the version it replaces to quote_versions, in its transaction
    await terminator.lock('quote_versions');
    const answering = postQuote(reprice);
    await terminator.terminateBlocked();
    await expectUnavailable(await answering);
    assert.equal(await count(version, [policyNumber]), 1, 'the re-price’s transaction was rolled back');

    const repriced = await quote(reprice);
    assert.equal(repriced.policyNumber, policyNumber);
    assert.equal(await count(version, [policyNumber]), 2);
  });

  test('mid-mail-delivery: the pass fails and is logged; the next delivery works, and the lost record is sent again after the lease', async () => {
    let now = NOW;
    const handedOver: MailMessage[] = [];
    let lockOnNextSend = true;
    let signalHandedOver: () => void = () => {};
    const firstHandedOver = new Promise<void>((resolve) => {
      signalHandedOver = resolve;
    });
    // The mail server takes the message; before the queue records that, its table is locked, so the
    // recording UPDATE waits inside its transaction and dies there.
    const mailer: Mailer = {
      kind: 'smtp',
      async send(message) {
        handedOver.push(message);
        if (lockOnNextSend) {
          lockOnNextSend = false;
          await terminator.lock('mail_queue');
          signalHandedOver();
        }
        return { messageId: `<${handedOver.length}@test>` };
      },
      close() {},
    };
    const logs: string[] = [];
    const queue = createMailQueue({ db: testDb.db, mailer, clock: () => now, log: (line) => logs.push(line) });
    await testDb.db.query('DELETE FROM mail_queue');
    const rows = () =>
      testDb.db.query<{ subject: string; attempts: number; sent: boolean }>(
        `SELECT message->>'subject' AS subject, attempts, sent_at IS NOT NULL AS sent FROM mail_queue ORDER BY id`,
      );
    const mail = (to: string, subject: string): MailMessage => ({ to, subject, text: 'Hello', html: '<p>Hello</p>' });

    await enqueueMail(testDb.db, 'quote mail', mail('first@example.com', 'first'), now);
    const delivering = queue.deliverDue();
    await Promise.race([
      firstHandedOver,
      delivering.then(() => assert.fail(`the pass ended before the mail server had the message: ${logs.join('\n')}`)),
    ]);
    await terminator.terminateBlocked();
    await delivering;
    assert.deepEqual(handedOver.map((message) => message.subject), ['first']);
    assert.deepEqual(await rows(), [{ subject: 'first', attempts: 1, sent: false }], 'claimed, but its sending was never recorded');
    const logged = logs.join('\n');
    assert.match(logged, /ERROR mail queue \[57P01\] DatabaseUnavailableError/);
    assert.doesNotMatch(logged, /first@example\.com/);

    await enqueueMail(testDb.db, 'quote mail', mail('second@example.com', 'second'), now);
    await queue.deliverDue();
    assert.deepEqual(handedOver.map((message) => message.subject), ['first', 'second']);
    // delivered mail keeps no content, so the subject of a sent row reads null
    assert.deepEqual(await rows(), [{ subject: 'first', attempts: 1, sent: false }, { subject: null, attempts: 1, sent: true }]);

    // at least once (api/mail/queue.ts): the first message goes again when its lease runs out
    now = new Date(NOW.getTime() + CLAIM_LEASE_MS);
    await queue.deliverDue();
    assert.deepEqual(handedOver.map((message) => message.subject), ['first', 'second', 'first']);
    assert.deepEqual(await rows(), [{ subject: null, attempts: 2, sent: true }, { subject: null, attempts: 1, sent: true }]);
    await queue.stop();
  });

  test('mid-bind: 503 with Retry-After and nothing half-written; the retry under the same key binds, charged once', async () => {
    const email = uniqueEmail('bind');
    const policy = await quote(fixture({ state: 'TX', email }));
    const body = bindRequestFor(policy);
    const key = newKey();
    const bind = () => t.app.request(...postJson('/api/policy/bind', body, { 'Idempotency-Key': key }));
    const ofThisQuote = (sql: string) => count(sql, [policy.policyNumber]);
    const payments = `SELECT count(*)::int AS n FROM payments pay JOIN bind_attempts a ON a.id = pay.bind_attempt_id
                      JOIN quotes q ON q.id = a.quote_id WHERE q.quote_number = $1`;
    const policies = `SELECT count(*)::int AS n FROM policies p JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1`;
    const chargesBefore = (await chargeIds(testDb.db)).length;

    // The policy is written with its payment in one transaction, which dies at the policy's row. Today that
    // comes after the charge (api/policies/bind.ts), so the card was charged and the retry must not charge again.
    await terminator.lock('policies');
    const answering = bind();
    // the bind's own write of the policy, not the test-mode provider's event about its charge, which may be
    // waiting on the same lock by then
    await terminator.terminateBlocked(/^WITH policy AS \(\s*INSERT INTO policies/);
    await expectUnavailable(await answering);
    assert.ok((await chargeIds(testDb.db)).length - chargesBefore <= 1, 'charged at most once');
    assert.equal(await ofThisQuote(payments), 0, 'the payment row went with the policy’s transaction');
    assert.equal(await ofThisQuote(policies), 0);
    await countsHold();
    assert.match(t.logs.join('\n'), /ERROR POST \/api\/policy\/bind \[57P01\] DatabaseUnavailableError/);
    assert.doesNotMatch(t.logs.join('\n'), new RegExp(email.replace(/[.]/g, '\\.')), 'the log names no address');

    const retried = await bind();
    assert.equal(retried.status, 200, await retried.clone().text());
    assert.equal(retried.headers.get('idempotent-replayed'), null, 'the key was released, so the retry ran');
    const charges = (await chargeIds(testDb.db)).slice(chargesBefore);
    assert.equal(new Set(charges).size, 1, `one charge at the provider (ids ${charges.join(', ')})`);
    const recorded = await testDb.db.query<{ charge: string }>(
      `SELECT pay.gateway_charge_id AS charge FROM payments pay JOIN policies p ON p.payment_id = pay.id
       JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1`,
      [policy.policyNumber],
    );
    assert.deepEqual(recorded.map((row) => row.charge), [charges[0]], 'the one payment is that charge');
    assert.equal(await ofThisQuote(policies), 1);
    await countsHold();

    const replay = await bind();
    assert.equal(replay.headers.get('idempotent-replayed'), 'true', 'the bound answer is now stored under the key');
  });
});
