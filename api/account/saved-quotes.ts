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
import { openSavedQuote, saveQuotesToAccount } from '../quotes/store.ts';
import { accountById, type AccountIdentity } from './session-answer.ts';

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
  const found = await saveQuotesToAccount(db, account.id, numbers, account.emailLower, now);
  if (found !== numbers.length) return { kind: 'not-found' };
  return { kind: 'saved', count: found };
}

/**
 * One of the account's saved quotes, still open, as its stored answer text (what POST /api/policy/lookup_quote
 * answers for it); null for a quote that is not saved to this account, bought, or unknown.
 */
export async function savedQuoteAnswer(db: Queryable, accountId: number, quoteNumber: string): Promise<string | null> {
  // saved only by a confirmed account, for quotes made with its address (saveQuotes); checked again here
  // because the account's address may have changed since
  const account = await accountById(db, accountId);
  if (!account?.confirmed) return null;
  return openSavedQuote(db, accountId, quoteNumber, account.emailLower);
}
