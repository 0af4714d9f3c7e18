/**
 * Where the log-in page sends a person once signed in: the `returnUrl` query parameter the layout's guard
 * wrote (the login-required page they came from), held to a path on this site. Anything else (another
 * origin, `//host`, `/\host`, a tab or newline that the URL parser would drop to make `//host`, the log-in
 * page itself) falls back to the account dashboard: the page must never become an open redirect.
 */
export const DEFAULT_RETURN_PATH = '/account';

const LOG_IN = /^\/account\/log-in\/?$/i;

export function safeReturnPath(value: string | null | undefined, origin: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  // dot segments are resolved away: '/.//evil.example/x' comes out as '//evil.example/x', which
  // location.assign would take for another site's address
  if (url.origin !== origin || LOG_IN.test(url.pathname) || url.pathname.startsWith('//')) return DEFAULT_RETURN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
