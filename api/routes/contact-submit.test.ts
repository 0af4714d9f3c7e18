import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, CONTACT_SUBJECT_FALLBACK, MESSAGES } from '../../contract/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { parseEml, type ParsedMail } from '../mail/eml.ts';
import { CONTACT_RECEIVED } from './contact.ts';
import { CARE_EMAIL, dbTargets, openTestDb, postJson, suiteApp, testApp, uniqueEmail, outboxFiles } from '../testing/harness.ts';

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  customSubject: 'Garage cover in winter',
  emailBody: 'My car sits in the garage from November.\nDo I pay only the base rate then?',
  userEmailAddress: email,
  userFirstName: 'Zoë',
  userMiddleName: 'K',
  userLastName: "O'Neil",
  userSuffixName: 'Jr.',
  userPhoneNumber: '602-555-0134',
  ...extra,
});

const textOf = (mail: ParsedMail) => mail.parts.find((part) => part.contentType === 'text/plain')!.body;

/** Each test sends from its own client address, so no test spends another's allowance. */
let client = 0;
let keys = 0;
const from = (key = `contact-key-${process.pid}-${++keys}`) => ({ 'X-Forwarded-For': `203.0.113.${++client}`, 'Idempotency-Key': key });

for (const target of dbTargets()) {
  describe(`POST /api/contact/submit on ${target}`, () => {
    const now = new Date('2026-03-02T10:00:00.000Z');
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const stored = (email: string, db: Queryable = testDb.db) =>
      db.query<{ subject: string; body: string; first_name: string; middle_name: string | null; last_name: string; suffix: string | null; phone: string | null; created_at: Date }>(
        'SELECT subject, body, first_name, middle_name, last_name, suffix, phone, created_at FROM contact_messages WHERE email = $1',
        [email],
      );
    const count = async (table: string, db: Queryable = testDb.db) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

    /** Sends and returns the mails it added to the outbox, once the queue has delivered them. */
    async function sendAndRead(body: unknown, headers = from()): Promise<{ status: number; mails: ParsedMail[] }> {
      await t.mail.settled();
      const before = new Set(outboxFiles(t.outboxDir));
      const res = await t.app.request(...postJson('/api/contact/submit', body, headers));
      await t.mail.settled();
      const added = outboxFiles(t.outboxDir).filter((name) => !before.has(name)).sort();
      return { status: res.status, mails: added.map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8'))) };
    }

    test('stores the message and answers 201 { msg }', async () => {
      const email = uniqueEmail('contact');
      const res = await t.app.request(...postJson('/api/contact/submit', message(email), from()));
      assert.equal(res.status, 201);
      assert.deepEqual(await res.json(), { msg: CONTACT_RECEIVED });
      const rows = await stored(email);
      assert.equal(rows.length, 1);
      assert.deepEqual({ ...rows[0], created_at: rows[0]!.created_at.toISOString() }, {
        subject: 'Garage cover in winter',
        body: 'My car sits in the garage from November.\nDo I pay only the base rate then?',
        first_name: 'Zoë',
        middle_name: 'K',
        last_name: "O'Neil",
        suffix: 'Jr.',
        phone: '602-555-0134',
        created_at: now.toISOString(),
      });
    });

    test("e-mails customer care (CARE_EMAIL) with Reply-To the sender, and acknowledges to the sender with the hours and phone", async () => {
      const email = uniqueEmail('mails');
      const { status, mails } = await sendAndRead(message(email));
      assert.equal(status, 201);
      assert.equal(mails.length, 2);
      const care = mails.find((mail) => mail.headers.get('to') === CARE_EMAIL)!;
      const ack = mails.find((mail) => mail.headers.get('to') === email)!;
      assert.ok(care && ack, 'one to care, one to the sender');
      assert.equal(care.headers.get('reply-to'), email);
      assert.equal(care.headers.get('from'), `"${BRAND.productName}" <${BRAND.email}>`);
      assert.match(care.headers.get('subject')!, /^Contact Us: Garage cover in winter \(C-\d{6}\)$/);
      const careText = textOf(care);
      assert.match(careText, /From: Zoë K O'Neil Jr\./);
      assert.match(careText, new RegExp(`E-mail: ${email.replace(/\./g, '\\.')}`));
      assert.match(careText, /Phone: 602-555-0134/);
      assert.match(careText, /My car sits in the garage from November\.\r?\nDo I pay only the base rate then\?/);
      assert.match(care.parts.find((part) => part.contentType === 'text/html')!.body, /O&#39;Neil/, 'names escaped in HTML');

      assert.equal(ack.headers.get('reply-to'), undefined, 'the acknowledgement is answered by care, its From');
      const ackText = textOf(ack);
      assert.match(ackText, /^Hello Zoë,/);
      assert.match(ackText, new RegExp(`Thank you for contacting ${BRAND.productName}\\. A customer care concierge will be in touch as soon as possible`));
      assert.match(ackText, /Monday to Friday, 9am to 5pm/);
      assert.match(ackText, /800-400-4128: extension 2 for general questions, extension 3 for claims/);
      assert.equal(ackText.match(/C-\d{6}/)?.[0], care.headers.get('subject')!.match(/C-\d{6}/)?.[0], 'the same reference in both');
      assert.doesNotMatch(ackText, /garage|Garage/, "nothing the sender typed beyond the first name: no relay for someone else's text");
    });

    test("an empty subject falls back to 'Auto Insurance - Contact Form', also in care's subject line", async () => {
      for (const subject of ['', '   ', undefined]) {
        const email = uniqueEmail('fallback');
        const { status, mails } = await sendAndRead(message(email, { customSubject: subject }));
        assert.equal(status, 201);
        assert.equal((await stored(email))[0]!.subject, CONTACT_SUBJECT_FALLBACK);
        assert.equal(CONTACT_SUBJECT_FALLBACK, 'Auto Insurance - Contact Form');
        const care = mails.find((mail) => mail.headers.get('to') === CARE_EMAIL)!;
        assert.match(care.headers.get('subject')!, /^Contact Us: Auto Insurance - Contact Form \(C-\d{6}\)$/);
      }
    });

    test("every rule answers 400 with the rule's message, and stores and sends nothing", async () => {
      const email = uniqueEmail('rules');
      const cases: [Record<string, unknown>, string[]][] = [
        [{ emailBody: '  ' }, [MESSAGES.required]],
        [{ emailBody: 'x'.repeat(5001) }, [MESSAGES.maxLength(5000)]],
        [{ userFirstName: '' }, [MESSAGES.required]],
        [{ userFirstName: 'Zo3' }, [MESSAGES.nameLetters]],
        [{ userLastName: 'x'.repeat(64) }, [MESSAGES.maxLength(63)]],
        [{ userMiddleName: 'x'.repeat(64) }, [MESSAGES.maxLength(63)]],
        [{ userEmailAddress: 'zoe@example' }, [MESSAGES.email]],
        [{ userPhoneNumber: '555-1234' }, [MESSAGES.phone]],
        [{ userPhoneNumber: '123-555-0134' }, [MESSAGES.phone]],
        [{ customSubject: 'x'.repeat(129) }, [MESSAGES.maxLength(128)]],
        [{ userSuffixName: 'x'.repeat(17) }, [MESSAGES.maxLength(16)]],
        [{ userFirstName: 'Zoë', userLastName: '', userEmailAddress: 'nope' }, [MESSAGES.email, MESSAGES.required]],
      ];
      const queued = await count('mail_queue');
      for (const [change, messages] of cases) {
        const res = await t.app.request(...postJson('/api/contact/submit', message(email, change), from()));
        assert.equal(res.status, 400, JSON.stringify(change));
        assert.deepEqual(((await res.json()) as { error_messages: string[] }).error_messages.sort(), [...messages].sort(), JSON.stringify(change));
      }
      assert.equal((await stored(email)).length, 0);
      assert.equal(await count('mail_queue'), queued);
    });

    test('an empty phone and no middle initial or suffix are fine; 10 digits are written 000-000-0000', async () => {
      const email = uniqueEmail('optional');
      const plain = message(email, { userPhoneNumber: '', userMiddleName: '', userSuffixName: undefined });
      assert.equal((await t.app.request(...postJson('/api/contact/submit', plain, from()))).status, 201);
      assert.deepEqual([(await stored(email))[0]!.phone, (await stored(email))[0]!.middle_name, (await stored(email))[0]!.suffix], [null, null, null]);
      const other = uniqueEmail('digits');
      assert.equal((await t.app.request(...postJson('/api/contact/submit', message(other, { userPhoneNumber: '(602) 555 0134' }), from()))).status, 201);
      assert.equal((await stored(other))[0]!.phone, '602-555-0134');
    });

    test('needs an Idempotency-Key; the same key and message again answer the same 201 and send nothing more', async () => {
      const email = uniqueEmail('idem');
      const noKey = await t.app.request(...postJson('/api/contact/submit', message(email), { 'X-Forwarded-For': '203.0.113.250' }));
      assert.equal(noKey.status, 400);
      assert.deepEqual(await noKey.json(), { error_messages: [MESSAGES.idempotencyKeyRequired('message')] });

      const headers = from();
      const first = await sendAndRead(message(email), headers);
      assert.deepEqual([first.status, first.mails.length], [201, 2]);
      const again = await t.app.request(...postJson('/api/contact/submit', message(email), headers));
      assert.equal(again.status, 201);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(await again.json(), { msg: CONTACT_RECEIVED });
      await t.mail.settled();
      assert.equal((await stored(email)).length, 1, 'one message');

      const other = await t.app.request(...postJson('/api/contact/submit', message(email, { emailBody: 'Another text' }), headers));
      assert.equal(other.status, 422);
      assert.deepEqual(await other.json(), { error_messages: [MESSAGES.contactKeyReused] });
      assert.equal((await stored(email)).length, 1);
    });

    test('a double press (two requests under one key at once) stores and mails one message; the second is told to wait', async () => {
      const email = uniqueEmail('double');
      await t.mail.settled();
      const queued = await count('mail_queue');
      const headers = from();
      const answers = await Promise.all([0, 1].map(() => t.app.request(...postJson('/api/contact/submit', message(email), headers))));
      // The one Idempotency-Key mechanism (api/http/idempotency.ts) refuses a request while the first under its
      // key runs (409, Retry-After), where the message's own key once made it wait for the first's row. PGlite
      // runs one statement at a time, so the second may also arrive after the first finished: a replay.
      const statuses = answers.map((res) => res.status).sort();
      assert.ok(
        JSON.stringify(statuses) === '[201,409]' || (JSON.stringify(statuses) === '[201,201]' && answers.some((res) => res.headers.get('idempotent-replayed') === 'true')),
        `statuses ${statuses}`,
      );
      const conflict = answers.find((res) => res.status === 409);
      if (conflict) {
        assert.deepEqual(await conflict.json(), { error_messages: [MESSAGES.contactInProgress] });
        assert.ok(Number(conflict.headers.get('retry-after')) >= 1);
      }
      const later = await t.app.request(...postJson('/api/contact/submit', message(email), headers));
      assert.deepEqual([later.status, later.headers.get('idempotent-replayed')], [201, 'true']);
      assert.equal((await stored(email)).length, 1);
      assert.equal(await count('mail_queue'), queued + 2);
    });

    test('a process that died after storing, before the answer was stored: the retry that takes the key over sends nothing again', async () => {
      const email = uniqueEmail('crash');
      const headers = from();
      const first = await sendAndRead(message(email), headers);
      assert.deepEqual([first.status, first.mails.length], [201, 2]);
      // what the dead process leaves in the central store: the key claimed, its lock passed, no answer
      await testDb.db.query(
        `UPDATE idempotency_keys SET state = 'in_flight', status = NULL, answer = NULL, locked_until = $2 WHERE scope = 'contact' AND key = $1`,
        [headers['Idempotency-Key'], new Date(now.getTime() - 1000)],
      );
      const retried = await sendAndRead(message(email), headers);
      assert.deepEqual([retried.status, retried.mails.length], [201, 0], "the message's own key finds the stored message");
      assert.equal((await stored(email)).length, 1);
    });

    test('the limit answers 429 with Retry-After per client; a replay of a sent message is not counted', async () => {
      const limited = testApp(testDb.db, { clock: () => now, config: { trustProxy: 1 }, rateLimits: { contact: { name: 'contact-test', limit: 2, windowSeconds: 600 } } });
      try {
        const address = { 'X-Forwarded-For': '198.51.100.77' };
        const firstKey = { ...address, 'Idempotency-Key': `limit-first-${process.pid}` };
        assert.equal((await limited.app.request(...postJson('/api/contact/submit', message(uniqueEmail('rl')), firstKey))).status, 201);
        const replayed = message('replay@example.com');
        const replayKey = { ...address, 'Idempotency-Key': `limit-replay-${process.pid}` };
        assert.equal((await limited.app.request(...postJson('/api/contact/submit', replayed, replayKey))).status, 201);
        const refused = await limited.app.request(...postJson('/api/contact/submit', message(uniqueEmail('rl')), { ...address, 'Idempotency-Key': `limit-third-${process.pid}` }));
        assert.equal(refused.status, 429);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
        assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
        assert.equal((await stored('replay@example.com')).length, 1);
        const again = await limited.app.request(...postJson('/api/contact/submit', replayed, replayKey));
        assert.equal(again.status, 201, 'a retry of a sent message still gets its answer past the limit');
        const other = await limited.app.request(...postJson('/api/contact/submit', message(uniqueEmail('rl')), { 'X-Forwarded-For': '198.51.100.78', 'Idempotency-Key': `limit-other-${process.pid}` }));
        assert.equal(other.status, 201, 'another client is not affected');
      } finally {
        await limited.mail.settled();
        limited.cleanup();
      }
    });

    test("past the hourly limit of acknowledgements to one address, care still gets the message and the address gets nothing", async () => {
      const limited = testApp(testDb.db, { clock: () => now, config: { trustProxy: 1 }, rateLimits: { contactMail: { name: 'contact-mail-test', limit: 1, windowSeconds: 3600 } } });
      try {
        const email = uniqueEmail('ackcap');
        const sent: ParsedMail[][] = [];
        for (const [index, text] of ['First question', 'Second question'].entries()) {
          await limited.mail.settled();
          const before = new Set(outboxFiles(limited.outboxDir));
          const headers = { 'X-Forwarded-For': `198.51.100.${120 + index}`, 'Idempotency-Key': `ack-cap-${process.pid}-${index}` };
          const res = await limited.app.request(...postJson('/api/contact/submit', message(email.toUpperCase(), { emailBody: text }), headers));
          assert.equal(res.status, 201);
          await limited.mail.settled();
          sent.push(outboxFiles(limited.outboxDir).filter((name) => !before.has(name)).map((name) => parseEml(readFileSync(join(limited.outboxDir, name), 'utf8'))));
        }
        assert.deepEqual(sent.map((mails) => mails.map((mail) => mail.headers.get('to') === CARE_EMAIL ? 'care' : 'sender').sort()), [['care', 'sender'], ['care']]);
        assert.match(textOf(sent[1]![0]!), /Second question/);
      } finally {
        limited.cleanup();
      }
    });

    test('a database failure while queuing the mails answers 500, stores nothing, sends nothing, and counts nothing', async () => {
      // A database of its own, so no other app's queue or test changes the counts under this test.
      const ownDb = await openTestDb(target);
      const failing = failWhen(ownDb.db, /INSERT INTO mail_queue/);
      const broken = testApp(failing, { clock: () => now, config: { trustProxy: 1 } });
      const working = testApp(ownDb.db, { clock: () => now, config: { trustProxy: 1 } });
      try {
        const email = uniqueEmail('dbdown');
        const headers = { 'X-Forwarded-For': '198.51.100.90', 'Idempotency-Key': `db-failure-${process.pid}` };
        const res = await broken.app.request(...postJson('/api/contact/submit', message(email), headers));
        assert.equal(res.status, 500);
        assert.deepEqual(await res.json(), { error_messages: [HTTP_MESSAGES.internal] });
        await broken.mail.settled();
        assert.deepEqual(
          [await count('contact_messages', ownDb.db), await count('mail_queue', ownDb.db), await count('rate_limits', ownDb.db), outboxFiles(broken.outboxDir).length],
          [0, 0, 0, 0],
        );
        const logs = broken.logs.join('\n');
        assert.match(logs, /ERROR POST \/api\/contact\/submit/);
        for (const secret of [email, 'Zoë', "O'Neil", '602-555-0134', 'garage']) assert.ok(!logs.includes(secret), `no ${secret} in the log`);

        // What the person typed is still in their form: the same request, retried, goes through once.
        const retried = await working.app.request(...postJson('/api/contact/submit', message(email), headers));
        assert.equal(retried.status, 201);
        assert.equal(retried.headers.get('idempotent-replayed'), null, 'the failed attempt left no answer behind');
        await working.mail.settled();
        assert.deepEqual([await count('contact_messages', ownDb.db), outboxFiles(working.outboxDir).length], [1, 2]);
      } finally {
        broken.cleanup();
        working.cleanup();
        await ownDb.cleanup();
      }
    });

    test('a call from another site is refused (Origin check), and a text body is refused before any work', async () => {
      const email = uniqueEmail('origin');
      const foreign = await t.app.request(...postJson('/api/contact/submit', message(email), { ...from(), Origin: 'https://evil.example' }));
      assert.equal(foreign.status, 403);
      const [url, init] = postJson('/api/contact/submit', message(email), from());
      const text = await t.app.request(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'Content-Type': 'text/plain' } });
      assert.equal(text.status, 415);
      assert.equal((await stored(email)).length, 0);
    });
  });
}

/** `db` whose transactions fail at the first statement matching `pattern` (a database that goes away mid-request). */
function failWhen(db: Db, pattern: RegExp): Db {
  const failing = (tx: Queryable): Queryable => ({
    query: (sql, params) => (pattern.test(sql) ? Promise.reject(new Error('connection terminated unexpectedly')) : tx.query(sql, params)),
    exec: (sql) => tx.exec(sql),
  });
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction((tx) => work(failing(tx))),
    close: () => db.close(),
  };
}
