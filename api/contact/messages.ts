/**
 * A Contact Us message (doc 1 "Contact Us"; POST /api/contact/submit): stored, e-mailed to customer care with
 * Reply-To the sender, and acknowledged to the sender, in one transaction with the mail queue
 * (api/mail/queue.ts), so a database failure leaves neither a message without its mails nor mails without
 * their message.
 *
 * Idempotent by the request's Idempotency-Key. A repeat (a double press, a retry after a lost answer) is
 * answered by the one mechanism of api/http/idempotency.ts before this runs: the stored 201 again, 422 under
 * another payload, 409 while the first runs. The table keeps the key too (migration 017, UNIQUE) with the
 * request's fingerprint, in the same transaction as the message and its mails: that makes a message exist
 * once per key also when a process stored it and died before the answer was stored, and a retry took the
 * key over and ran this again; it then finds the stored message and sends nothing (another fingerprint under
 * the key is refused). Two requests that both get this far meet at the unique index: the second waits for the
 * first's transaction and then finds its row.
 *
 * The rate limit counts inside the same transaction, after the key is looked at: a replay is not counted, a
 * refused or failed request is rolled back with its count.
 *
 * Anyone can type any address, so the acknowledgements to one mailbox are limited per hour (like the quote
 * and account e-mails); past that limit the message still reaches customer care, without an acknowledgement.
 */
import type { ContactRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { Queryable } from '../db/db.ts';
import type { IdempotentRequest } from '../http/idempotency.ts';
import type { Limiter } from '../limiter.ts';
import { enqueueMail } from '../mail/queue.ts';
import { ACKNOWLEDGEMENT_MAIL_KIND, CARE_MAIL_KIND, acknowledgementMail, careMail } from './contact-mail.ts';

export type ContactOutcome =
  | { kind: 'sent'; reference: string }
  /** The same key and payload were sent before: nothing new is stored or mailed. */
  | { kind: 'replayed'; reference: string }
  /** The key was used for another payload. */
  | { kind: 'key-reused' }
  | { kind: 'rate-limited'; retryAfter: number };

/** What the care desk and the sender quote: short, not guessable into anything, from the row's id. */
function contactReference(id: number): string {
  return `C-${String(id).padStart(6, '0')}`;
}

/** Thrown inside the transaction to roll it back with the rate limit's verdict. */
class Refused extends Error {
  readonly outcome: ContactOutcome;
  constructor(outcome: ContactOutcome) {
    super(outcome.kind);
    this.outcome = outcome;
  }
}

async function insertMessage(tx: Queryable, key: string, hash: string, request: ContactRequest, now: Date): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO contact_messages
       (idempotency_key, request_hash, subject, body, first_name, middle_name, last_name, suffix, email, phone, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id::int AS id`,
    [
      key,
      hash,
      request.customSubject.trim(),
      request.emailBody.trim(),
      request.userFirstName.trim(),
      request.userMiddleName?.trim() || null,
      request.userLastName.trim(),
      request.userSuffixName?.trim() || null,
      request.userEmailAddress.trim(),
      request.userPhoneNumber ?? null,
      now,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function submitContact(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mail'>,
  input: { request: ContactRequest; idempotent: IdempotentRequest; client: string; limit: Limiter; mailLimit: Limiter },
): Promise<ContactOutcome> {
  const { request } = input;
  const { key, requestHash: hash } = input.idempotent;
  let outcome: ContactOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<ContactOutcome> => {
      const now = deps.clock();
      const id = await insertMessage(tx, key, hash, request, now);
      if (id === null) {
        const [stored] = await tx.query<{ id: number; request_hash: string }>(
          'SELECT id::int AS id, request_hash FROM contact_messages WHERE idempotency_key = $1',
          [key],
        );
        if (!stored || stored.request_hash !== hash) return { kind: 'key-reused' };
        return { kind: 'replayed', reference: contactReference(stored.id) };
      }
      const counted = await input.limit.take(input.client, tx);
      if (counted !== 'ok') throw new Refused({ kind: 'rate-limited', retryAfter: counted.retryAfterSeconds });
      const reference = contactReference(id);
      await enqueueMail(tx, CARE_MAIL_KIND, careMail(request, deps.config.careEmail, reference), now);
      if ((await input.mailLimit.take(request.userEmailAddress.trim().toLowerCase(), tx)) === 'ok') {
        await enqueueMail(tx, ACKNOWLEDGEMENT_MAIL_KIND, acknowledgementMail(request, reference), now);
      }
      return { kind: 'sent', reference };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
  // Delivery starts after the commit, so the mails never leave for a message that was rolled back.
  if (outcome.kind === 'sent') void deps.mail.deliverDue();
  return outcome;
}
