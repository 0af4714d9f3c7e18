/**
 * Text messages (SMS), the second channel of the message queue. A use case queues a text with
 * `enqueueText(tx, ...)` inside its own transaction, exactly like `enqueueMail`: the row lands in
 * mail_queue with channel 'text' (migration 007), and the queue (api/mail/queue.ts) hands it to the texter
 * (./texter.ts) with the same leases, retries and erasure of the content as an e-mail. After the transaction
 * commits, `deps.mail.deliverDue()` sends it at once.
 *
 * A text is read on a lock screen and kept by the phone company: it carries what the person needs and
 * nothing more. No names, no addresses, no policy data beyond a number; a link opens the rest.
 */
import type { Queryable } from '../db/db.ts';
import { enqueueMessages, type QueuedMessage } from '../mail/queue.ts';

export interface TextMessage {
  /** The recipient's mobile number in E.164 (+12025550123). */
  to: string;
  /** Plain text; a link is written out whole. */
  body: string;
}

/**
 * A US number in E.164 ('602-555-0134', '(602) 555-0134', '+1 602 555 0134' all give '+16025550134'), or
 * null when it is not 10 digits after an optional country code 1. The contract's phone rule
 * (contract/rules/phone.ts) already holds every stored number to 000-000-0000.
 */
export function usPhoneToE164(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/**
 * Queues a text. `kind` is for logs ('odometer photo text') and carries no personal data. The number is
 * stored in E.164; a number that is not a US number is a bug of the caller (every stored number passed
 * the contract's rule), so it throws rather than queue a text that can never arrive.
 */
export async function enqueueText(db: Queryable, kind: string, message: { to: string; body: string }, now: Date): Promise<void> {
  await enqueueMessages(db, [queuedText(kind, message)], now);
}

/** A text as the queue keeps it (see enqueueText), for a statement that queues it with others. */
export function queuedText(kind: string, message: { to: string; body: string }): QueuedMessage {
  const to = usPhoneToE164(message.to);
  if (to === null) throw new Error(`${kind}: the recipient is not a US phone number`);
  const text: TextMessage = { to, body: message.body };
  return { channel: 'text', kind, message: text };
}
