/**
 * The quote aggregate's tables: quotes (migration 002), quote_versions (014) and account_quotes (010, the
 * quotes an account saved): the only module that writes or reads them, each function taking the handle (a
 * transaction or the database) it runs in. A quote's e-mail links are tokens (api/tokens/tokens.ts) and its
 * e-mail a queued message (api/mail/queue.ts), written through their owners. Answers are kept as the JSON the
 * shopper was shown and read back as text, so a lookup sends the stored answer without re-building it.
 */
import type { Queryable } from '../db/db.ts';
import type { QuotePolicy, QuoteRequest } from '../../contract/index.ts';
import { issueTokenClause, redeemToken, revokeTokens, TOKEN_PURPOSES } from '../tokens/tokens.ts';
import { enqueueMailClause } from '../mail/queue.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { HitClauses } from '../http/rate-limit.ts';

/** How long the link in the quote e-mail opens the quote (api/tokens/tokens.ts). */
export const LINK_TTL_MS = TOKEN_PURPOSES['quote-link'].ttlMs;

export interface NewQuote {
  quoteNumber: string;
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
  /** The validated request as JSON: what the quote was priced from, coverage selection included. */
  requestJson: string;
  /** What the shopper is shown (a QuotePolicy), as JSON: the very text of the answer, stored as it is. */
  answerJson: string;
}

/** The quote e-mail stored with a new quote: its link, already drawn (only its hash is kept), and the message. */
export interface QuoteMailRows {
  /** The link's token in clear (api/tokens/tokens.ts newToken), purpose quote-link. */
  token: string;
  /** The mail queue's kind for logs, and the message with the link in it. */
  kind: string;
  message: MailMessage;
}

/**
 * Whether the quote's e-mail may go: a yes or no already decided, or the recipient's rate limit, counted in
 * the statement that stores the quote (api/http/rate-limit.ts hitClauses, called with the number of its
 * first parameter and the condition the statement puts on counting at all).
 */
export type MailGate = boolean | ((first: number, onlyIf: string) => HitClauses);

/** What insertQuote did. */
export type InsertedQuote =
  /** An identical request was priced within the window: its stored answer; nothing was stored or counted. */
  | { kind: 'recent'; response: string }
  /** Stored as `id`, with its link and e-mail when `mailed`; id null when the number was taken (nothing stored). */
  | { kind: 'inserted'; id: number | null; mailed: boolean };

/**
 * Stores a new quote, status QUOTE, unless an identical request (same hash, still a quote) was priced since
 * `recentSince`: a double-clicked Calculate, or the wizard re-requesting on Continue, gets that quote's
 * answer, the same number and no second e-mail. When the mail gate lets it through, the quote's e-mail link
 * and its e-mail are stored with it, by their owners' clauses (api/tokens/tokens.ts issueTokenClause,
 * api/mail/queue.ts enqueueMailClause).
 *
 * One statement, so none of quote, link and e-mail exists without the others and no transaction is needed.
 * The quote call's database work was seven round trips at the start of issue 11 (the identical-request
 * look-up, the recipient's rate limit, BEGIN, three INSERTs, COMMIT); each costs PGlite some 0.2 ms before
 * any work, plus its planning. Two identical requests racing each other may still store two quotes
 * (create-quote.ts says why that is harmless).
 */
export async function insertQuote(
  db: Queryable,
  quote: NewQuote,
  now: Date,
  options: { recentSince: Date; mail: QuoteMailRows | null; mailGate: MailGate },
): Promise<InsertedQuote> {
  const { mail } = options;
  const params: unknown[] = [
    quote.quoteNumber, quote.emailLower, quote.dob, quote.zip, quote.ratedState, quote.rateTableVersion,
    quote.requestHash, quote.requestJson, quote.answerJson, now, options.recentSince,
  ];
  const fresh = 'NOT EXISTS (SELECT 1 FROM recent)';
  let gate: string;
  if (mail === null || typeof options.mailGate === 'boolean') {
    // `counted`: a row when the e-mail goes, as the rate limit's CTE of the same name would give.
    gate = `counted AS (SELECT 1 AS hits WHERE $${params.length + 1}::boolean AND ${fresh})`;
    params.push(mail !== null && options.mailGate === true);
  } else {
    const clauses = options.mailGate(params.length + 1, fresh);
    gate = clauses.sql;
    params.push(...clauses.params);
  }
  // The link and the e-mail are their owners' statements (api/tokens/tokens.ts, api/mail/queue.ts), run here
  // for the quote just stored when its e-mail goes.
  const mailed = 'quote WHERE EXISTS (SELECT 1 FROM counted)';
  let sending = '';
  if (mail !== null) {
    const link = issueTokenClause('quote-link', mail.token, now, mailed, params.length + 1);
    params.push(...link.params);
    const message = enqueueMailClause(mail.kind, mail.message, now, mailed, params.length + 1);
    params.push(...message.params);
    sending = `, link AS (${link.sql}), mail AS (${message.sql})`;
  }
  const rows = await db.query<{ recent: string | null; id: number | null; mailed: boolean }>(
    `WITH recent AS (
       SELECT response::text AS response FROM quotes
       WHERE request_hash = $7 AND priced_at >= $11 AND status = 'QUOTE'
       ORDER BY priced_at DESC, id DESC LIMIT 1
     ), ${gate}, quote AS (
       INSERT INTO quotes (quote_number, status, email_lower, dob, zip, rated_state, rate_table_version,
                           request_hash, request, response, created_at, priced_at, mailed_at)
       SELECT $1::text, 'QUOTE', $2::text, $3::date, $4::text, $5::text, $6::text, $7::text, $8::json, $9::json,
              $10::timestamptz, $10::timestamptz, CASE WHEN EXISTS (SELECT 1 FROM counted) THEN $10::timestamptz END
       WHERE ${fresh}
       ON CONFLICT (quote_number) DO NOTHING
       RETURNING id
     )${sending}
     SELECT (SELECT response FROM recent) AS recent, (SELECT id::int FROM quote) AS id, EXISTS (SELECT 1 FROM counted) AS mailed`,
    params,
  );
  const row = rows[0]!;
  if (row.recent !== null) return { kind: 'recent', response: row.recent };
  return { kind: 'inserted', id: row.id ?? null, mailed: row.mailed };
}

/** The keys a quote is found by and a re-price must repeat: e-mail in lower case, birth date, mailing ZIP. */
export interface QuoteKeys {
  emailLower: string;
  dob: string;
  zip: string;
}

/** The open quote a re-price may give a new version: the one numbered so, made for the same keys. */
export interface RepricedQuote {
  id: number;
  version: number;
  requestHash: string;
  /** Its e-mail is queued (it goes once per number). */
  mailed: boolean;
  /** The answer in force, as stored. */
  response: string;
}

/**
 * The quote `quoteNumber` when it is open (not bought) and was made for `keys`, else null: a number alone
 * never reaches another person's quote. With `tx`, the row stays locked FOR UPDATE until the transaction
 * ends, so re-prices of one quote take their turns and each sees the version the one before it stored.
 */
export async function repricedQuote(db: Queryable, quoteNumber: string, keys: QuoteKeys, lock: boolean): Promise<RepricedQuote | null> {
  const rows = await db.query<{ id: number; version: number; request_hash: string; mailed: boolean; response: string }>(
    `SELECT id, version, request_hash, mailed_at IS NOT NULL AS mailed, response::text AS response FROM quotes
     WHERE quote_number = $1 AND email_lower = $2 AND dob = $3::date AND zip = $4 AND status = 'QUOTE'${lock ? ' FOR UPDATE' : ''}`,
    [quoteNumber, keys.emailLower, keys.dob, keys.zip],
  );
  const row = rows[0];
  return row ? { id: row.id, version: row.version, requestHash: row.request_hash, mailed: row.mailed, response: row.response } : null;
}

/** What a re-price changes: the version in force. */
export type NewVersion = Pick<NewQuote, 'ratedState' | 'rateTableVersion' | 'requestHash' | 'requestJson' | 'answerJson'>;

/**
 * Puts `version` in force on quote `quoteId` (locked by repricedQuote in `tx`), after copying the one it
 * replaces to quote_versions. Returns the new version's number.
 */
export async function storeNewVersion(tx: Queryable, quoteId: number, version: NewVersion, now: Date): Promise<number> {
  await tx.query(
    `INSERT INTO quote_versions (quote_id, version, rated_state, rate_table_version, request_hash, request, response, priced_at)
     SELECT id, version, rated_state, rate_table_version, request_hash, request, response, priced_at FROM quotes WHERE id = $1`,
    [quoteId],
  );
  const rows = await tx.query<{ version: number }>(
    `UPDATE quotes SET version = version + 1, rated_state = $2, rate_table_version = $3, request_hash = $4,
                       request = $5::json, response = $6::json, priced_at = $7
     WHERE id = $1 RETURNING version`,
    [quoteId, version.ratedState, version.rateTableVersion, version.requestHash, version.requestJson, version.answerJson, now],
  );
  return rows[0]!.version;
}

/** The quote's e-mail is queued (in the same transaction): no re-price sends another. */
export async function markQuoteMailed(tx: Queryable, quoteId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE quotes SET mailed_at = $2 WHERE id = $1`, [quoteId, now]);
}

/**
 * The newest open quote for e-mail, date of birth and ZIP, as its stored answer, or null. With
 * `quoteNumber`, that quote among them (the account's lookup quotes open the one chosen), else null.
 *
 * Timing: every miss (unknown e-mail, known e-mail with a wrong date of birth or ZIP) is this same
 * statement, one descent of the (email_lower, dob, zip) index that ends on an empty range, so an
 * unknown address and a wrong birth date cost the same. Comparing in the database on all three keys at
 * once is what makes that so; fetching the e-mail's quotes first and comparing birth dates here would
 * make the work grow with the number of quotes an address has, which is the leak to avoid.
 */
export async function findQuoteForLookup(
  db: Queryable,
  emailLower: string,
  dob: string,
  zip: string,
  quoteNumber: string | null = null,
): Promise<string | null> {
  // The number only narrows the same index range: a wrong number costs what a wrong birth date does.
  const rows = await db.query<{ response: string }>(
    `SELECT response::text AS response FROM quotes
     WHERE email_lower = $1 AND dob = $2::date AND zip = $3 AND status = 'QUOTE' AND ($4::text IS NULL OR quote_number = $4)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [emailLower, dob, zip, quoteNumber],
  );
  return rows[0]?.response ?? null;
}

/**
 * Spends a link (api/tokens/tokens.ts marks it used in the statement that finds it, so two tabs opening the
 * same link at once cannot both win) and returns its quote's answer. Null when the token is unknown, used,
 * expired, or its quote is no longer open (bought).
 */
export async function redeemLink(db: Queryable, token: string, now: Date): Promise<string | null> {
  const spent = await redeemToken(db, 'quote-link', token, now);
  if (spent === null || spent.subjectId === null) return null;
  const rows = await db.query<{ response: string }>(
    `SELECT response::text AS response FROM quotes WHERE id = $1 AND status = 'QUOTE'`,
    [spent.subjectId],
  );
  return rows[0]?.response ?? null;
}

/** A quote as the bind reads it, with the row locked until the transaction ends. */
export interface QuoteForBind {
  id: number;
  quote_number: string;
  status: string;
  rated_state: string;
  rate_table_version: string;
  email_lower: string;
  /** The version in force (1 as made, one more for each re-price). */
  version: number;
  request: QuoteRequest;
  response: QuotePolicy;
  created_at: Date;
}

/**
 * The quote `quoteNumber`, locked FOR UPDATE in `tx` (two binds of one quote queue here, so only one can
 * see it open), or null when there is none.
 */
export async function lockQuoteForBind(tx: Queryable, quoteNumber: string): Promise<QuoteForBind | null> {
  const rows = await tx.query<QuoteForBind>(
    `SELECT id, quote_number, status, rated_state, rate_table_version, email_lower, version, request, response, created_at
     FROM quotes WHERE quote_number = $1 FOR UPDATE`,
    [quoteNumber],
  );
  return rows[0] ?? null;
}

/**
 * Quote `quoteId` as version `version` priced it (the version in force, or one a re-price replaced), locked
 * FOR UPDATE in `tx` with its row: a payment made for a version becomes a policy of that version, whatever
 * was re-priced since. Without `version`, the version in force.
 */
export async function quoteForBindById(tx: Queryable, quoteId: number, version?: number | null): Promise<QuoteForBind | null> {
  const rows = await tx.query<QuoteForBind>(
    `SELECT q.id, q.quote_number, q.status, COALESCE(v.rated_state, q.rated_state) AS rated_state,
            COALESCE(v.rate_table_version, q.rate_table_version) AS rate_table_version, q.email_lower,
            COALESCE(v.version, q.version) AS version, COALESCE(v.request, q.request) AS request,
            COALESCE(v.response, q.response) AS response, q.created_at
     FROM quotes q LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.version = $2::int AND q.version <> $2::int
     WHERE q.id = $1 FOR UPDATE OF q`,
    [quoteId, version ?? null],
  );
  return rows[0] ?? null;
}

/** The quote was bought: lookups and links no longer open it. */
export async function markQuoteBound(tx: Queryable, quoteId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE quotes SET status = 'BOUND' WHERE id = $1`, [quoteId]);
  // A bought quote is no longer opened by its e-mail's link.
  await revokeTokens(tx, 'quote-link', quoteId, now);
}

/** The id of the quote numbered `quoteNumber`, whatever its status, or null. */
export async function quoteIdOf(db: Queryable, quoteNumber: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM quotes WHERE quote_number = $1`, [quoteNumber]);
  return rows[0]?.id ?? null;
}

/** The number of quote `quoteId`, whatever its status (a policy names the quote it was bought from), or null. */
export async function quoteNumberById(db: Queryable, quoteId: number): Promise<string | null> {
  const rows = await db.query<{ quote_number: string }>(`SELECT quote_number FROM quotes WHERE id = $1`, [quoteId]);
  return rows[0]?.quote_number ?? null;
}

/**
 * The open quote numbered `quoteNumber` (or, without a number, the newest open quote of `emailLower`) whose
 * insured was born on `dob` with mailing ZIP `zip`; null otherwise. One statement and one shape of miss for
 * every mismatch, as findQuoteForLookup.
 */
export async function findOpenQuote(
  db: Queryable,
  key: { quoteNumber: string } | { emailLower: string },
  dob: string,
  zip: string,
): Promise<{ id: number; quoteNumber: string } | null> {
  const rows = await db.query<{ id: number; quote_number: string }>(
    'quoteNumber' in key
      ? `SELECT id, quote_number FROM quotes WHERE quote_number = $1 AND dob = $2::date AND zip = $3 AND status = 'QUOTE'`
      : `SELECT id, quote_number FROM quotes WHERE email_lower = $1 AND dob = $2::date AND zip = $3 AND status = 'QUOTE'
         ORDER BY created_at DESC, id DESC LIMIT 1`,
    ['quoteNumber' in key ? key.quoteNumber : key.emailLower, dob, zip],
  );
  const row = rows[0];
  return row ? { id: row.id, quoteNumber: row.quote_number } : null;
}

/** The open quote `quoteId`: its number, its answer and the request it was priced from; null when bought. */
export async function openQuoteById(db: Queryable, quoteId: number): Promise<{ quoteNumber: string; answer: unknown; request: unknown } | null> {
  const rows = await db.query<{ quote_number: string; response: unknown; request: unknown }>(
    `SELECT quote_number, response, request FROM quotes WHERE id = $1 AND status = 'QUOTE'`,
    [quoteId],
  );
  const row = rows[0];
  return row ? { quoteNumber: row.quote_number, answer: row.response, request: row.request } : null;
}

/** The quote `quoteId` as it was priced, whatever its status (a bound policy's paperwork reads it). */
export async function pricedQuoteById(db: Queryable, quoteId: number): Promise<{ quoteNumber: string; request: QuoteRequest; answer: QuotePolicy } | null> {
  const rows = await db.query<{ quote_number: string; request: QuoteRequest; response: QuotePolicy }>(
    `SELECT quote_number, request, response FROM quotes WHERE id = $1`,
    [quoteId],
  );
  const row = rows[0];
  return row ? { quoteNumber: row.quote_number, request: row.request, answer: row.response } : null;
}

/**
 * Saves the quotes numbered `quoteNumbers` to account `accountId` (Save My Quote, migration 010's
 * account_quotes), all or none: only when every number is a quote made with `emailLower`. Returns how many of
 * them are; saving one twice is fine. One statement finds and saves them together.
 */
export async function saveQuotesToAccount(
  db: Queryable,
  accountId: number,
  quoteNumbers: readonly string[],
  emailLower: string,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ found: number }>(
    `WITH own AS (SELECT id FROM quotes WHERE quote_number = ANY($2::text[]) AND email_lower = $3),
     saved AS (
       INSERT INTO account_quotes (account_id, quote_id, saved_at)
       SELECT $1, id, $4 FROM own WHERE (SELECT count(*) FROM own) = $5
       ON CONFLICT (account_id, quote_id) DO NOTHING
       RETURNING quote_id
     )
     SELECT (SELECT count(*)::int FROM own) AS found, (SELECT count(*)::int FROM saved) AS saved`,
    [accountId, quoteNumbers, emailLower, now, quoteNumbers.length],
  );
  return rows[0]?.found ?? 0;
}

/**
 * The quote `quoteNumber` saved to account `accountId` and made with `emailLower`, still open, as its stored
 * answer text; null for one not saved there, made with another address, bought, or unknown.
 */
export async function openSavedQuote(db: Queryable, accountId: number, quoteNumber: string, emailLower: string): Promise<string | null> {
  const rows = await db.query<{ response: string }>(
    `SELECT q.response::text AS response FROM account_quotes s JOIN quotes q ON q.id = s.quote_id
     WHERE s.account_id = $1 AND q.quote_number = $2 AND q.status = 'QUOTE' AND q.email_lower = $3`,
    [accountId, quoteNumber, emailLower],
  );
  return rows[0]?.response ?? null;
}

/** A quote saved to an account, bought or not. */
export interface SavedQuote {
  quoteNumber: string;
  status: string;
  emailLower: string;
  answer: QuotePolicy;
}

/** The quotes saved to account `accountId`, in the order they were saved. */
export async function savedQuotesOf(db: Queryable, accountId: number): Promise<SavedQuote[]> {
  const rows = await db.query<{ quote_number: string; status: string; email_lower: string; response: QuotePolicy }>(
    `SELECT q.quote_number, q.status, q.email_lower, q.response FROM account_quotes s JOIN quotes q ON q.id = s.quote_id
     WHERE s.account_id = $1 ORDER BY s.saved_at, q.id`,
    [accountId],
  );
  return rows.map((row) => ({ quoteNumber: row.quote_number, status: row.status, emailLower: row.email_lower, answer: row.response }));
}
