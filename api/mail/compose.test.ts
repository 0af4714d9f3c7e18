/**
 * The outbox writes nodemailer's MIME tree in one synchronous pass (mailer.ts compose). These tests hold it to
 * the bytes nodemailer's own streams make of the same tree (MimeNode.build), for the messages we send and for
 * generated ones that reach every encoding: 7-bit, quoted-printable with soft breaks, trailing whitespace and
 * lone dots, base64 text, attachments, encoded words in headers.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { compose, type MailMessage } from './mailer.ts';
import { quoteMail } from '../quotes/mail.ts';
import { priceQuote } from '../rating/index.ts';
import { prepared, typicalRequest } from '../rating/testing.ts';
import { quotePolicy, type VehicleIdentity } from '../quotes/mapping.ts';
import { decodeVin } from '../vin/decode.ts';
import { seededRandom } from '../testing/seeded-random.ts';

/** What nodemailer's streams make of `mail`, with CRLF line ends as the outbox writes them. */
function composedByStreams(mail: SendMailOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    new MailComposer(mail).compile().build((error, built) => {
      if (error) reject(error);
      else resolve(Buffer.from(built.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1'));
    });
  });
}

/** A quote answer as the quote call makes it, for its e-mail. */
function typicalAnswer() {
  const request = typicalRequest('AZ');
  const identities = request.vehicles.map((vehicle) => decodeVin(vehicle.vin, new Date('2026-11-21T12:00:00')) as VehicleIdentity);
  return quotePolicy({ quoteNumber: 'PPMQ-0000-0001', request, priced: priceQuote(prepared(request)), identities });
}

const FIXED = { from: '"Apex Pay-Per-Mile" <care@apex-ppm.example>', date: new Date('2026-03-01T09:30:00Z'), messageId: '<fixed@apex-ppm.example>', baseBoundary: '0123456789abcdef' };

/** Asserts both make the same bytes; returns them. */
async function assertSameBytes(message: MailMessage): Promise<string> {
  const mail = { ...FIXED, ...message };
  const ours = compose(mail);
  const theirs = await composedByStreams(mail);
  assert.equal(ours.bytes.toString('latin1'), theirs.toString('latin1'));
  assert.equal(ours.messageId, FIXED.messageId);
  return theirs.toString('latin1');
}

// pieces that make each encoder decide something: spaces and tabs before line ends, a lone dot, '=', long words,
// accented Latin (quoted-printable), CJK and emoji (base64 once they are most of the text), CR and CRLF
const PIECES = ['Hello', ' ', ' ', '\t', '\n', '\r\n', '.', '=', 'é', 'Zoë', 'Ärztin', '–', '日本語の見積もり', '🚗', 'x'.repeat(90), 'https://apex-ppm.example/receive-a-quote?retrieve=abc', '=3D', '$1,234.56'];

function generatedText(random: () => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index += 1) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

describe('the outbox composes the bytes nodemailer streams', () => {
  test('a quote e-mail as the quote call sends it', async () => {
    await assertSameBytes(quoteMail(typicalAnswer(), 'token-abc', 'https://apex-ppm.example'));
  });

  test('plain ASCII short lines: 7-bit, no encoding', async () => {
    await assertSameBytes({ to: 'ada@example.com', subject: 'Your quote PPMQ-1', text: 'Hello,\n.\nA line that is only a dot.', html: '<p>Hello</p>' });
  });

  test('a reply-to, a recipient with an accented name and attachments of several kinds', async () => {
    const pdf = Buffer.alloc(5000, 0);
    for (let index = 0; index < pdf.length; index += 1) pdf[index] = (index * 31) % 256;
    await assertSameBytes({
      to: 'Zoë Ärztin <zoe@example.com>',
      replyTo: 'Ada Lovelace <ada@example.com>',
      subject: 'Your ID card – PPM-000123 ✔',
      text: 'Hello Zoë,\nyour card is attached.  \n\t\n',
      html: '<p>Hello Zoë,</p>',
      attachments: [
        { filename: 'id-card.pdf', contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' },
        { filename: 'photo 1.jpg', contentType: 'image/jpeg', content: Buffer.from('\xff\xd8\xff', 'latin1').toString('base64'), encoding: 'base64' },
      ],
    });
  });

  test('300 generated messages, each of every size up to a few KB', async () => {
    const random = seededRandom(25); // the same messages on every run
    // what the generated messages made nodemailer choose for their text: each must come up, or the test proves less than it says
    const textEncodings = new Set<string>();
    for (let index = 0; index < 300; index += 1) {
      const message: MailMessage = {
        to: random() < 0.5 ? 'ada@example.com' : `${generatedText(random, 3).replace(/[\r\n]/g, '')} <ada@example.com>`,
        subject: generatedText(random, 1 + Math.floor(random() * 12)).replace(/[\r\n]/g, ' '),
        text: generatedText(random, Math.floor(random() * 400)),
        html: `<p>${generatedText(random, Math.floor(random() * 200))}</p>`,
      };
      if (random() < 0.2) {
        message.attachments = [{ filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from(generatedText(random, 50)).toString('base64'), encoding: 'base64' }];
      }
      const bytes = await assertSameBytes(message);
      for (const [, encoding] of bytes.matchAll(/Content-Type: text\/plain[^\r]*\r\nContent-Transfer-Encoding: (\S+)/g)) textEncodings.add(encoding!);
    }
    assert.deepEqual([...textEncodings].sort(), ['7bit', 'base64', 'quoted-printable']);
  });
});
