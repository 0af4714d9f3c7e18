import { describe, test } from 'node:test';
import type { Db } from '../db/db.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALREADY_SUBSCRIBED, BRAND } from '../../contract/index.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { parseEml } from '../mail/eml.ts';
import { SUBSCRIBED } from './contact.ts';
import { dbTargets, openTestDb, postJson, suiteApp, testApp, uniqueEmail, outboxFiles } from '../testing/harness.ts';

const signUp = (email: string, state = 'CA') => ({
  userFirstName: '  Zoë ',
  userLastName: 'Müller-Lüdenscheidt',
  userEmailAddress: email,
  userState: state,
});


/** Each test sends from its own address, so the sign-up limit of one test never touches another. */
let client = 0;
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++client}` });

for (const target of dbTargets()) {
  describe(`POST /api/contact/subscribe on ${target}`, () => {
    let now = new Date('2026-03-02T10:00:00.000Z');
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const subscribers = (email: string, db: Db = testDb.db) =>
      db.query<{ email: string; first_name: string; last_name: string; state: string; created_at: Date }>(
        'SELECT email, first_name, last_name, state, created_at FROM subscribers WHERE lower(email) = lower($1)',
        [email],
      );

    test('stores the subscriber, trimmed, and answers 201 { msg }', async () => {
      const email = uniqueEmail();
      const res = await t.app.request(...postJson('/api/contact/subscribe', signUp(email), from()));
      assert.equal(res.status, 201);
      assert.deepEqual(await res.json(), { msg: SUBSCRIBED });
      const rows = await subscribers(email);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.email, email);
      assert.equal(rows[0]!.first_name, 'Zoë');
      assert.equal(rows[0]!.last_name, 'Müller-Lüdenscheidt');
      assert.equal(rows[0]!.state, 'CA');
      assert.equal(rows[0]!.created_at.toISOString(), now.toISOString());
    });

    test('a second sign-up of the same address, in any letter case, is a 409 that says already subscribed', async () => {
      const email = uniqueEmail('Case');
      assert.equal((await t.app.request(...postJson('/api/contact/subscribe', signUp(email), from()))).status, 201);
      for (const again of [email, email.toUpperCase(), ` ${email.toLowerCase()} `]) {
        const res = await t.app.request(...postJson('/api/contact/subscribe', signUp(again, 'TX'), from()));
        assert.equal(res.status, 409);
        const body = (await res.json()) as { error_messages: string[] };
        assert.deepEqual(body.error_messages, [ALREADY_SUBSCRIBED]);
        assert.match(body.error_messages[0]!, /already subscribed/);
      }
      const rows = await subscribers(email);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.state, 'CA', 'the first sign-up stays as it was');
    });

    test('two sign-ups of one address at the same moment store one row: one 201, one 409', async () => {
      const email = uniqueEmail('race');
      const statuses = await Promise.all([
        t.app.request(...postJson('/api/contact/subscribe', signUp(email), from())),
        t.app.request(...postJson('/api/contact/subscribe', signUp(email.toUpperCase()), from())),
      ]).then((answers) => answers.map((res) => res.status).sort());
      assert.deepEqual(statuses, [201, 409]);
      assert.equal((await subscribers(email)).length, 1);
    });

    test('sends a real confirmation e-mail: an .eml in the outbox with headers, text and HTML', async () => {
      const email = uniqueEmail('mail');
      await t.mail.settled(); // earlier tests' mail first
      const before = new Set(outboxFiles(t.outboxDir));
      assert.equal((await t.app.request(...postJson('/api/contact/subscribe', signUp(email, 'TX'), from()))).status, 201);
      await t.mail.settled();
      const added = outboxFiles(t.outboxDir).filter((name) => !before.has(name));
      assert.equal(added.length, 1);
      const name = added[0]!;
      assert.ok(!name.includes('mail.') && !name.includes('example'), 'no personal data in the file name');
      const raw = readFileSync(join(t.outboxDir, name), 'utf8');
      assert.match(raw, /\r\n\r\n/, 'CRLF line ends as on the wire');
      const mail = parseEml(raw);
      assert.equal(mail.headers.get('to'), email);
      assert.equal(mail.headers.get('from'), `"${BRAND.productName}" <${BRAND.email}>`);
      assert.equal(mail.headers.get('subject'), `You're on the list: ${BRAND.productName}`);
      assert.equal(new Date(mail.headers.get('date')!).toISOString(), now.toISOString());
      assert.match(mail.headers.get('message-id') ?? '', /^<.+@.+>$/);
      assert.match(mail.headers.get('content-type') ?? '', /^multipart\/alternative; boundary=/);
      const text = mail.parts.find((part) => part.contentType === 'text/plain')!;
      const html = mail.parts.find((part) => part.contentType === 'text/html')!;
      assert.ok(text && html, 'both a text and an HTML part');
      assert.match(text.body, /^Hello Zoë,/);
      assert.match(text.body, /already available in Texas/);
      assert.match(text.body, /http:\/\/localhost:4321\/receive-a-quote/);
      assert.match(text.body, new RegExp(BRAND.phone));
      assert.match(html.body, /Hello Zoë,/);
      assert.match(html.body, /href="http:\/\/localhost:4321\/receive-a-quote"/);
      assert.match(html.body, new RegExp(BRAND.colours.accent));
    });

    test('a state we do not write yet gets the promise of a note at launch, and names are escaped in HTML', async () => {
      const email = uniqueEmail('ca');
      await t.mail.settled(); // earlier tests' mail first
      const before = new Set(outboxFiles(t.outboxDir));
      const body = { ...signUp(email, 'CA'), userFirstName: "D'Arcy" };
      assert.equal((await t.app.request(...postJson('/api/contact/subscribe', body, from()))).status, 201);
      await t.mail.settled();
      const name = outboxFiles(t.outboxDir).find((file) => !before.has(file))!;
      const mail = parseEml(readFileSync(join(t.outboxDir, name), 'utf8'));
      const text = mail.parts.find((part) => part.contentType === 'text/plain')!.body;
      const html = mail.parts.find((part) => part.contentType === 'text/html')!.body;
      assert.match(text, /Hello D'Arcy,/);
      assert.match(text, /as soon as Apex Pay-Per-Mile is available in California/);
      assert.doesNotMatch(text, /receive-a-quote/);
      assert.match(html, /Hello D&#39;Arcy,/);
    });

    test('the sign-up limit answers 429 with Retry-After, per client, until the sliding window has room again', async () => {
      const limited = testApp(testDb.db, {
        clock: () => now,
        config: { trustProxy: 1 },
        rateLimits: { subscribe: { name: 'subscribe-test', limit: 3, windowSeconds: 600 } },
      });
      try {
        now = new Date('2026-03-02T10:07:30.000Z'); // 150 s before the 10-minute fixed window ends
        const client = { 'X-Forwarded-For': '198.51.100.7' };
        for (let i = 0; i < 3; i++) {
          const res = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), client));
          assert.equal(res.status, 201);
        }
        const refused = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), client));
        assert.equal(refused.status, 429);
        // Sliding window (api/http/rate-limit.ts): the 3 hits must weigh 2 or less, a third of the way into
        // the next window: 150 s + 200 s.
        assert.equal(refused.headers.get('retry-after'), '350');
        assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });

        const other = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), { 'X-Forwarded-For': '198.51.100.8' }));
        assert.equal(other.status, 201, 'another client is not affected');

        const spoofed = { 'X-Forwarded-For': '10.9.9.9, 198.51.100.7' };
        const stillRefused = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), spoofed));
        assert.equal(stillRefused.status, 429, 'a caller-written X-Forwarded-For entry does not reset the count');

        now = new Date('2026-03-02T10:10:00.000Z');
        const atTheEdge = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), client));
        assert.equal(atTheEdge.status, 429, 'a new fixed window does not reset the count');
        now = new Date('2026-03-02T10:13:20.000Z');
        const nextWindow = await limited.app.request(...postJson('/api/contact/subscribe', signUp(uniqueEmail('rl')), client));
        assert.equal(nextWindow.status, 201);

        const stored = await testDb.db.query<{ bucket: string }>('SELECT bucket FROM rate_limits');
        assert.ok(stored.every((row) => /^[0-9a-f]{64}$/.test(row.bucket)), 'only hashes are stored');
      } finally {
        limited.cleanup();
        now = new Date('2026-03-02T10:00:00.000Z');
      }
    });

    test('a failing mail server does not lose the sign-up, and its mail waits in the queue', async () => {
      // A database of its own: on PostgreSQL, where connections really run at once, a queue of another app of
      // this file (still finishing a pass) could claim this test's e-mail and deliver it itself.
      const ownDb = await openTestDb(target);
      const mailer = { kind: 'outbox' as const, send: async () => Promise.reject(new Error('connect ECONNREFUSED')), close() {} };
      const failing = testApp(ownDb.db, { clock: () => now, mailer });
      try {
        const email = uniqueEmail('smtpdown');
        const res = await failing.app.request(...postJson('/api/contact/subscribe', signUp(email), from()));
        assert.equal(res.status, 201);
        assert.equal((await subscribers(email, ownDb.db)).length, 1);
        await failing.mail.settled();
        assert.match(failing.logs.join('\n'), /ERROR subscribe confirmation mail \(attempt 1 of 6, next at .+\) Error: connect ECONNREFUSED/);
        assert.ok(!failing.logs.join('\n').includes(email), 'no address in the log');
      } finally {
        failing.cleanup();
        await ownDb.cleanup();
      }
    });
  });
}
