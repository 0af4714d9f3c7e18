/**
 * The account area's addresses and navigation, shared by its pages: where to sign in, where each page is,
 * and links read from an API answer.
 */
import { WIZARD_PATH } from '../../contract/reference/wizard.ts';
import { PAGES } from '../../contract/pages.ts';

/**
 * A link from an API answer, as an absolute http(s) address, or null: whatever the answer holds, it never
 * becomes a `javascript:` link.
 */
export function safeHref(url: string, base: string = location.href): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Where a signed-out visitor signs in (doc 1: create password "on success goes to /account/log-in"). */
export const LOG_IN_PATH = PAGES.logIn;

/** The log-in page with the way back (`returnUrl`, a path on this site; by default the page it is on). */
export function logInHref(returnPath: string = `${location.pathname}${location.search}${location.hash}`): string {
  return `${LOG_IN_PATH}?${new URLSearchParams({ returnUrl: returnPath })}`;
}

/** Where a page element sends the person: `assign` keeps this page in the history, `replace` does not (a redirect). */
export type Navigate = (url: string, how?: 'assign' | 'replace') => void;

/** The browser's own navigation; page elements take it as a property, so a test can watch instead of leaving. */
export const browserNavigate: Navigate = (url, how = 'assign') => (how === 'replace' ? location.replace(url) : location.assign(url));

/** The account area's pages the elements link to (doc 1 "Route table"; site/routes.ts has every route). */
export const ACCOUNT_PATHS = {
  dashboard: '/account',
  multiplePolicies: '/account/multiple-policies',
  lookupQuotes: '/account/lookup-quotes',
  /** doc 1: "/account/Statements (linked as /account/statements)" */
  statements: '/account/statements',
  requestCard: '/account/request-a-card',
  /** ours (issue 19): the card kept for the monthly bill, and its replacement */
  paymentCard: '/account/card',
  changePassword: '/account/change-password',
  /** the quote wizard (documents 2 and 3) */
  receiveQuote: WIZARD_PATH,
} as const;
