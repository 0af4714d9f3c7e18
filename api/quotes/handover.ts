/**
 * The hand-over of a quote from a widget on another origin to our site (contract/api/handover.ts): a token
 * from api/tokens/tokens.ts (purpose 'handover': 256 bits, stored hashed, 10 minutes, single use) whose
 * payload carries the wizard's answers, and whose subject is the quote.
 *
 * Issuing checks what the retrieve window checks: the quote is open and the birth date and ZIP are the
 * quote's, so knowing a quote number (it is printed in e-mails and read over the phone) opens nothing.
 * Redeeming answers the STORED quote and request, never the payload's: the payload is only what was typed.
 */
import { MESSAGES, type HandoverAnswer, type HandoverRequest } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { issueToken, redeemToken } from '../tokens/tokens.ts';
import { findOpenQuote, openQuoteById } from './store.ts';

export type IssueOutcome = { kind: 'issued'; token: string; quoteNumber: string } | { kind: 'refused'; reason: 'quote-not-named' | 'quote-not-found'; message: string };

export async function issueHandover(db: Queryable, request: HandoverRequest, now: Date): Promise<IssueOutcome> {
  if (!request.quoteNumber && !request.emailAddress) return { kind: 'refused', reason: 'quote-not-named', message: MESSAGES.handoverNeedsQuote };
  const quote = await findOpenQuote(
    db,
    request.quoteNumber ? { quoteNumber: request.quoteNumber } : { emailLower: request.emailAddress!.trim().toLowerCase() },
    request.dob,
    request.zip,
  );
  if (!quote) return { kind: 'refused', reason: 'quote-not-found', message: MESSAGES.quoteNotFound };
  const token = await issueToken(db, 'handover', now, { subjectId: quote.id, payload: { wizard: request.wizard ?? null } });
  return { kind: 'issued', token, quoteNumber: quote.quoteNumber };
}

/** Spends the token and answers its quote, or null for an unknown, used or expired token, or a bought quote. */
export async function redeemHandover(db: Queryable, token: string, now: Date): Promise<HandoverAnswer | null> {
  const spent = await redeemToken<{ wizard: Record<string, unknown> | null }>(db, 'handover', token, now);
  if (!spent || spent.subjectId === null) return null;
  const quote = await openQuoteById(db, spent.subjectId);
  if (!quote) return null;
  return { quoteNumber: quote.quoteNumber, wizard: spent.payload?.wizard ?? null, quote: { policies: [quote.answer] }, quoteRequest: quote.request };
}
