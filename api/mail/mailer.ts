/**
 * Real MIME mail through nodemailer. With SMTP_URL it goes to that server; without, each message is
 * written whole (headers, multipart text + HTML) to DATA_DIR/outbox as an .eml file, which a mail client
 * opens, a person reads at /dev/outbox and a test parses. File names sort by time and hold no personal data.
 */
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { BRAND } from '../../contract/index.ts';
import { secureRandomBytes } from '../random.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of From: (customer care answering a contact message answers its sender). */
  replyTo?: string;
  /** Files sent with the message (the ID card PDF of a card request), passed to nodemailer as they are. */
  attachments?: MailAttachment[];
}

/** nodemailer's attachment, as JSON can carry it (the queue stores messages as JSON). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
  encoding: 'base64';
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when written to the outbox. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from?: string | undefined;
  clock?: () => Date;
}

const DEFAULT_FROM = `"${BRAND.productName}" <${BRAND.email}>`;

/** Connections kept open to the SMTP server (nodemailer's pool). */
export const SMTP_CONNECTIONS = 3;

/** 2025-03-01T09-30-12-345Z-3f9a1c2b.eml: sortable by name, unique, nothing about the recipient. */
function outboxFileName(date: Date): string {
  return `${date.toISOString().replace(/[:.]/g, '-')}-${secureRandomBytes(4).toString('hex')}.eml`;
}

export const OUTBOX_FILE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/;

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const clock = options.clock ?? (() => new Date());
  if (options.smtpUrl) {
    // Pooled: the mail queue sends a batch at once, over a few kept-open connections instead of a TLS
    // handshake per message. SMTP_URL's own query (?pool=false, ?maxConnections=2) wins over these.
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS });
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message, date: clock() });
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const fromDomain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  // The .eml is exactly what would go over SMTP (CRLF line ends), composed by nodemailer's MailComposer
  // itself: sendMail through a stream transport built the same message through its plugin chain and two more
  // streams, at 1.1 ms of CPU a message against 0.5 ms (issue 25: one e-mail goes with every quote).
  /**
   * Creates `path` (never over an existing file) with `bytes`. Off the event loop: creating a file in the
   * outbox cost 0.2 to 0.9 ms of the main thread per message under the quote bench's load (issue 11). The
   * directory is made once, and again should someone have removed it since.
   */
  let outboxMade: Promise<unknown> | null = null;
  // node:fs's callback writeFile, not node:fs/promises': the promise API opens a FileHandle for every file
  // (an object with its own close and a finaliser), which the quote bench showed in the quote's CPU: 2.3 to
  // 2.9 ms a quote with it, 1.6 to 2.8 without, four runs of each alternated (issue 25).
  const writeFile = promisify(writeFileCallback);
  async function writeNew(path: string, bytes: Buffer): Promise<void> {
    outboxMade ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
      outboxMade = null; // tried again with the next message (the mail queue retries this one)
      throw error;
    });
    await outboxMade;
    try {
      await writeFile(path, bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
    }
  }
  return {
    kind: 'outbox',
    async send(message) {
      const date = clock();
      // the Message-ID and the boundaries from our pool: nodemailer would draw eight times from the CSPRNG
      const composed = await compose({ from, ...message, date, messageId: `<${secureRandomBytes(16).toString('hex')}@${fromDomain}>`, baseBoundary: secureRandomBytes(8).toString('hex') });
      const name = outboxFileName(date);
      const file = join(options.outboxDir, name);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const partial = join(options.outboxDir, `.${name}.partial`);
      await writeNew(partial, composed.bytes);
      await rename(partial, file);
      return { messageId: composed.messageId, file };
    },
    close: () => {},
  };
}

/** The whole message as it goes over the wire, and its Message-ID. */
function compose(mail: SendMailOptions): Promise<{ bytes: Buffer; messageId: string }> {
  return new Promise((resolvePromise, reject) => {
    const root = new MailComposer(mail).compile();
    root.build((error, built) => {
      if (error) return reject(error);
      // Bare line ends in the text as given become CRLF, as the stream transport's newline: 'windows' made
      // them; the message is 7-bit or 8-bit bytes, which latin1 carries through unchanged.
      resolvePromise({ bytes: Buffer.from(built.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1'), messageId: root.messageId() });
    });
  });
}
