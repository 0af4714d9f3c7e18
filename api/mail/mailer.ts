/**
 * Real MIME mail through nodemailer. With SMTP_URL it goes to that server; without, each message is
 * written whole (headers, multipart text + HTML) to DATA_DIR/outbox as an .eml file, which a mail client
 * opens, a person reads at /dev/outbox and a test parses. File names sort by time and hold no personal data.
 */
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { encode as encodeBase64, wrap as wrapBase64 } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { Encoder as QuotedPrintableEncoder } from 'nodemailer/lib/qp';
import { BRAND } from '../../contract/index.ts';
import { secureRandomBytes } from '../random.ts';
import { outboxFileName, outboxFolder } from './outbox-folder.ts';

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

/** The line length of nodemailer's base64 and quoted-printable encoders. */
const LINE_LENGTH = 76;

/** An e-mail's file in the outbox (./outbox-folder.ts outboxFileName(date, 'eml')). */
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
  const outbox = outboxFolder(options.outboxDir);
  return {
    kind: 'outbox',
    async send(message) {
      const date = clock();
      // the Message-ID and the boundaries from our pool: nodemailer would draw eight times from the CSPRNG
      const composed = compose({ from, ...message, date, messageId: `<${secureRandomBytes(16).toString('hex')}@${fromDomain}>`, baseBoundary: secureRandomBytes(8).toString('hex') });
      const file = await outbox.write(outboxFileName(date, 'eml'), composed.bytes);
      return { messageId: composed.messageId, file };
    },
    close: () => {},
  };
}

/**
 * The whole message as it goes over the wire, and its Message-ID, exactly as SMTP would carry it (CRLF line
 * ends). nodemailer's MailComposer makes the MIME tree: the parts, every header and each part's transfer
 * encoding. The tree is then written out in one pass, as MimeNode.stream writes it but without its streams
 * (a PassThrough, an encoder and a pipeline per part, a tick between parts): a quote e-mail took 0.57 to 0.65
 * ms of CPU through them and takes 0.27 to 0.37 so (issue 25, one process, four rounds alternated).
 * api/mail/compose.test.ts holds the two to the same bytes.
 */
export function compose(mail: SendMailOptions): { bytes: Buffer; messageId: string } {
  const root = new MailComposer(mail).compile();
  const written: string[] = [];
  writeNode(root, written);
  let text = written.join('');
  // MimeNode's LastNewline: the message ends with a line end
  if (!text.endsWith('\n')) text += text.endsWith('\r') ? '\n' : '\r\n';
  // Bare line ends in the text as given become CRLF, as the stream transport's newline: 'windows' made
  // them; the message is 7-bit or 8-bit bytes, which latin1 carries through unchanged.
  return { bytes: Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'latin1'), messageId: root.messageId() };
}

/**
 * `bytes` quoted-printable, by nodemailer's own encoder run by hand (its `_transform` and `_flush`, what a stream
 * would call): where its soft line breaks fall depends on how the input came in (the stream holds back trailing
 * whitespace until its end), so encoding the whole text at once with qp.encode and qp.wrap differs from the
 * stream at the end of some texts. One chunk, as MimeNode's stream hands a part's text in one.
 */
function quotedPrintable(bytes: Buffer): string {
  const encoder = new QuotedPrintableEncoder({ lineLength: LINE_LENGTH });
  const encoded: string[] = [];
  encoder.push = (chunk: string | Buffer) => {
    encoded.push(typeof chunk === 'string' ? chunk : chunk.toString('latin1'));
    return true;
  };
  const failed = (error?: Error | null) => {
    if (error) throw error;
  };
  // a Buffer chunk comes with the encoding 'buffer', which node's types leave out of BufferEncoding
  encoder._transform(bytes, 'buffer' as BufferEncoding, failed);
  encoder._flush(failed);
  return encoded.join('');
}

/** One node of the tree and the nodes under it, appended to `written` as latin1 text (one char a byte). */
function writeNode(node: MimeNode, written: string[]): void {
  // in MimeNode.stream's order: the encoding is decided before the headers are built, which sets the boundary
  const transferEncoding = node.getTransferEncoding();
  written.push(`${node.buildHeaders()}\r\n\r\n`);
  const content = node.content;
  if (content) {
    if (content instanceof Error) throw content;
    if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new Error('the outbox writes parts held in memory only');
    if (transferEncoding === 'base64') written.push(wrapBase64(encodeBase64(content), LINE_LENGTH));
    else if (transferEncoding === 'quoted-printable') {
      // nodemailer encodes QP outside text/* as binary (a lone CR or LF is data); no message of ours has such a part
      if (!/^text\//i.test(node.contentType ?? '')) throw new Error('quoted-printable outside text/* is not written by the outbox');
      written.push(quotedPrintable(typeof content === 'string' ? Buffer.from(content, 'utf8') : content));
    } else written.push(typeof content === 'string' ? Buffer.from(content, 'utf8').toString('latin1') : content.toString('latin1'));
  }
  if (!node.multipart) return;
  node.childNodes.forEach((child, index) => {
    written.push(`${index > 0 ? '\r\n' : ''}--${node.boundary}\r\n`);
    writeNode(child, written);
  });
  written.push(`\r\n--${node.boundary}--\r\n`);
}
