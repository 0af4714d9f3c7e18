/**
 * Save My Quote and the account's saved quotes (doc 1 sections 2 and 4; POST /api/user/update, GET
 * /api/user/quote; migration 010's account_quotes).
 *
 * A quote is saved only when it was made with the account's own e-mail address, and only by an account that
 * has shown it owns that mailbox (confirmed): saving adds no access the mailbox's owner did not have. A quote
 * made with another address and a quote that does not exist are the same miss, so no answer says which
 * numbers exist. Saving is all or nothing, and saving a quote twice is fine.
 */
import type { SaveQuoteRequest } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import type { AccountIdentity } from './session-answer.ts';

export type SaveOutcome =
  | { kind: 'saved'; count: number }
  /** The request's e-mail address is not the signed-in account's. */
  | { kind: 'other-address' }
  /** Some number is no quote made with the account's address (or the account is not confirmed). */
  | { kind: 'not-found' };

export async function saveQuotes(db: Queryable, account: AccountIdentity, request: SaveQuoteRequest, now: Date): Promise<SaveOutcome> {
  if (request.emailAddress.trim().toLowerCase() !== account.emailLower) return { kind: 'other-address' };
  if (!account.confirmed) return { kind: 'not-found' };
  const numbers = [...new Set(request.policyNumbers)];
  if (numbers.length === 0) return { kind: 'saved', count: 0 };
  // One statement finds and saves them together, only when every number is the account's own quote.
  const rows = await db.query<{ found: number; saved: number }>(
    `WITH own AS (SELECT id FROM quotes WHERE quote_number = ANY($2::text[]) AND email_lower = $3),
     saved AS (
       INSERT INTO account_quotes (account_id, quote_id, saved_at)
       SELECT $1, id, $4 FROM own WHERE (SELECT count(*) FROM own) = $5
       ON CONFLICT (account_id, quote_id) DO NOTHING
       RETURNING quote_id
     )
     SELECT (SELECT count(*)::int FROM own) AS found, (SELECT count(*)::int FROM saved) AS saved`,
    [account.id, numbers, account.emailLower, now, numbers.length],
  );
  const found = rows[0]?.found ?? 0;
  if (found !== numbers.length) return { kind: 'not-found' };
  return { kind: 'saved', count: found };
}

/**
 * One of the account's saved quotes, still open, as its stored answer text (what POST /api/policy/lookup_quote
 * answers for it); null for a quote that is not saved to this account, bought, or unknown.
 */
export async function savedQuoteAnswer(db: Queryable, accountId: number, quoteNumber: string): Promise<string | null> {
  const rows = await db.query<{ response: string }>(
    `SELECT q.response::text AS response
     FROM account_quotes s JOIN quotes q ON q.id = s.quote_id JOIN accounts a ON a.id = s.account_id
     WHERE s.account_id = $1 AND q.quote_number = $2 AND q.status = 'QUOTE'
       AND a.confirmed_at IS NOT NULL AND q.email_lower = a.email_lower`,
    [accountId, quoteNumber],
  );
  return rows[0]?.response ?? null;
}
