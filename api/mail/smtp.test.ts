/**
 * SMTP_URL for real: nodemailer talks SMTP over a socket to a small SMTP server in this file (RFC 5321's
 * greeting, EHLO, MAIL, RCPT, DATA, QUIT), which records what it accepts and can refuse recipients with
 * a temporary 451, as a mail server in trouble does. Through the mail queue on PGlite.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { suiteDb, tempDir } from '../testing/harness.ts';
import { parseEml } from './eml.ts';
import { createMailer, SMTP_CONNECTIONS, type MailMessage } from './mailer.ts';
import { createMailQueue, RETRY_DELAYS_MS } from './queue.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server: no TLS offered, no AUTH, one message after another per connection. */
function smtpServer(): { server: Server; received: Received[]; connections: number; refuse: boolean; close(): Promise<void> } {
  const state = { received: [] as Received[], connections: 0, refuse: false };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          state.received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-test.smtp\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 test.smtp');
        else if (verb === 'MAIL') {
          current = { from: /<(.*)>/.exec(line)?.[1] ?? '', to: [], data: '' };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (state.refuse) reply('451 4.3.0 try again later');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  return Object.assign(state, {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

const message = (to: string, subject = 'Your quote PPMQ-SMTP-0001'): MailMessage => ({
  to,
  subject,
  text: 'Hello,\n.\nA line that is only a dot, escaped on the wire.',
  html: '<p>Hello</p>',
});

describe('mail over SMTP (SMTP_URL)', () => {
  const testDb = suiteDb('pglite');
  let smtp: ReturnType<typeof smtpServer>;
  let url: string;
  const outbox = tempDir();

  before(async () => {
    smtp = smtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await smtp.close();
    outbox.remove();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.refuse = false;
    await testDb.db.query('DELETE FROM mail_queue');
  });

  test('a message goes to the server as real MIME, to its recipient, with the From of MAIL_FROM', async () => {
    const mailer = createMailer({ smtpUrl: url, outboxDir: outbox.path, from: '"Apex Pay-Per-Mile" <care@apex-ppm.example>' });
    try {
      assert.equal(mailer.kind, 'smtp');
      const sent = await mailer.send(message('ada@example.com'));
      assert.match(sent.messageId, /^<.+@.+>$/);
      assert.equal(sent.file, undefined, 'nothing written to the outbox');
      const [got] = smtp.received;
      assert.equal(got!.from, 'care@apex-ppm.example');
      assert.deepEqual(got!.to, ['ada@example.com']);
      const mail = parseEml(got!.data);
      assert.equal(mail.headers.get('to'), 'ada@example.com');
      assert.equal(mail.headers.get('subject'), 'Your quote PPMQ-SMTP-0001');
      assert.match(mail.headers.get('content-type') ?? '', /^multipart\/alternative/);
      assert.match(mail.parts.find((part) => part.contentType === 'text/plain')!.body, /^\.$/m, 'the lone dot arrives intact');
    } finally {
      mailer.close();
    }
  });

  test('the outbox holds the very message SMTP carries: the same headers and parts, CRLF line ends only', async () => {
    const date = new Date('2026-03-01T09:30:00Z');
    const from = '"Apex Pay-Per-Mile" <care@apex-ppm.example>';
    // non-ASCII in a header and the text, bare line ends, and an attachment: every encoding a message of ours uses
    const sample: MailMessage = {
      ...message('Zoë Ärztin <zoe@example.com>'),
      subject: 'Your quote – PPMQ-SMTP-0002',
      text: 'Hello Zoë,\nyour quote is ready.\n\n.\n',
      attachments: [{ filename: 'id-card.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 card').toString('base64'), encoding: 'base64' }],
    };
    const overSmtp = createMailer({ smtpUrl: url, outboxDir: outbox.path, from, clock: () => date });
    const toOutbox = createMailer({ outboxDir: outbox.path, from, clock: () => date });
    try {
      await overSmtp.send(sample);
      const written = await toOutbox.send(sample);
      const file = readFileSync(written.file!, 'latin1');
      assert.doesNotMatch(file, /[^\r]\n/, 'no bare LF');
      // what SMTP carried (the server above undoes the dot-stuffing)
      const carried = smtp.received[0]!.data;
      // the same message but for what is drawn at random (boundaries, Message-ID) and the headers' order
      const unique = (text: string) => {
        const plain = text.replace(/--_NmP-[0-9a-f-]+-Part_/g, '--BOUNDARY-').replace(/boundary="[^"]+"/g, 'boundary=B').replace(/^Message-ID: .*$/m, 'Message-ID: M');
        const end = plain.indexOf('\r\n\r\n');
        return { headers: plain.slice(0, end).replace(/\r\n /g, ' ').split('\r\n').sort(), body: plain.slice(end) };
      };
      assert.deepEqual(unique(file), unique(carried));
      assert.match(written.messageId, /^<.+@apex-ppm\.example>$/);
      assert.match(file, new RegExp(`^Message-ID: ${written.messageId}\r$`, 'm'));
    } finally {
      overSmtp.close();
      toOutbox.close();
    }
  });

  test(`the queue sends a burst over at most ${SMTP_CONNECTIONS} kept-open connections`, async () => {
    const mailer = createMailer({ smtpUrl: url, outboxDir: outbox.path });
    const before = smtp.connections;
    const queue = createMailQueue({ db: testDb.db, mailer, clock: () => new Date(), log: () => {} });
    try {
      for (let i = 0; i < 12; i += 1) await queue.send('quote mail', message(`burst${i}@example.com`));
      await queue.settled();
      await queue.deliverDue();
      assert.equal(smtp.received.length, 12);
      assert.deepEqual(new Set(smtp.received.flatMap((r) => r.to)).size, 12);
      assert.ok(smtp.connections - before <= SMTP_CONNECTIONS, `${smtp.connections - before} connections`);
    } finally {
      await queue.stop();
      mailer.close();
    }
  });

  test('a server answering 451 gets the message again on the retry schedule', async () => {
    let now = new Date('2026-05-04T09:00:00.000Z');
    const logs: string[] = [];
    const mailer = createMailer({ smtpUrl: url, outboxDir: outbox.path });
    const queue = createMailQueue({ db: testDb.db, mailer, clock: () => now, log: (line) => logs.push(line) });
    try {
      smtp.refuse = true;
      await queue.send('quote mail', message('later@example.com'));
      await queue.settled();
      assert.equal(smtp.received.length, 0);
      assert.match(logs.join('\n'), /ERROR quote mail \(attempt 1 of 6, next at 2026-05-04T09:01:00\.000Z\).*451/);
      assert.ok(!logs.join('\n').includes('later@'), 'no address in the log');
      smtp.refuse = false;
      now = new Date(now.getTime() + RETRY_DELAYS_MS[0]);
      await queue.deliverDue();
      assert.deepEqual(smtp.received.map((r) => r.to), [['later@example.com']]);
    } finally {
      await queue.stop();
      mailer.close();
    }
  });
});
