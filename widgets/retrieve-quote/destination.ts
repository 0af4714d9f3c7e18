/**
 * Where the retrieve-quote form sends a person, as absolute URLs. `quoteUrl` is the wizard (the element's
 * `quote-url`, default the brand site's /receive-a-quote); `pageUrl` resolves a relative one (our own site).
 */

/** The account's list of saved quotes (doc 1: "For a signed-in user, pressing retrieve goes to /account/lookup-quotes"). */
const LOOKUP_QUOTES_PATH = '/account/lookup-quotes';

/**
 * The wizard with a found quote's hand-over token (issue 7: "Personal data in a URL"). The API looked the
 * quote up once, by e-mail, birth date and ZIP sent in a POST body, and answered a single-use, 10-minute
 * token; the wizard takes it off the address bar and exchanges it by POST. So neither the e-mail nor the
 * birth date is ever in a URL, where proxies and CDN logs could keep them.
 */
export function handoverQuoteUrl(quoteUrl: string, token: string, pageUrl: string): string {
  const target = new URL(quoteUrl, pageUrl);
  target.searchParams.set('handover', token);
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
