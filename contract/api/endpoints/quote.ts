/** The quote and the two ways to open it again. (Entries of contract/api/endpoints.ts.) */
import { QuoteLookupRequest, RedeemQuoteLinkRequest } from '../policy.ts';
import { QuoteRequest, QuoteResponse } from '../quote.ts';
import { endpoint, json } from './endpoint.ts';

export const quote = endpoint({
  method: 'POST', path: '/api/policy/quote', request: QuoteRequest, answer: QuoteResponse, body: json, session: false,
  partner: true,
});

/** The live price of step 4 (issue 11): asked on every change, so it stores and mails nothing. */
export const price = endpoint({
  method: 'POST', path: '/api/policy/price', request: QuoteRequest, answer: QuoteResponse, body: json, session: false,
  partner: true,
});

export const lookupQuote = endpoint({
  method: 'POST', path: '/api/policy/lookup_quote', request: QuoteLookupRequest, answer: QuoteResponse, body: json, session: false,
  partner: true,
});

export const redeemQuoteLink = endpoint({
  method: 'POST', path: '/api/policy/redeem_quote_link', request: RedeemQuoteLinkRequest, answer: QuoteResponse, body: json, session: false,
  partner: true,
});
