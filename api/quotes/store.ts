/**
 * Storage of quotes and their e-mail links (migration 002_quotes.sql). Answers are kept as the JSON the
 * shopper was shown and read back as text, so a lookup sends the stored answer without re-building it.
 */
import type { Queryable } from '../db/db.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { QuotePolicy } from '../../contract/index.ts';
import { hashToken, newLinkToken, newQuoteNumber } from './numbering.ts';

/** How long the link in the quote e-mail opens the quote (ours: two weeks, long enough to think it over). */
export const LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Draws of a fresh number before giving up: with 2^40 numbers a second draw is already rare. */
const NUMBER_ATTEMPTS = 5;

export interface QuoteKeys {
  /** The shopper's e-mail, trimmed and lower-cased (the lookup ignores letter case). */
  emailLower: string;
  /** The insured's date of birth, YYYY-MM-DD. */
  dob: string;
  /** The mailing ZIP. */
  zip: string;
  ratedState: string;
  rateTableVersion: string;
  /** SHA-256 of the validated request and the rate-table version: same hash, same price. */
  requestHash: string;
  request: unknown;
}

export interface StoredQuote {
  quoteNumber: string;
  policy: QuotePolicy;
  /** The single-use link token, in clear only here, for the e-mail. */
  token: string;
}

/** The e-mail that goes with a stored quote, queued with it (api/mail/queue.ts). */
export type QuoteMailFor = (stored: { policy: QuotePolicy; token: string }) => { kind: string; message: MailMessage };

/**
 * Stores a new quote under a fresh number, with its link and, when `mail` is given, its e-mail in the mail
 * queue, all in one statement: none of the three exists without the others, so a quote the shopper was
 * answered always has its e-mail on the way. `answer` builds the policy for the drawn number.
 */
export async function storeQuote(
  db: Queryable,
  keys: QuoteKeys,
  answer: (quoteNumber: string) => QuotePolicy,
  now: Date,
  mail: QuoteMailFor | null = null,
): Promise<StoredQuote> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const quoteNumber = newQuoteNumber();
    const policy = answer(quoteNumber);
    const token = newLinkToken();
    const queued = mail?.({ policy, token }) ?? null;
    const rows = await db.query<{ quote_id: number }>(
      `WITH quote AS (
         INSERT INTO quotes (quote_number, status, email_lower, dob, zip, rated_state, rate_table_version,
                             request_hash, request, response, created_at)
         VALUES ($1, 'QUOTE', $2, $3::date, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)
         ON CONFLICT (quote_number) DO NOTHING
         RETURNING id
       ),
       link AS (
         INSERT INTO quote_links (token_hash, quote_id, expires_at)
         SELECT $11, id, $12 FROM quote
         RETURNING quote_id
       ),
       queued AS (
         INSERT INTO mail_queue (kind, message, created_at, next_attempt_at)
         SELECT $13::text, $14::jsonb, $10, $10 FROM link WHERE $13::text IS NOT NULL
       )
       SELECT quote_id FROM link`,
      [
        quoteNumber,
        keys.emailLower,
        keys.dob,
        keys.zip,
        keys.ratedState,
        keys.rateTableVersion,
        keys.requestHash,
        JSON.stringify(keys.request),
        JSON.stringify(policy),
        now,
        hashToken(token),
        new Date(now.getTime() + LINK_TTL_MS),
        queued?.kind ?? null,
        queued ? JSON.stringify(queued.message) : null,
      ],
    );
    if (rows.length === 1) return { quoteNumber, policy, token };
  }
  throw new Error(`no free quote number after ${NUMBER_ATTEMPTS} draws`);
}

/**
 * The answer of an identical request (same hash) made since `since` and still a quote: a double-clicked
 * Calculate, or the wizard re-requesting on Continue, gets the same number and no second e-mail.
 */
export async function recentIdenticalQuote(db: Queryable, requestHash: string, since: Date): Promise<string | null> {
  const rows = await db.query<{ response: string }>(
    `SELECT response::text AS response FROM quotes
     WHERE request_hash = $1 AND created_at >= $2 AND status = 'QUOTE'
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [requestHash, since],
  );
  return rows[0]?.response ?? null;
}

/**
 * The newest open quote for e-mail, date of birth and ZIP, as its stored answer, or null.
 *
 * Timing: every miss (unknown e-mail, known e-mail with a wrong date of birth or ZIP) is this same
 * statement, one descent of the (email_lower, dob, zip) index that ends on an empty range, so an
 * unknown address and a wrong birth date cost the same. Comparing in the database on all three keys at
 * once is what makes that so; fetching the e-mail's quotes first and comparing birth dates here would
 * make the work grow with the number of quotes an address has, which is the leak to avoid.
 */
export async function findQuoteForLookup(db: Queryable, emailLower: string, dob: string, zip: string): Promise<string | null> {
  const rows = await db.query<{ response: string }>(
    `SELECT response::text AS response FROM quotes
     WHERE email_lower = $1 AND dob = $2::date AND zip = $3 AND status = 'QUOTE'
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [emailLower, dob, zip],
  );
  return rows[0]?.response ?? null;
}

/**
 * Spends a link: marks it used and returns its quote's answer, in one statement, so two tabs opening the
 * same link at once cannot both win. Null when the token is unknown, used, expired, or its quote is no
 * longer open.
 */
export async function redeemLink(db: Queryable, token: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ response: string }>(
    `WITH spent AS (
       UPDATE quote_links SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING quote_id
     )
     SELECT q.response::text AS response FROM quotes q JOIN spent ON q.id = spent.quote_id
     WHERE q.status = 'QUOTE'`,
    [hashToken(token), now],
  );
  return rows[0]?.response ?? null;
}
