/**
 * The quote calls (DESIGN.md "The API"; doc 3 sections 3 and 7, doc 1 sections 7 and 8):
 *
 * POST /api/policy/quote               QuoteRequest -> 200 QuoteResponse {policies: [QuotePolicy]}
 * POST /api/policy/price               QuoteRequest -> 200 QuoteResponse, policyNumber '' (stores nothing) | 429
 * POST /api/policy/lookup_quote        {emailAddress, dob, zip, quoteNumber?} -> 200 QuoteResponse | 404 | 429
 * POST /api/policy/redeem_quote_link   {token} -> 200 QuoteResponse | 404 (used, expired or unknown)
 *
 * Routes parse, call and answer: what a quote is checked against, how it is priced and what is stored
 * with it is the quote use case's (api/quotes/create-quote.ts). Answers hold personal data: Cache-Control
 * no-store. Nothing from a body is logged (api/log.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { quoteUseCase, type QuoteRefused } from '../quotes/create-quote.ts';
import { findQuoteForLookup, redeemLink } from '../quotes/store.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { checkedWith, on, type JsonTextAnswer } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';

/** An answer's JSON text (stored, or just stored) as a QuoteResponse, sent without parsing or serialising it again. */
function answer(policyJson: string): JsonTextAnswer {
  return { jsonText: `{"policies":[${policyJson}]}`, headers: NO_STORE };
}

/** A request the rules let through that cannot be quoted: the 400 of a failed rule. */
function notQuoted(refused: QuoteRefused): ApiError {
  return new ApiError(400, refused.messages, refused.fields ? { fields: refused.fields } : {});
}

export function policyRoutes(deps: Deps, limits: { lookup: MiddlewareHandler; price: MiddlewareHandler; quoteMail: RateLimit }): Hono {
  const app = new Hono();
  const quotes = quoteUseCase(deps, { quoteMail: limits.quoteMail });

  // The quote's own check (the state before the rule, and the rule's dates as of today) in place of the
  // entry's struct: one walk over the body (issue 11).
  on(app, checkedWith(endpoints.quote, quotes.checkRequest), async (_c, request) => {
    const created = await quotes.createQuote(request);
    if (created.kind === 'refused') throw notQuoted(created);
    return answer(created.policyJson);
  });

  /** The live price of step 4 (issue 11): the quote's checks and engine, rate limited per client. */
  on(app, checkedWith(endpoints.price, quotes.checkRequest), limits.price, (_c, request) => {
    const priced = quotes.pricePreview(request);
    if (priced.kind === 'refused') throw notQuoted(priced);
    return { body: { policies: [priced.policy] }, headers: NO_STORE };
  });

  /**
   * doc 1 section 7. One 404 with one message for every mismatch (no such e-mail, wrong birth date,
   * wrong ZIP, a quoteNumber that is not among the quotes they find), and the same work for each: see
   * findQuoteForLookup. Without quoteNumber, the newest. Rate limited per client.
   */
  on(app, endpoints.lookupQuote, limits.lookup, async (_c, request) => {
    const found = await findQuoteForLookup(deps.db, request.emailAddress.trim().toLowerCase(), request.dob, request.zip, request.quoteNumber ?? null);
    if (found === null) throw new ApiError(404, MESSAGES.quoteNotFound, { headers: NO_STORE });
    return answer(found);
  });

  /** The link of the quote e-mail (/receive-a-quote?retrieve=<token>): opens its quote once. */
  on(app, endpoints.redeemQuoteLink, async (_c, request) => {
    const found = await redeemLink(deps.db, request.token, deps.clock());
    if (found === null) throw new ApiError(404, MESSAGES.quoteLinkNotFound);
    return answer(found);
  });

  return app;
}
