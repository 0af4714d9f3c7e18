/**
 * Where a link we e-mail may send the person afterwards (the sign-up's, the magic link's and the reset's
 * returnUrl). The contract's rule refuses what can never be a page; this holds it to our own site, so none
 * of our e-mails can be made to send a customer to someone else's page (an open redirect that would carry
 * our name), and no sign-in token can be carried there.
 *
 * Our own site may be reached by more than one name (issue 22 item 10): a page on http://127.0.0.1:4321
 * while PUBLIC_ORIGIN says localhost, or on www.example.com while it says example.com. Those pages send
 * their own origin, and it is ours: what is kept is the path, joined to PUBLIC_ORIGIN by every link.
 */
import type { OwnPath } from '../../contract/pages.ts';
import type { Config } from '../config.ts';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins of our own site: PUBLIC_ORIGIN; its twin with or without `www.` (same scheme and port); on a
 * loopback host, the other loopback names on the same port; and SITE_ORIGINS.
 */
export function ownOrigins(config: Pick<Config, 'publicOrigin' | 'siteOrigins'>): string[] {
  const origins = new Set([config.publicOrigin, ...(config.siteOrigins ?? [])]);
  const url = new URL(config.publicOrigin);
  const twin = (hostname: string) => {
    const other = new URL(config.publicOrigin);
    other.hostname = hostname;
    origins.add(other.origin);
  };
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) twin(host);
  } else if (!/^[\d.]+$/.test(url.hostname) && !url.hostname.startsWith('[')) {
    twin(url.hostname.startsWith('www.') ? url.hostname.slice(4) : `www.${url.hostname}`);
  }
  return [...origins];
}

/**
 * The path (with query and fragment) on our site that `returnUrl` names, or null when it names another
 * origin. A path ('/account/') is taken as ours; an absolute URL must be on one of `origins` (ownOrigins;
 * a single origin string is PUBLIC_ORIGIN alone). A path that starts with two slashes is refused too:
 * `https://ours//evil.example/` is on our origin, but its path, resolved by a page that navigates to it or
 * joined to an origin, is another host.
 */
export function ownReturnPath(returnUrl: string, origins: string | readonly string[]): OwnPath | null {
  const ours = typeof origins === 'string' ? [origins] : origins;
  let url: URL;
  try {
    url = new URL(returnUrl, ours[0]);
  } catch {
    return null;
  }
  if (!ours.includes(url.origin) || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}` as OwnPath;
}
