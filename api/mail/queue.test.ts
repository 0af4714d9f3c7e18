import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbTargets, suiteDb, tempDir } from '../testing/harness.ts';
import { parseEml } from './eml.ts';
import { createMailer, OUTBOX_FILE, type Mailer, type MailMessage } from './mailer.ts';
import { CLAIM_LEASE_MS, createMailQueue, enqueueMail, KEEP_DONE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './queue.ts';

const T0 = new Date('2026-05-04T09:00:00.000Z');
const message = (to: string): MailMessage => ({ to, subject: 'Your quote PPMQ-TEST-0001', text: 'Hello', html: '<p>Hello</p>' });
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A mail server that refuses the first `failures` messages and accepts the rest, counting what it got. */
function flakyMailer(failures: number): Mailer & { accepted: MailMessage[]; tries: number } {
  const mailer = {
    kind: 'smtp' as const,
    accepted: [] as MailMessage[],
    tries: 0,
    async send(sent: MailMessage) {
      mailer.tries += 1;
      if (mailer.tries <= failures) throw new Error(`connect ECONNREFUSED for ${sent.to}`);
      mailer.accepted.push(sent);
      return { messageId: `<${mailer.tries}@test>` };
    },
    close() {},
  };
  return mailer;
}

for (const target of dbTargets()) {
  describe(`the mail queue on ${target}`, () => {
    const testDb = suiteDb(target);
    beforeEach(async () => {
      await testDb.db.query('DELETE FROM mail_queue');
    });

    const rows = () =>
      testDb.db.query<{ attempts: number; sent: boolean; failed: boolean; kept: boolean; last_error: string | null }>(
        `SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, message IS NOT NULL AS kept, last_error
         FROM mail_queue ORDER BY id`,
      );

    test('a queued message is delivered as a real .eml at once, and its content is then erased', async () => {
      const dir = tempDir();
      try {
        const outboxDir = join(dir.path, 'outbox');
        const queue = createMailQueue({ db: testDb.db, mailer: createMailer({ outboxDir }), clock: () => T0, log: () => {} });
        await queue.send('quote mail', message('ada@example.com'));
        await queue.settled();
        const files = readdirSync(outboxDir).filter((name) => OUTBOX_FILE.test(name));
        assert.equal(files.length, 1);
        const mail = parseEml(readFileSync(join(outboxDir, files[0]!), 'utf8'));
        assert.equal(mail.headers.get('to'), 'ada@example.com');
        assert.deepEqual(await rows(), [{ attempts: 1, sent: true, failed: false, kept: false, last_error: null }]);
      } finally {
        dir.remove();
      }
    });

    test('a refused message is tried again on the schedule, and delivered when the server is back', async () => {
      let now = T0;
      const mailer = flakyMailer(2);
      const logs: string[] = [];
      const queue = createMailQueue({ db: testDb.db, mailer, clock: () => now, log: (line) => logs.push(line) });
      await queue.send('quote mail', message('bea@example.com'));
      await queue.settled();
      assert.deepEqual(await rows(), [{ attempts: 1, sent: false, failed: false, kept: true, last_error: 'Error: connect ECONNREFUSED for [email]' }]);

      now = later(RETRY_DELAYS_MS[0] - 1000);
      await queue.deliverDue();
      assert.equal(mailer.tries, 1, 'not before its time');
      now = later(RETRY_DELAYS_MS[0]);
      await queue.deliverDue();
      assert.equal(mailer.tries, 2);
      now = later(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]);
      await queue.deliverDue();
      assert.deepEqual(mailer.accepted.map((sent) => sent.to), ['bea@example.com']);
      assert.deepEqual(await rows(), [{ attempts: 3, sent: true, failed: false, kept: false, last_error: null }]);
      assert.equal(logs.length, 2);
      assert.match(logs[0]!, /ERROR quote mail \(attempt 1 of 6, next at 2026-05-04T09:01:00\.000Z\) Error: connect ECONNREFUSED for \[email\]/);
      assert.ok(!logs.join('\n').includes('bea@'), 'no address in the log');
    });

    test(`after ${MAX_ATTEMPTS} refusals the message is given up, logged, and its content erased`, async () => {
      let now = T0;
      const mailer = flakyMailer(Infinity);
      const logs: string[] = [];
      const queue = createMailQueue({ db: testDb.db, mailer, clock: () => now, log: (line) => logs.push(line) });
      await queue.send('quote mail', message('cy@example.com'));
      await queue.settled();
      for (const delay of RETRY_DELAYS_MS) {
        now = new Date(now.getTime() + delay);
        await queue.deliverDue();
      }
      assert.equal(mailer.tries, MAX_ATTEMPTS);
      const [row] = await rows();
      assert.deepEqual({ ...row, last_error: undefined }, { attempts: MAX_ATTEMPTS, sent: false, failed: true, kept: false, last_error: undefined });
      assert.match(logs.at(-1)!, /ERROR quote mail \(attempt 6 of 6, given up\)/);
      now = new Date(now.getTime() + 7 * 86_400_000);
      await queue.deliverDue();
      assert.equal(mailer.tries, MAX_ATTEMPTS, 'never tried again');
    });

    test(`delivered and given-up rows, already without content, are swept after ${KEEP_DONE_MS / 86_400_000} days`, async () => {
      let now = T0;
      const queue = createMailQueue({ db: testDb.db, mailer: flakyMailer(0), clock: () => now, log: () => {} });
      await queue.send('quote mail', message('old@example.com'));
      await queue.settled();
      now = later(KEEP_DONE_MS - 60_000);
      await queue.send('quote mail', message('new@example.com'));
      await queue.settled();
      assert.equal((await rows()).length, 2, 'within the sweep interval nothing is swept');
      const fresh = createMailQueue({ db: testDb.db, mailer: flakyMailer(0), clock: () => later(KEEP_DONE_MS + 1), log: () => {} });
      await fresh.deliverDue();
      assert.deepEqual((await rows()).map((row) => row.sent), [true], 'the older row is gone, the newer kept');
    });

    test('two replicas draining together send each message once', async () => {
      for (let i = 0; i < 25; i += 1) await enqueueMail(testDb.db, 'quote mail', message(`r${i}@example.com`), T0);
      const a = flakyMailer(0);
      const b = flakyMailer(0);
      const first = createMailQueue({ db: testDb.db, mailer: a, clock: () => T0, log: () => {} });
      const second = createMailQueue({ db: testDb.db, mailer: b, clock: () => T0, log: () => {} });
      await Promise.all([first.deliverDue(), second.deliverDue()]);
      const sent = [...a.accepted, ...b.accepted].map((m) => m.to).sort();
      assert.equal(sent.length, 25);
      assert.equal(new Set(sent).size, 25);
    });

    test('a message claimed by a sender that died is tried again after the lease', async () => {
      await enqueueMail(testDb.db, 'quote mail', message('di@example.com'), T0);
      // The dead sender's claim: attempts counted, the next attempt moved past the lease, nothing sent.
      await testDb.db.query('UPDATE mail_queue SET attempts = 1, next_attempt_at = $1', [later(CLAIM_LEASE_MS)]);
      let now = later(CLAIM_LEASE_MS - 1000);
      const mailer = flakyMailer(0);
      const queue = createMailQueue({ db: testDb.db, mailer, clock: () => now, log: () => {} });
      await queue.deliverDue();
      assert.equal(mailer.tries, 0, 'still leased');
      now = later(CLAIM_LEASE_MS);
      await queue.deliverDue();
      assert.deepEqual(mailer.accepted.map((m) => m.to), ['di@example.com']);
      assert.deepEqual(await rows(), [{ attempts: 2, sent: true, failed: false, kept: false, last_error: null }]);
    });

    test('start() delivers what a previous process left; stop() waits for a delivery under way', async () => {
      await enqueueMail(testDb.db, 'subscribe confirmation mail', message('left@example.com'), T0);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const accepted: string[] = [];
      const slow: Mailer = {
        kind: 'smtp',
        async send(sent) {
          await gate;
          accepted.push(sent.to);
          return { messageId: '<slow@test>' };
        },
        close() {},
      };
      const queue = createMailQueue({ db: testDb.db, mailer: slow, clock: () => T0, log: () => {} });
      queue.start();
      const stopped = queue.stop();
      let done = false;
      void stopped.then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(done, false, 'stop waits for the message being sent');
      release();
      await stopped;
      assert.deepEqual(accepted, ['left@example.com']);
      assert.deepEqual(await rows(), [{ attempts: 1, sent: true, failed: false, kept: false, last_error: null }]);
      await queue.send('quote mail', message('after@example.com'));
      assert.deepEqual(accepted, ['left@example.com'], 'a stopped queue stores but does not send');
    });
  });
}
