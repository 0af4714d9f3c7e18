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
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { record, string, unknown } from 'superstruct';
import { MESSAGES, QuoteLookupRequest, RedeemQuoteLinkRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { readBody, readObject } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { quoteUseCase } from '../quotes/create-quote.ts';
import { findQuoteForLookup, redeemLink } from '../quotes/store.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';

/** Any JSON object: the quote's own rule runs in the use case, after the state check it puts first. */
export const AnyObject = record(string(), unknown());

/** An answer's JSON text (stored, or just stored) as a QuoteResponse, sent without parsing or serialising it again. */
function answer(c: Context, policyJson: string): Response {
  return c.body(`{"policies":[${policyJson}]}`, 200, { 'Content-Type': 'application/json', ...NO_STORE });
}

export function policyRoutes(deps: Deps, limits: { lookup: MiddlewareHandler; price: MiddlewareHandler; quoteMail: RateLimit }): Hono {
  const app = new Hono();
  const quotes = quoteUseCase(deps, { quoteMail: limits.quoteMail });

  on(app, endpoints.quote, async (c) => {
    // Any object: the quote's own rule runs once, in the use case (a record-of-anything pass first was a
    // second walk over the body, issue 11).
    const created = await quotes.createQuote(await readObject(c));
    return answer(c, created.policyJson);
  });

  /** The live price of step 4 (issue 11): the quote's checks and engine, rate limited per client. */
  on(app, endpoints.price, limits.price, async (c) => {
    return c.json({ policies: [quotes.pricePreview(await readObject(c))] }, 200, NO_STORE);
  });

  /**
   * doc 1 section 7. One 404 with one message for every mismatch (no such e-mail, wrong birth date,
   * wrong ZIP, a quoteNumber that is not among the quotes they find), and the same work for each: see
   * findQuoteForLookup. Without quoteNumber, the newest. Rate limited per client.
   */
  on(app, endpoints.lookupQuote, limits.lookup, async (c) => {
    const request = await readBody(c, QuoteLookupRequest);
    const found = await findQuoteForLookup(deps.db, request.emailAddress.trim().toLowerCase(), request.dob, request.zip, request.quoteNumber ?? null);
    if (found === null) throw new ApiError(404, MESSAGES.quoteNotFound, { headers: NO_STORE });
    return answer(c, found);
  });

  /** The link of the quote e-mail (/receive-a-quote?retrieve=<token>): opens its quote once. */
  on(app, endpoints.redeemQuoteLink, async (c) => {
    const request = await readBody(c, RedeemQuoteLinkRequest);
    const found = await redeemLink(deps.db, request.token, deps.clock());
    if (found === null) throw new ApiError(404, MESSAGES.quoteLinkNotFound);
    return answer(c, found);
  });

  return app;
}
