/**
 * Issue 25, item 5: two servers (two `node api/main.ts` processes) on one PostgreSQL behind a round-robin proxy
 * of this file's own, which sends each request to the other server than the last. Through it a shopper buys,
 * replays the purchase's idempotency key, signs in and out, and runs into a rate limit; then both servers are
 * started again at once with their clocks five months on, and both run the daily jobs at the same moment.
 * Every session, limit and key holds across the two, and nothing is mailed, charged, billed or renewed twice.
 *
 * Needs a PostgreSQL server (DATABASE_URL, or 127.0.0.1:5432 as CI has): without one it is skipped and says so.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { billingSummary, type BindResponse, type QuotePolicy } from '../../contract/index.ts';
import { makeAccount, GOOD_PASSWORD } from '../../api/auth/testing.ts';
import { SESSION_COOKIE_HEADER_NAME } from '../../api/auth/session-guard.ts';
import { openDb, type Db } from '../../api/db/db.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { OUTBOX_FILE } from '../../api/mail/mailer.ts';
import { insertReading } from '../../api/odometer/readings.ts';
import { bindRequestFor } from '../../api/policies/testing.ts';
import { quoteRequestFixture } from '../../api/quotes/testing.ts';
import { freshPostgresDatabase, tempDir } from '../../api/testing/harness.ts';
import { startServerProcess, type ServerProcess } from '../../api/testing/server-process.ts';
import { outboxDirOf } from '../../api/config.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHIFTED_CLOCK = join(import.meta.dirname, 'shifted-clock.ts');

/** Whether a PostgreSQL server takes connections at DATABASE_URL's host and port. */
function postgresAnswers(): Promise<boolean> {
  const url = new URL(DATABASE_URL);
  return new Promise((resolvePromise) => {
    const socket = connect(Number(url.port || 5432), url.hostname);
    const done = (up: boolean) => {
      socket.destroy();
      resolvePromise(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(2000, () => done(false));
  });
}

/**
 * A load balancer of our own: each request goes to the next server in turn (not each connection, so one
 * shopper's calls really alternate), with X-Forwarded-For extended by the address it came from, as a proxy
 * does. `answeredBy` records which server took each request.
 */
async function roundRobinProxy() {
  const targets: URL[] = [];
  const answeredBy: number[] = [];
  let next = 0;
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next % targets.length;
    next += 1;
    answeredBy.push(index);
    const target = targets[index]!;
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    answeredBy,
    route: (urls: string[]) => targets.splice(0, targets.length, ...urls.map((url) => new URL(url))),
    /** The servers that took the requests sent since `mark` (a length of answeredBy). */
    since: (mark: number) => new Set(answeredBy.slice(mark)),
    close: () => new Promise<void>((resolvePromise) => server.close(() => resolvePromise())),
  };
}

const postgres = await postgresAnswers();

describe('two servers on one PostgreSQL behind a round-robin proxy', { skip: postgres ? false : `no PostgreSQL answers at ${new URL(DATABASE_URL).host} (set DATABASE_URL)` }, () => {
  const dataDir = tempDir('ppm-e2e-fleet-');
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let db: Db;
  let servers: ServerProcess[] = [];
  const outboxDir = outboxDirOf(dataDir.path);

  /** Both servers, started at the same moment, on the same database and data directory, behind the proxy. */
  async function startBoth(env: Record<string, string> = {}, imports: string[] = []): Promise<void> {
    servers = [0, 1].map(() =>
      startServerProcess({
        env: { DATABASE_URL: database.url, WORKERS: '1', TRUST_PROXY: '1', DATA_DIR: dataDir.path, PUBLIC_ORIGIN: proxy.origin, ...env },
        imports,
      }),
    );
    const urls = await Promise.all(servers.map(async (server) => (await server.waitFor(/site and api: (http:\/\/\S+)/))[1]!));
    proxy.route(urls);
  }

  async function stopBoth(): Promise<void> {
    const codes = await Promise.all(servers.map((server) => server.stop()));
    assert.deepEqual(codes, [0, 0], 'both servers stop cleanly');
  }

  const headers = (extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', origin: proxy.origin, ...extra });
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${proxy.origin}${path}`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });

  async function quote(email: string): Promise<QuotePolicy> {
    const answer = await post('/api/policy/quote', quoteRequestFixture({ state: 'TX', email }));
    assert.equal(answer.status, 200, await answer.clone().text());
    return ((await answer.json()) as { policies: QuotePolicy[] }).policies[0]!;
  }

  /** Every e-mail in the shared outbox, parsed. */
  function outbox() {
    return readdirSync(outboxDir)
      .filter((name) => OUTBOX_FILE.test(name))
      .sort() // by the time in the name
      .map((name) => parseEml(readFileSync(join(outboxDir, name), 'utf8')));
  }

  /** Resolves once `sql` counts nothing left to do (the queues are rows that either server works off). */
  async function drained(sql: string): Promise<void> {
    for (;;) {
      const [row] = await db.query<{ waiting: number }>(sql);
      if (row!.waiting === 0) return;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
    }
  }
  const mailSettled = () => drained(`SELECT count(*)::int AS waiting FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`);
  const documentsSettled = () => drained(`SELECT count(*)::int AS waiting FROM document_jobs`);

  before(async () => {
    database = await freshPostgresDatabase('ppm_e2e_fleet', DATABASE_URL);
    proxy = await roundRobinProxy();
    await startBoth();
    db = await openDb({ databaseUrl: database.url });
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await db?.close();
    await database?.drop();
    dataDir.remove();
  });

  let bought: { policyNumber: string; email: string; documentsToken: string };

  test('a purchase and its idempotency key hold across the servers: the same answer from either, one policy, one charge', async () => {
    const email = 'fleet.buyer@example.com';
    const quoted = await quote(email);
    const key = `fleet-${quoted.policyNumber}`;
    const mark = proxy.answeredBy.length;
    // the same key to both servers at the same moment, then once more
    // with the consent to electronic delivery, so that the bills' receipts come by e-mail (the last test counts them)
    const bind = bindRequestFor(quoted, { electronicDelivery: true });
    const racing = await Promise.all([0, 1].map(() => post('/api/policy/bind', bind, { 'Idempotency-Key': key })));
    const statuses = racing.map((answer) => answer.status).sort();
    assert.ok(statuses[0] === 200 && [200, 409].includes(statuses[1]!), `one purchase and a replay or an "in progress": ${statuses}`);
    const replay = await post('/api/policy/bind', bind, { 'Idempotency-Key': key });
    assert.equal(replay.status, 200);
    const first = (await racing.find((answer) => answer.status === 200)!.json()) as BindResponse;
    const again = (await replay.json()) as BindResponse;
    assert.deepEqual(again, first, 'the replay is the first answer, word for word');
    assert.deepEqual(proxy.since(mark), new Set([0, 1]), 'both servers took part');

    const policies = await db.query<{ id: number }>(`SELECT id FROM policies WHERE policy_number = $1`, [first.policies[0]!.policyNumber]);
    assert.equal(policies.length, 1);
    const charges = await db.query<{ amount: number }>(`SELECT (object->>'amount')::int AS amount FROM test_mode_objects WHERE kind = 'payment_intent' AND object->>'status' = 'succeeded'`);
    assert.deepEqual(charges.map((charge) => charge.amount), [billingSummary(quoted, 'monthly').dueTodayCents], 'the card charged once, the amount shown');
    const payments = await db.query(`SELECT 1 FROM payments`);
    assert.equal(payments.length, 1);

    await mailSettled();
    const purchaseMails = outbox().filter((mail) => mail.headers.get('to') === email && mail.parts.some((part) => part.body.includes('/account/documents/')));
    assert.equal(purchaseMails.length, 1, 'one purchase e-mail');
    const body = purchaseMails[0]!.parts.map((part) => part.body).join('\n');
    bought = { policyNumber: first.policies[0]!.policyNumber, email, documentsToken: /\/account\/documents\/([0-9a-f]{64})/.exec(body)![1]! };
  });

  test('a session made on one server is good on both, and ended on one it is ended on both', async () => {
    const email = 'fleet.member@example.com';
    await makeAccount(db, email, new Date());
    const signedIn = await post('/api/user/login_with_password', { accountIdentifier: email, password: GOOD_PASSWORD });
    assert.equal(signedIn.status, 200, await signedIn.clone().text());
    const cookie = signedIn.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE_HEADER_NAME}=`))!.split(';')[0]!;
    const mark = proxy.answeredBy.length;
    for (let call = 0; call < 4; call += 1) {
      const session = await fetch(`${proxy.origin}/api/user/retrieve_session`, { headers: headers({ cookie }) });
      assert.equal(session.status, 200, 'signed in, whichever server answers');
    }
    assert.deepEqual(proxy.since(mark), new Set([0, 1]));
    assert.equal((await post('/api/user/clear_session', {}, { cookie })).status, 200);
    for (let call = 0; call < 2; call += 1) {
      assert.equal((await fetch(`${proxy.origin}/api/user/retrieve_session`, { headers: headers({ cookie }) })).status, 401, 'signed out on both');
    }
  });

  test('a rate limit counts the calls that reached either server', async () => {
    const mark = proxy.answeredBy.length;
    const statuses: number[] = [];
    for (let call = 0; call < 11; call += 1) {
      const answer = await post('/api/contact/subscribe', { userFirstName: 'Ada', userLastName: 'Lovelace', userEmailAddress: `fleet.club.${call}@example.com`, userState: 'TX' });
      statuses.push(answer.status);
      if (answer.status === 429) assert.ok(Number(answer.headers.get('retry-after')) > 0, 'Retry-After says when');
    }
    assert.deepEqual(statuses, [...Array(10).fill(201), 429], 'ten, then the eleventh refused (10 per client per 15 minutes)');
    assert.deepEqual(proxy.since(mark), new Set([0, 1]));
  });

  test('the daily jobs run on both servers at once: every bill made and charged once, the renewal offered and mailed once', async () => {
    assert.ok(bought, 'the purchase test ran');
    // the policy issued: signed, and a verified reading of its vehicle
    const [policy] = await db.query<{ id: number; expiration: string }>(
      `SELECT id, to_char(expiration_date, 'YYYY-MM-DD') AS expiration FROM policies WHERE policy_number = $1`,
      [bought.policyNumber],
    );
    await insertReading(db, {
      policyId: policy!.id, carNumber: 1, typedReading: 1200, ocrFirst: null, ocrSecond: null, status: 'verified',
      reasons: [], message: null, photoBlobKey: 'test/none.png', photoContentType: 'image/png', capturedAt: null,
    }, new Date());
    await documentsSettled();
    const signed = await post('/api/esign', { token: bought.documentsToken, consent: true, fullName: 'Ann Driver' });
    assert.equal(signed.status, 200, await signed.clone().text());
    await mailSettled();
    const before = outbox().length;
    const textsBefore = readdirSync(outboxDir).filter((name) => name.endsWith('.sms.txt')).sort().at(-1) ?? '';

    // both servers again, their clocks 29 days short of the term's end: five periods to bill, the renewal due
    await stopBoth();
    const days = Math.round((Date.parse(`${policy!.expiration}T12:00:00Z`) - Date.now()) / 86_400_000) - 29;
    const shiftedStart = new Date(Date.now() + days * 86_400_000 - 60_000);
    await startBoth({ TEST_CLOCK_SHIFT_DAYS: String(days) }, [SHIFTED_CLOCK]);
    const shiftedDay = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (;;) {
      const done = await db.query(`SELECT 1 FROM job_leases WHERE name IN ('billing', 'renewals') AND to_char(last_day, 'YYYY-MM-DD') = $1`, [shiftedDay]);
      if (done.length === 2) break;
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
    }
    await mailSettled();
    assert.ok(servers.every((server) => /database: postgres/.test(server.output)), 'both servers were up for the jobs');

    const renewals = await db.query(`SELECT 1 FROM renewals WHERE policy_id = $1`, [policy!.id]);
    assert.equal(renewals.length, 1, 'renewed once');
    const bills = await db.query<{ period_id: string | null; kind: string }>(`SELECT period_id::text, kind FROM bills WHERE policy_id = $1`, [policy!.id]);
    const periodBills = bills.filter((bill) => bill.kind === 'period');
    assert.ok(periodBills.length >= 4, `the periods that ended were billed (${periodBills.length})`);
    assert.equal(new Set(periodBills.map((bill) => bill.period_id)).size, periodBills.length, 'one bill a period');
    const charged = await db.query<{ status: string }>(`SELECT c.status FROM bill_charges c JOIN bills b ON b.id = c.bill_id WHERE b.policy_id = $1`, [policy!.id]);
    assert.ok(charged.length >= 1 && charged.every((charge) => charge.status === 'succeeded'), `each charge went through once: ${charged.map((charge) => charge.status)}`);
    const intents = await db.query(`SELECT 1 FROM test_mode_objects WHERE kind = 'payment_intent' AND object->>'status' = 'succeeded'`);
    assert.equal(intents.length, 1 + charged.length, "the provider charged the card once for the purchase and once for each bill, and no more");

    const mails = outbox().slice(before);
    // each queued message written once, by one server: as many new files as queued rows, each claimed once
    // (identical texts are no proof of a double: the catch-up's three bills of one day have identical receipts)
    const queued = await db.query<{ channel: string; attempts: number; sent: boolean }>(`SELECT channel, attempts, sent_at IS NOT NULL AS sent FROM mail_queue WHERE created_at > $1`, [shiftedStart]);
    assert.ok(queued.every((row) => row.sent && row.attempts === 1), 'every message sent, each at its first claim');
    assert.equal(mails.length, queued.filter((row) => row.channel === 'mail').length, 'one e-mail file for each queued e-mail');
    const texts = readdirSync(outboxDir).filter((name) => name.endsWith('.sms.txt') && name > textsBefore);
    assert.equal(texts.length, queued.filter((row) => row.channel === 'text').length, 'one text file for each queued text');
    const renewalMails = mails.filter((mail) => /Renew your .* policy/.test(mail.headers.get('subject') ?? '') || mail.parts.some((part) => part.body.includes('/rollover#')));
    assert.equal(renewalMails.length, 1, 'one renewal e-mail');
    const receipts = mails.filter((mail) => mail.headers.get('subject')?.startsWith(`Payment received for policy ${bought.policyNumber}`));
    assert.equal(receipts.length, charged.length, 'a receipt for each bill charged, once');
  });
});
