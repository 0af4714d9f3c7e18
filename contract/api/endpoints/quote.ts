/** The quote and the two ways to open it again. (Entries of contract/api/endpoints.ts.) */
import { QuoteLookupRequest, RedeemQuoteLinkRequest } from '../policy.ts';
import { QuoteRequest, QuoteResponse } from '../quote.ts';
import { endpoint, json } from './endpoint.ts';

export const quote = endpoint({
  method: 'POST', path: '/api/policy/quote', request: QuoteRequest, answer: QuoteResponse, body: json, session: false,
  summary:
    "validates a quote request against the contract and the state's coverage rules, prices it with the rating engine, " +
    'stores it with its rate-table version, e-mails it with a single-use link; with the `quoteNumber` of an open quote of the ' +
    'same e-mail, birth date and ZIP, stores a new version of that quote under its number and does not e-mail it again',
});

/** The live price of step 4 (issue 11): asked on every change, so it stores and mails nothing. */
export const price = endpoint({
  method: 'POST', path: '/api/policy/price', request: QuoteRequest, answer: QuoteResponse, body: json, session: false,
  summary:
    'prices a quote request exactly as POST /api/policy/quote does (same checks, same 400s, same engine) without storing or ' +
    "e-mailing it: the same answer with policyNumber ''; rate limited",
});

export const lookupQuote = endpoint({
  method: 'POST', path: '/api/policy/lookup_quote', request: QuoteLookupRequest, answer: QuoteResponse, body: json, session: false,
  summary: 'finds a saved quote by e-mail (any case), birth date and ZIP (the newest, or the one `quoteNumber` names); one answer for every mismatch; rate limited',
});

export const redeemQuoteLink = endpoint({
  method: 'POST', path: '/api/policy/redeem_quote_link', request: RedeemQuoteLinkRequest, answer: QuoteResponse, body: json, session: false,
  summary: 'opens the quote behind the e-mailed link, once',
});
