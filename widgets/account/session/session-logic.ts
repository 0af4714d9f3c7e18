/**
 * The rules of the page's sign-in state that need no browser (doc 1 sections 2 and 4): which pages spend a
 * `?token=` as a sign-in link, the address without it, and the name the header shows. Pure functions,
 * tested in node (session-logic.test.ts).
 */

/**
 * Pages whose own links carry `token` for themselves (doc 1 section 4: "except on documents and rollover
 * pages"; ours: create-password's reset link, the account confirmation, the e-signature and the odometer
 * photo links). Everywhere else `?token=` is an e-mailed sign-in link and triggers the session check.
 */
const OWN_TOKEN_PATHS: readonly string[] = [
  '/account/documents',
  '/rollover',
  '/account/create-password',
  '/account/confirm',
  '/account/sign',
  '/odometer',
];

/** A pathname as the route table reads it: no trailing slash, no `/index.html`. */
function clean(pathname: string): string {
  return pathname.replace(/\/index\.html$/, '/').replace(/(.)\/+$/, '$1') || '/';
}

/** True when `?token=` on this page is a sign-in link (the page is not one that uses `token` itself). */
export function tokenCheckApplies(pathname: string): boolean {
  const path = clean(pathname).toLowerCase();
  return !OWN_TOKEN_PATHS.some((own) => path === own || path.startsWith(`${own}/`));
}

/** The page's address (path, query and hash) without `token`, or null when it has none. */
export function withoutToken(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('token')) return null;
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Doc 1 "Shell": "When logged in, the account link shows the user's first and last name". */
export function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName, user.lastName].map((part) => part.trim()).filter(Boolean).join(' ');
}
