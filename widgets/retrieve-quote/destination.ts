/**
 * Where the retrieve-quote form sends a person, as absolute URLs. `quoteUrl` is the wizard (the element's
 * `quote-url`, default the brand site's /receive-a-quote); `pageUrl` resolves a relative one (our own site).
 */

/** The account's list of saved quotes (doc 1: "For a signed-in user, pressing retrieve goes to /account/lookup-quotes"). */
export const LOOKUP_QUOTES_PATH = '/account/lookup-quotes';

export interface RetrieveKeys {
  email: string;
  /** YYYY-MM-DD */
  dob: string;
  zipcode: string;
}

/**
 * The wizard with the found quote's keys (doc 1: "On success go to /receive-a-quote with query email, dob
 * (YYYY-MM-DD) and zipcode"). The wizard looks the quote up again with them and then removes them from the
 * address bar; our pages send no referrer (Base.astro's meta, the API's Referrer-Policy), so they leave no trace.
 */
export function retrievedQuoteUrl(quoteUrl: string, keys: RetrieveKeys, pageUrl: string): string {
  const target = new URL(quoteUrl, pageUrl);
  target.searchParams.set('email', keys.email);
  target.searchParams.set('dob', keys.dob);
  target.searchParams.set('zipcode', keys.zipcode);
  return target.href;
}

/** The signed-in person's saved quotes, on the wizard's origin (the brand site). */
export function lookupQuotesUrl(quoteUrl: string, pageUrl: string): string {
  return new URL(LOOKUP_QUOTES_PATH, new URL(quoteUrl, pageUrl).origin).href;
}

/**
 * 'New Quote' after a failed lookup: the wizard, keeping the page's own query (doc 1 "My Policy page": "New
 * Quote, which goes to /receive-a-quote with the existing query"), without overriding what `quoteUrl` sets.
 * The retrieve keys themselves are never carried along.
 */
export function newQuoteUrl(quoteUrl: string, pageUrl: string): string {
  const target = new URL(quoteUrl, pageUrl);
  for (const [name, value] of new URL(pageUrl).searchParams) {
    if (!['email', 'dob', 'zipcode'].includes(name) && !target.searchParams.has(name)) target.searchParams.append(name, value);
  }
  return target.href;
}
