/**
 * The mail queue: requests store their e-mail in mail_queue (migration 003) and answer; the sender
 * delivers it through the mailer (SMTP or the outbox) and tries again when the mail server fails.
 *
 * - Delivery starts at once after an enqueue (`wake`), so in the ordinary case the mail leaves within
 *   milliseconds of the answer; a timer (`start`) picks up retries and mail left by a stopped process.
 * - Claiming is one statement with FOR UPDATE SKIP LOCKED that also pushes the message's next attempt past
 *   a lease: replicas never send the same message twice at the same time, and a sender that dies mid-send
 *   leaves its message to be tried again after the lease.
 * - At most MAX_ATTEMPTS tries, RETRY_DELAYS_MS apart; then the message is given up and logged. Delivered or
 *   given up, the message's content is erased: the queue keeps no addresses and no live link tokens. The bare
 *   rows (kind, times, attempts, a redacted error) go after KEEP_DONE_MS, in an hourly sweep.
 * - Logs name the kind of mail and the attempt, never the recipient (api/log.ts redacts the error text).
 *
 * Text messages ride the same queue (migration 007: `channel` 'text', queued by api/messages/texts.ts): a
 * queue built with a texter claims both channels and hands each row to its adapter; one built without
 * leaves texts to a process that has one.
 *
 * Delivery is at least once: a process that dies between the mail server's acceptance and the UPDATE
 * that records it sends that message again after the lease. For a quote e-mail that is the right side to
 * err on.
 */
import type { Db, Queryable } from '../db/db.ts';
import { valuesList } from '../db/values.ts';
import { logError, redact, type LogSink } from '../log.ts';
import { backgroundPass } from '../background-pass.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { Texter } from '../messages/texter.ts';
import type { TextMessage } from '../messages/texts.ts';

/** Waits after the 1st, 2nd, ... failed attempt; the attempt after the last wait is the final one. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed message stays with its sender before another may try it. */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** How often the timer looks for retries that have come due. */
const RETRY_SCAN_MS = 30_000;
/** Rows of delivered or given-up mail (already without content) are kept this long for the record. */
export const KEEP_DONE_MS = 30 * 86_400_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 10;

/** A message for enqueueMessages. */
export interface QueuedMessage {
  channel: 'mail' | 'text';
  kind: string;
  message: unknown;
}

/**
 * Queues messages, each on its `channel` ('mail': the mailer; 'text': the texter, migration 007). `kind` is for logs
 * ('quote mail') and carries no personal data. Called with the transaction that stores what the message is
 * about, so neither exists without the other. Several go in one statement (a purchase's e-mail and text).
 */
export async function enqueueMessages(db: Queryable, messages: readonly QueuedMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  const values = valuesList(messages.map(({ channel, kind, message }) => [channel, kind, JSON.stringify(message), now, now]));
  await db.query(`INSERT INTO mail_queue (channel, kind, message, created_at, next_attempt_at) VALUES ${values.sql}`, values.params);
}

/**
 * enqueueMail as a part of another module's statement (the quote call stores a quote, its link and its e-mail
 * in one: api/quotes/store.ts insertQuote): an INSERT queuing the e-mail once for each row of `when`, a FROM
 * clause (the quote stored, when its e-mail may go). `sql` is an INSERT ... SELECT to stand as a common table
 * expression's body; its parameters are numbered from `first`.
 */
export function enqueueMailClause(kind: string, message: MailMessage, now: Date, when: string, first: number): { sql: string; params: unknown[] } {
  const p = (n: number) => `$${first + n - 1}`;
  return {
    sql: `INSERT INTO mail_queue (channel, kind, message, created_at, next_attempt_at)
       SELECT 'mail', ${p(1)}::text, ${p(2)}::json, ${p(3)}::timestamptz, ${p(3)}::timestamptz FROM ${when}`,
    params: [kind, JSON.stringify(message), now],
  };
}

/** Queues an e-mail (see enqueueMessages). */
export async function enqueueMail(db: Queryable, kind: string, message: MailMessage, now: Date): Promise<void> {
  await enqueueMessages(db, [{ channel: 'mail', kind, message }], now);
}

export interface MailQueue {
  /** Stores the message and starts delivering it. Rejects only when the database does. */
  send(kind: string, message: MailMessage): Promise<void>;
  /** Delivers what is due now; resolves when a pass over the due messages has finished. */
  deliverDue(): Promise<void>;
  /** Resolves once no delivery is running (tests wait on it before reading the outbox). */
  settled(): Promise<void>;
  /** Retries on a timer, and a first pass now for what a previous process left. */
  start(): void;
  /** Stops the timer and waits for a running delivery to finish. */
  stop(): Promise<void>;
}

type Claimed = { id: number; kind: string; attempts: number } & (
  | { channel: 'mail'; message: MailMessage }
  | { channel: 'text'; message: TextMessage }
);

export function createMailQueue(options: { db: Db; mailer: Mailer; texter?: Texter | undefined; clock: () => Date; log: LogSink }): MailQueue {
  const { db, mailer, texter, clock, log } = options;
  const channels = texter ? ['mail', 'text'] : ['mail'];
  let sweptAt: number | null = null;

  async function claim(now: Date): Promise<Claimed[]> {
    return db.query<Claimed>(
      `UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = $2
       WHERE id IN (
         SELECT id FROM mail_queue
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 AND channel = ANY($3::text[])
         ORDER BY next_attempt_at, id LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED)
       RETURNING id::int AS id, channel, kind, message, attempts`,
      [now, new Date(now.getTime() + CLAIM_LEASE_MS), channels],
    );
  }

  /** Sends one claimed message: its id when the server took it, else null (the failure is recorded). */
  async function deliver(item: Claimed): Promise<number | null> {
    try {
      if (item.channel === 'text') await texter!.send(item.message);
      else await mailer.send(item.message);
      return item.id;
    } catch (error) {
      const now = clock();
      // Kept for whoever looks into a stuck message; redacted like a log line, as it outlives the message.
      const reason = redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
      if (item.attempts >= MAX_ATTEMPTS) {
        logError(log, `${item.kind} (attempt ${item.attempts} of ${MAX_ATTEMPTS}, given up)`, error);
        await db.query('UPDATE mail_queue SET failed_at = $2, message = NULL, last_error = $3 WHERE id = $1', [item.id, now, reason]);
      } else {
        const retryAt = new Date(now.getTime() + RETRY_DELAYS_MS[item.attempts - 1]!);
        logError(log, `${item.kind} (attempt ${item.attempts} of ${MAX_ATTEMPTS}, next at ${retryAt.toISOString()})`, error);
        await db.query('UPDATE mail_queue SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [item.id, retryAt, reason]);
      }
      return null;
    }
  }

  async function pass(): Promise<void> {
    const now = clock();
    if (sweptAt === null || now.getTime() - sweptAt >= SWEEP_EVERY_MS) {
      await db.query('DELETE FROM mail_queue WHERE sent_at < $1 OR failed_at < $1', [new Date(now.getTime() - KEEP_DONE_MS)]);
      sweptAt = now.getTime();
    }
    for (;;) {
      const batch = await claim(clock());
      // A batch goes out together: an SMTP round trip per message, one after another, would let a burst
      // of quotes queue up behind a slow mail server. (deliver never rejects on the mail server's account.)
      // What was sent is recorded in one statement for the batch, not one per message (issue 11: a quote's
      // database work). A process that dies before it sends those again after the lease: at least once.
      const sent = (await Promise.all(batch.map(deliver))).filter((id) => id !== null);
      if (sent.length > 0) {
        await db.query('UPDATE mail_queue SET sent_at = $2, message = NULL, last_error = NULL WHERE id = ANY($1::bigint[])', [sent, clock()]);
      }
      if (batch.length < BATCH) return;
    }
  }

  /** One delivery pass at a time per process; a wake during a pass runs one more pass after it. */
  const worker = backgroundPass({ name: 'mail queue', pass, intervalMs: RETRY_SCAN_MS, log });
  const wake = worker.kick;

  return {
    async send(kind, message) {
      await enqueueMail(db, kind, message, clock());
      void wake();
    },
    deliverDue: wake,
    settled: worker.settled,
    start: worker.start,
    stop: worker.stop,
  };
}
