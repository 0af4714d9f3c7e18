import { unavailablePath } from '../../contract/reference/unavailable.ts';

/** Where quote-start sends the visitor when the element has no `quote-url`: the brand site's wizard. */
export const DEFAULT_QUOTE_PATH = '/receive-a-quote';

/**
 * The page a start-quote choice leads to (doc 1 "Homepage"), as an absolute URL:
 * - no state, or a state we write in: `quoteUrl` with `state` and, for a dealer's widget, `dealer` added to
 *   its query, which the wizard reads on start (hearAbout Dealer, that dealer, the quote attributed);
 * - CA, IL, PA, WI: /unavailable?not-writing&state=XX (the state lets the sign-up form prefill);
 * - any other state: /unavailable/{the state's name}.
 * The unavailable pages live on the brand site, the same origin as `quoteUrl`: a dealer's page hands the
 * visitor over to it. `pageUrl` resolves a relative `quoteUrl` (our own site).
 */
export function quoteStartDestination(state: string, quoteUrl: string, dealer: string, pageUrl: string): string {
  const target = new URL(quoteUrl, pageUrl);
  const unavailable = unavailablePath(state);
  if (unavailable !== null) return new URL(unavailable, target.origin).href;
  if (state) target.searchParams.set('state', state);
  if (dealer) target.searchParams.set('dealer', dealer);
  return target.href;
}
