/**
 * The site's pages that something other than the site links to: the API's e-mails and texts, its redirects
 * and its static serving (issue 20). One table, read by site/routes.ts (which gives each page its title and
 * rules) and by the API, so a mail can never link to a page the site does not have
 * (site/routes.test.ts holds the two together).
 */
export const PAGES = {
  /** The homepage, whose 'Retrieve my quote' the quote e-mail sends to once its link is spent. */
  home: '/',
  /** Doc 1's quote wizard. */
  wizard: '/receive-a-quote',
  /** The odometer photo page, opened from the texted and e-mailed link. */
  odometer: '/odometer',
  /** Doc 1's /account/documents/{id}. */
  documents: '/account/documents',
  /** The account's home, where a sign-in returns by default. */
  account: '/account/',
  logIn: '/account/log-in',
  forgotPassword: '/account/forgot-password',
  /** The single-use link of a new policy's account, and of a password reset. */
  createPassword: '/account/create-password',
  /** Where the account confirmation e-mail's single-use link lands. */
  confirmAccount: '/account/confirm',
  /** The e-signature of the application. */
  sign: '/account/sign',
  /** The card kept for the monthly bill. */
  card: '/account/card',
  /** Paying a bill whose off-session charge failed, from the failed-payment e-mail and text (3-D Secure there). */
  payBill: '/account/pay',
  /** A renewal's review and signature. */
  rollover: '/rollover',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

type TokenPlace = { query: string } | 'path' | 'fragment';

/**
 * Where each page that a link opens with its own token reads that token: the page's script reads it there
 * (and takes it out of the address bar), so the link must put it nowhere else. `path` is the last segment
 * (doc 1's /account/documents/{id}); `fragment` is never sent to a server, so the rollover's token stays out
 * of every server log and referrer.
 */
const TOKEN_PLACES = {
  [PAGES.wizard]: { query: 'retrieve' },
  [PAGES.odometer]: { query: 'token' },
  [PAGES.documents]: 'path',
  [PAGES.createPassword]: { query: 'token' },
  [PAGES.confirmAccount]: { query: 'token' },
  [PAGES.sign]: { query: 'token' },
  [PAGES.payBill]: { query: 'token' },
  [PAGES.rollover]: 'fragment',
} as const satisfies Partial<Record<PagePath, TokenPlace>>;

/** A page that a link opens with its own token. */
export type TokenPagePath = keyof typeof TOKEN_PLACES;

/**
 * A path on our own site that a request named (a sign-in's or a reset's returnUrl), with its own query and
 * fragment: only api/auth/return-url.ts makes one, after holding it to our origin.
 */
export type OwnPath = string & { readonly ownPath: true };

/**
 * The one way a link the API sends is written: `origin` + `path`, and
 * - `token`: the page's own token, where that page reads it (TOKEN_PLACES);
 * - `query`: set in the path's query, beside what the path carries already (a sign-in link keeps its
 *   returnUrl's own query and fragment).
 * Every value is encoded. Origin and path are joined as text, never resolved against each other, so a path
 * that reads like another host (`//evil.example/`) is still a path of ours.
 */
export function pageUrl(origin: string, path: TokenPagePath, options: { token: string }): string;
export function pageUrl(origin: string, path: PagePath | OwnPath, options?: { query: Record<string, string> }): string;
export function pageUrl(origin: string, path: string, options: { token?: string; query?: Record<string, string> } = {}): string {
  let target = path;
  let fragment: string | undefined;
  const query = { ...options.query };
  if (options.token !== undefined) {
    const place: TokenPlace = TOKEN_PLACES[path as TokenPagePath];
    if (place === 'path') target = `${path}/${encodeURIComponent(options.token)}`;
    else if (place === 'fragment') fragment = options.token;
    else query[place.query] = options.token;
  }
  const url = new URL(`${origin}${target}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (fragment !== undefined) url.hash = encodeURIComponent(fragment);
  return url.href;
}
