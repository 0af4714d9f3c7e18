/**
 * The texter: delivers a text message, like the mailer delivers an e-mail.
 *
 * - With TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set, through Twilio's Messages API:
 *   POST {TWILIO_API_URL}/2010-04-01/Accounts/{sid}/Messages.json with a form body (To, From, Body) and
 *   HTTP basic auth (sid, token), with fetch. TWILIO_FROM may be a Messaging Service (MG...), which Twilio
 *   takes as MessagingServiceSid instead of From. TWILIO_API_URL points tests at a stand-in on loopback.
 * - Otherwise each text is written to DATA_DIR/outbox beside the e-mails as a small `.sms.txt` file
 *   (To, From, Date, a blank line, the body), listed on /dev/outbox and read by tests.
 *
 * A failure throws; the queue (api/mail/queue.ts) logs it and tries again on its schedule. The error says
 * the status and the provider's error code only: Twilio's messages quote the recipient's number, which
 * must not reach a log.
 */
import { BRAND } from '../../contract/index.ts';
import type { TwilioConfig } from '../config.ts';
import type { TextMessage } from './texts.ts';
import { outboxFileName, outboxFolder } from '../mail/outbox-folder.ts';

export interface SentText {
  /** The provider's message id (Twilio's SM...), or the outbox file's name. */
  id: string;
  /** The .sms.txt file, when written to the outbox. */
  file?: string;
}

export interface Texter {
  readonly kind: 'twilio' | 'outbox';
  send(message: TextMessage): Promise<SentText>;
}

export interface TexterOptions {
  twilio?: TwilioConfig | undefined;
  outboxDir: string;
  clock?: () => Date;
  /** How long to wait for the provider's answer before the attempt counts as failed. */
  timeoutMs?: number;
}

/** Twilio answers in well under a second; past this the attempt is failed and retried on the queue's schedule. */
const TEXT_PROVIDER_TIMEOUT_MS = 15_000;

/** 2025-03-01T09-30-12-345Z-3f9a1c2b.sms.txt: sorts by time beside the .eml files, nothing about the recipient. */
export const TEXT_OUTBOX_FILE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.sms\.txt$/;

/** What the outbox file of a text says, read back (the /dev/outbox page and tests). */
export interface OutboxText {
  to: string;
  from: string;
  date: string;
  body: string;
}

function formatTextFile(message: TextMessage, from: string, date: Date): string {
  return `To: ${message.to}\nFrom: ${from}\nDate: ${date.toISOString()}\n\n${message.body}\n`;
}

export function parseTextFile(raw: string): OutboxText {
  const gap = raw.indexOf('\n\n');
  const head = gap < 0 ? raw : raw.slice(0, gap);
  const body = gap < 0 ? '' : raw.slice(gap + 2).replace(/\n$/, '');
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
  return { to: field('To'), from: field('From'), date: field('Date'), body };
}

/** A provider's refusal or failure, without anything the provider said about the recipient. */
class TextProviderError extends Error {
  override name = 'TextProviderError';
}

function twilioTexter(twilio: TwilioConfig, timeoutMs: number): Texter {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(twilio.from) ? { MessagingServiceSid: twilio.from } : { From: twilio.from };
  return {
    kind: 'twilio',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, ...sender, Body: message.body }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown } | null;
      if (!response.ok) {
        const code = typeof answer?.code === 'number' ? ` (error ${answer.code})` : '';
        throw new TextProviderError(`the text provider answered ${response.status}${code}`);
      }
      if (typeof answer?.sid !== 'string') throw new TextProviderError(`the text provider answered ${response.status} without a message id`);
      return { id: answer.sid };
    },
  };
}

function outboxTexter(outboxDir: string, clock: () => Date): Texter {
  const outbox = outboxFolder(outboxDir);
  return {
    kind: 'outbox',
    async send(message) {
      const date = clock();
      const name = outboxFileName(date, 'sms.txt');
      return { id: name, file: await outbox.write(name, formatTextFile(message, BRAND.productName, date)) };
    },
  };
}

export function createTexter(options: TexterOptions): Texter {
  if (options.twilio) return twilioTexter(options.twilio, options.timeoutMs ?? TEXT_PROVIDER_TIMEOUT_MS);
  return outboxTexter(options.outboxDir, options.clock ?? (() => new Date()));
}
