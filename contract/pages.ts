/**
 * The site's pages that something other than the site links to: the API's e-mails and texts, its redirects
 * and its static serving (issue 20). One table, read by site/routes.ts (which gives each page its title and
 * rules) and by the API, so a mail can never link to a page the site does not have
 * (test/unit/pages.test.ts holds the two together).
 */
export const PAGES = {
  /** Doc 1's quote wizard; the quote e-mail's link adds ?retrieve=<token>. */
  wizard: '/receive-a-quote',
  /** The odometer photo page, opened from the texted and e-mailed link (?token=). */
  odometer: '/odometer',
  /** Doc 1's /account/documents/{id}: the documents link ends in its token. */
  documents: '/account/documents',
  /** The account's home, where a sign-in returns by default. */
  account: '/account/',
  logIn: '/account/log-in',
  forgotPassword: '/account/forgot-password',
  /** The single-use link of a new policy's account (?token=). */
  createPassword: '/account/create-password',
  /** Where the account confirmation e-mail's single-use link lands (?token=). */
  confirmAccount: '/account/confirm',
  /** The e-signature of the application (?token=). */
  sign: '/account/sign',
  /** The card kept for the monthly bill. */
  card: '/account/card',
  /** A renewal's review and signature (#token). */
  rollover: '/rollover',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/**
 * `origin` + `path`, with `query` as its search and `fragment` as its hash, each value encoded: the one way a
 * link the API sends is written.
 */
export function pageUrl(origin: string, path: PagePath | `${PagePath}/${string}`, options: { query?: Record<string, string>; fragment?: string } = {}): string {
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const hash = options.fragment === undefined ? '' : `#${encodeURIComponent(options.fragment)}`;
  return `${origin}${path}${search}${hash}`;
}
