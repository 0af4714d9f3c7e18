/**
 * Every single-use or expiring token the API hands out (migration 004_tokens.sql; DESIGN.md security
 * baseline): the quote e-mail's link, the hand-over from a dealer's page, account confirmation, the
 * documents, e-sign, odometer and rollover links, and the account's sign-in, reset and setup links. One
 * implementation, so each of them is as strong as the best of them:
 *
 * - 32 bytes from the CSPRNG (256 bits), written in hex: the contract's token rule takes [A-Za-z0-9._~+/=-]
 *   and no underscore, and hex reads unambiguously in a URL.
 * - Only the SHA-256 is stored. A fast hash is right here (unlike passwords): the token has 256 bits of
 *   entropy, so nobody can try candidates against a leaked hash.
 * - Bound to a purpose: a token issued as a quote link is not found when spent as a hand-over.
 * - Expiring: every purpose has a lifetime; an expired token is the same miss as an unknown one.
 * - Single use where the purpose says so: `redeemToken` marks it used in the statement that reads it, so two
 *   tabs spending one token at once cannot both win; `readToken` leaves it usable until it expires.
 * - A token may carry a payload (a hand-over carries the shopper's answers to our origin); it is erased when
 *   the token is spent, so the table keeps no personal data past its use.
 *
 * Each function takes a Queryable, so a use case issues or spends a token inside its own transaction.
 */
import { sha256Hex } from '../hash.ts';
import { secureRandomBytes } from '../random.ts';
import type { Queryable } from '../db/db.ts';
import { valuesList } from '../db/values.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What each kind of token opens, and how long it lives. */
export const TOKEN_PURPOSES = {
  /** The quote e-mail's '?retrieve=' link (ours: two weeks, long enough to think it over). */
  'quote-link': { ttlMs: 14 * DAY, singleUse: true },
  /** An embedded wizard's hand-over to our own site at Purchase Now (issue 7: 10 minutes, exchanged once). */
  handover: { ttlMs: 10 * MINUTE, singleUse: true },
  /** The link in the account confirmation e-mail. */
  'account-confirmation': { ttlMs: 7 * DAY, singleUse: true },
  /**
   * The bind's text with the link for the initial odometer photo (issue 7; its page is a later issue). Read,
   * not spent, while it lives: a photo that fails its checks is taken again through the same link. 30 days:
   * the policy is not issued without the photo, so the link outlives any reasonable delay.
   */
  'odometer-photo': { ttlMs: 30 * DAY, singleUse: false },
  /**
   * The documents link (issue 8: /account/documents/{token}), e-mailed at bind, at issue, in reminders and on
   * request from the My Policy page. It opens the policy's paperwork: its PDFs, the e-signature of its
   * application and the odometer page (the documents page shows both links, and a QR code of the latter).
   * Read, not spent, for 14 days; a fresh one is a request away.
   */
  documents: { ttlMs: 14 * DAY, singleUse: false },
  /**
   * The renewal e-mail's /rollover#<token> link (issue 9; subject: the renewal). Read, not spent, until the
   * term it renews ends: the renewal run issues it with the time left to that day (this is the most).
   */
  rollover: { ttlMs: 31 * DAY, singleUse: false },
  /**
   * The e-mailed sign-in link (issue 9: single use, 10 minutes; subject: the account). Its payload is the
   * page the link opens, on our own site; spending it signs the person in and confirms the account (the
   * link proves the mailbox).
   */
  'magic-link': { ttlMs: 10 * MINUTE, singleUse: true },
  /**
   * The bind's purchase token (issue 19; subject: the quote): proves the person who just paid, for what
   * follows the payment on that page (completing 3-D Secure, the lienholders). Held in the widget's memory
   * and sent in the Purchase-Token header; read, not spent, for two hours.
   */
  purchase: { ttlMs: 120 * MINUTE, singleUse: false },
  /** The forgot-password e-mail's link to the create-password page (issue 9: single use, 10 minutes; subject: the account). */
  'password-reset': { ttlMs: 10 * MINUTE, singleUse: true },
  /**
   * The purchase e-mail's link to create the password of the account a bought policy made (subject: the
   * account). A week: the buyer has the policy's papers to see to first.
   */
  'account-setup': { ttlMs: 7 * DAY, singleUse: true },
  /**
   * The failed-payment e-mail's and text's /account/pay?token= link (issue 21; subject: the bill): pays the
   * bill with the card on file, the bank's 3-D Secure check on our page. Read, not spent, for 30 days: a
   * check left unfinished or a decline is tried again through the same link.
   */
  'bill-payment': { ttlMs: 30 * DAY, singleUse: false },
} as const satisfies Record<string, { ttlMs: number; singleUse: boolean }>;

export type TokenPurpose = keyof typeof TOKEN_PURPOSES;

/** A fresh token: 32 bytes from the CSPRNG, in hex. */
export function newToken(): string {
  return secureRandomBytes(32).toString('hex');
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}

export interface IssueOptions {
  /** The row the token opens (a quote's id, an account's id), when it opens one. */
  subjectId?: number | null;
  /** Data the token carries itself (JSON), erased when it is spent. */
  payload?: unknown;
  /** Overrides the purpose's lifetime (tests, or a shorter-lived variant). */
  ttlMs?: number;
}

/**
 * issueToken as a part of another module's statement, for `token` already drawn (newToken): the quote call
 * stores a quote, its e-mail's link and the e-mail in one statement (api/quotes/store.ts insertQuote). Inserts
 * one token for each row of `subjects`, a FROM clause whose rows have the `id` the token opens. `sql` is an
 * INSERT ... SELECT to stand as a common table expression's body; its parameters are numbered from `first`.
 */
export function issueTokenClause(purpose: TokenPurpose, token: string, now: Date, subjects: string, first: number): { sql: string; params: unknown[] } {
  const p = (n: number) => `$${first + n - 1}`;
  return {
    sql: `INSERT INTO tokens (token_hash, purpose, subject_id, payload, created_at, expires_at)
       SELECT ${p(1)}::text, ${p(2)}::text, id, NULL, ${p(3)}::timestamptz, ${p(4)}::timestamptz FROM ${subjects}`,
    params: [hashToken(token), purpose, now, new Date(now.getTime() + TOKEN_PURPOSES[purpose].ttlMs)],
  };
}

/** Issues a token for `purpose` and returns it in clear: the only time it exists outside the person's hands. */
export async function issueToken(db: Queryable, purpose: TokenPurpose, now: Date, options: IssueOptions = {}): Promise<string> {
  return (await issueTokens(db, now, [{ purpose, ...options }]))[0]!;
}

/** Issues several tokens in one statement (a purchase's links), each as issueToken does; in clear, in the order asked. */
export async function issueTokens(db: Queryable, now: Date, wanted: readonly (IssueOptions & { purpose: TokenPurpose })[]): Promise<string[]> {
  const tokens = wanted.map(() => newToken());
  const values = valuesList(
    wanted.map((options, index) => [
      hashToken(tokens[index]!),
      options.purpose,
      options.subjectId ?? null,
      options.payload === undefined ? null : JSON.stringify(options.payload),
      now,
      new Date(now.getTime() + (options.ttlMs ?? TOKEN_PURPOSES[options.purpose].ttlMs)),
    ]),
    ['', '', '', '::jsonb'],
  );
  await db.query(`INSERT INTO tokens (token_hash, purpose, subject_id, payload, created_at, expires_at) VALUES ${values.sql}`, values.params);
  return tokens;
}

export interface SpentToken<P = unknown> {
  subjectId: number | null;
  payload: P | null;
}

/**
 * Spends a single-use token: marks it used and returns what it opens, in one statement. Null when the
 * token is unknown, of another purpose, already used or expired: one answer for every miss.
 */
export async function redeemToken<P = unknown>(db: Queryable, purpose: TokenPurpose, token: string, now: Date): Promise<SpentToken<P> | null> {
  const rows = await db.query<{ subject_id: string | number | null; payload: P | null }>(
    `WITH spent AS (
       SELECT token_hash, subject_id, payload FROM tokens
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
       FOR UPDATE
     )
     UPDATE tokens t SET used_at = $3, payload = NULL
     FROM spent WHERE t.token_hash = spent.token_hash
     RETURNING spent.subject_id::text AS subject_id, spent.payload AS payload`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  return { subjectId: row.subject_id === null ? null : Number(row.subject_id), payload: row.payload };
}

/** Reads a token that may be used until it expires (documents): what it opens, or null for any miss. */
export async function readToken<P = unknown>(db: Queryable, purpose: TokenPurpose, token: string, now: Date): Promise<SpentToken<P> | null> {
  const rows = await db.query<{ subject_id: string | null; payload: P | null }>(
    `SELECT subject_id::text AS subject_id, payload FROM tokens
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  return { subjectId: row.subject_id === null ? null : Number(row.subject_id), payload: row.payload };
}

/** Ends every live token of `purpose` for `subjectId` (a quote that was bought has no live links). */
export async function revokeTokens(db: Queryable, purpose: TokenPurpose, subjectId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE tokens SET used_at = $3, payload = NULL WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL`,
    [purpose, subjectId, now],
  );
}

/** Removes tokens that expired or were spent before `before` (daily, under a lease: ./sweep-job.ts). */
export async function sweepTokens(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM tokens WHERE expires_at < $1 OR used_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
