import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbTargets, suiteDb, tempDir, testApp } from '../testing/harness.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailQueue, enqueueMail, RETRY_DELAYS_MS } from '../mail/queue.ts';
import { createTexter, parseTextFile, TEXT_OUTBOX_FILE } from './texter.ts';
import { enqueueText, usPhoneToE164 } from './texts.ts';

const T0 = new Date('2026-06-01T15:00:00.000Z');
const BODY = 'Apex Pay-Per-Mile: please send the initial odometer photo: http://localhost:4321/odometer?token=abc';

const textFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => TEXT_OUTBOX_FILE.test(name)).sort() : []);

interface Received {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

/** Twilio's Messages API as a stand-in on loopback: records each request and answers as `answer` says. */
async function twilioStandIn(answer: (n: number, res: ServerResponse) => void): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      answer(received.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const created = (res: ServerResponse, sid = 'SM0123456789abcdef0123456789abcdef') => {
  res.writeHead(201, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ sid, status: 'queued' }));
};

const TWILIO = { accountSid: 'AC00000000000000000000000000000001', authToken: 'test-auth-token', from: '+12025550100' };

test('US numbers are written in E.164; anything else is refused', () => {
  assert.equal(usPhoneToE164('602-555-0134'), '+16025550134');
  assert.equal(usPhoneToE164('(602) 555-0134'), '+16025550134');
  assert.equal(usPhoneToE164('+1 602 555 0134'), '+16025550134');
  for (const bad of ['', '555-0134', '102-555-0134', '602-055-0134', '+44 20 7946 0018', '602-555-01345']) {
    assert.equal(usPhoneToE164(bad), null, bad);
  }
});

for (const target of dbTargets()) {
  describe(`text messages on ${target}`, () => {
    const testDb = suiteDb(target);
    beforeEach(async () => {
      await testDb.db.query('DELETE FROM mail_queue');
    });

    const rows = () =>
      testDb.db.query<{ channel: string; attempts: number; sent: boolean; failed: boolean; kept: boolean; last_error: string | null }>(
        `SELECT channel, attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, message IS NOT NULL AS kept, last_error
         FROM mail_queue ORDER BY id`,
      );

    test('a queued text lands in the outbox as a .sms.txt beside the e-mails, and is listed on /dev/outbox', async () => {
      const t = testApp(testDb.db, { clock: () => T0 });
      try {
        await testDb.db.transaction((tx) => enqueueText(tx, 'odometer photo text', { to: '602-555-0134', body: BODY }, T0));
        await t.mail.deliverDue();
        const files = textFiles(t.outboxDir);
        assert.equal(files.length, 1);
        const text = parseTextFile(readFileSync(join(t.outboxDir, files[0]!), 'utf8'));
        assert.deepEqual(text, { to: '+16025550134', from: 'Apex Pay-Per-Mile', date: T0.toISOString(), body: BODY });
        assert.deepEqual(await rows(), [{ channel: 'text', attempts: 1, sent: true, failed: false, kept: false, last_error: null }]);

        const page = await t.app.request('/dev/outbox');
        const html = await page.text();
        assert.match(html, /\+1 \*\*\*-\*\*\*-\*\*34/);
        assert.ok(!html.includes('555-0134') && !html.includes('6025550134'), 'the list masks the number');
        const link = /href="(\/dev\/outbox\/[^"]+\.sms\.txt)"/.exec(html)?.[1];
        assert.ok(link, 'a link to the text');
        const raw = await t.app.request(link);
        assert.equal(raw.status, 200);
        assert.match(raw.headers.get('content-type')!, /^text\/plain/);
        assert.equal(parseTextFile(await raw.text()).body, BODY);
      } finally {
        t.cleanup();
      }
    });

    test('a text to a number that cannot be a US number is refused before it is queued', async () => {
      await assert.rejects(enqueueText(testDb.db, 'odometer photo text', { to: '555-0134', body: BODY }, T0), /not a US phone number/);
      assert.deepEqual(await rows(), []);
    });

    test('with Twilio configured, the text goes to the Messages API: form body, basic auth, and then its content is erased', async () => {
      const standIn = await twilioStandIn((_n, res) => created(res));
      const dir = tempDir();
      try {
        const texter = createTexter({ twilio: { ...TWILIO, apiUrl: standIn.url }, outboxDir: join(dir.path, 'outbox') });
        assert.equal(texter.kind, 'twilio');
        const logs: string[] = [];
        const queue = createMailQueue({ db: testDb.db, mailer: createMailer({ outboxDir: join(dir.path, 'outbox') }), texter, clock: () => T0, log: (l) => logs.push(l) });
        await enqueueText(testDb.db, 'odometer photo text', { to: '602-555-0134', body: BODY }, T0);
        await queue.deliverDue();
        assert.equal(standIn.received.length, 1);
        const [request] = standIn.received;
        assert.equal(request!.method, 'POST');
        assert.equal(request!.path, `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`);
        assert.equal(request!.authorization, `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`);
        assert.equal(request!.contentType, 'application/x-www-form-urlencoded');
        assert.deepEqual(request!.form, { To: '+16025550134', From: TWILIO.from, Body: BODY });
        assert.deepEqual(await rows(), [{ channel: 'text', attempts: 1, sent: true, failed: false, kept: false, last_error: null }]);
        assert.deepEqual(textFiles(join(dir.path, 'outbox')), [], 'nothing written to the outbox');
        assert.deepEqual(logs, []);
      } finally {
        await close(standIn.server);
        dir.remove();
      }
    });

    test('a Messaging Service as sender goes as MessagingServiceSid', async () => {
      const standIn = await twilioStandIn((_n, res) => created(res));
      try {
        const service = 'MG0123456789abcdef0123456789abcdef';
        const texter = createTexter({ twilio: { ...TWILIO, from: service, apiUrl: standIn.url }, outboxDir: '/nonexistent' });
        assert.deepEqual(await texter.send({ to: '+16025550134', body: 'Hi' }), { id: 'SM0123456789abcdef0123456789abcdef' });
        assert.deepEqual(standIn.received[0]!.form, { To: '+16025550134', MessagingServiceSid: service, Body: 'Hi' });
      } finally {
        await close(standIn.server);
      }
    });

    test('a 500 and then a timeout from the provider are tried again on the queue schedule; the log never holds the number', async () => {
      // 1st: 500 with Twilio's error shape (quoting the number, as Twilio's messages do); 2nd: no answer at all; 3rd: accepted.
      const standIn = await twilioStandIn((n, res) => {
        if (n === 1) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: 20500, message: 'Internal error sending to +16025550134', status: 500 }));
        } else if (n === 3) created(res);
        // n === 2: never answered
      });
      let now = T0;
      const logs: string[] = [];
      try {
        const texter = createTexter({ twilio: { ...TWILIO, apiUrl: standIn.url }, outboxDir: '/nonexistent', timeoutMs: 300 });
        const queue = createMailQueue({ db: testDb.db, mailer: createMailer({ outboxDir: '/nonexistent' }), texter, clock: () => now, log: (l) => logs.push(l) });
        await enqueueText(testDb.db, 'odometer photo text', { to: '602-555-0134', body: BODY }, T0);
        await queue.deliverDue();
        assert.deepEqual(await rows(), [
          { channel: 'text', attempts: 1, sent: false, failed: false, kept: true, last_error: 'TextProviderError: the text provider answered 500 (error 20500)' },
        ]);

        now = new Date(T0.getTime() + RETRY_DELAYS_MS[0] - 1000);
        await queue.deliverDue();
        assert.equal(standIn.received.length, 1, 'not before its time');
        now = new Date(T0.getTime() + RETRY_DELAYS_MS[0]);
        await queue.deliverDue();
        assert.equal(standIn.received.length, 2);
        const [afterTimeout] = await rows();
        assert.equal(afterTimeout!.attempts, 2);
        assert.equal(afterTimeout!.sent, false);
        assert.match(afterTimeout!.last_error!, /TimeoutError/);

        now = new Date(T0.getTime() + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]);
        await queue.deliverDue();
        assert.equal(standIn.received.length, 3);
        assert.deepEqual(await rows(), [{ channel: 'text', attempts: 3, sent: true, failed: false, kept: false, last_error: null }]);
        assert.equal(logs.length, 2);
        assert.match(logs[0]!, /ERROR odometer photo text \(attempt 1 of 6, next at 2026-06-01T15:01:00\.000Z\)/);
        assert.ok(!/555|0134/.test(logs.join('\n')), logs.join('\n'));
      } finally {
        await close(standIn.server);
      }
    });

    test('a queue without a texter delivers mail and leaves texts to a process that has one', async () => {
      const dir = tempDir();
      try {
        const outboxDir = join(dir.path, 'outbox');
        await enqueueText(testDb.db, 'odometer photo text', { to: '602-555-0134', body: BODY }, T0);
        await enqueueMail(testDb.db, 'quote mail', { to: 'ann@example.com', subject: 'S', text: 'T', html: '<p>T</p>' }, T0);
        const mailOnly = createMailQueue({ db: testDb.db, mailer: createMailer({ outboxDir }), clock: () => T0, log: () => {} });
        await mailOnly.deliverDue();
        assert.deepEqual((await rows()).map((row) => [row.channel, row.sent, row.attempts]), [['text', false, 0], ['mail', true, 1]]);
        const both = createMailQueue({ db: testDb.db, mailer: createMailer({ outboxDir }), texter: createTexter({ outboxDir }), clock: () => T0, log: () => {} });
        await both.deliverDue();
        assert.deepEqual((await rows()).map((row) => [row.channel, row.sent, row.kept]), [['text', true, false], ['mail', true, false]]);
        assert.equal(textFiles(outboxDir).length, 1);
      } finally {
        dir.remove();
      }
    });
  });
}
