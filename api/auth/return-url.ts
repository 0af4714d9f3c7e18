/**
 * Where a link we e-mail may send the person afterwards (the sign-up's, the magic link's and the reset's
 * returnUrl). The contract's rule refuses what can never be a page; this holds it to our own site, so none
 * of our e-mails can be made to send a customer to someone else's page (an open redirect that would carry
 * our name), and no sign-in token can be carried there.
 */
import type { OwnPath } from '../../contract/pages.ts';

/**
 * The path (with query and fragment) on our site that `returnUrl` names, or null when it names another
 * origin. A path ('/account/') is taken as ours; an absolute URL must be on `publicOrigin`. A path that
 * starts with two slashes is refused too: `https://ours//evil.example/` is on our origin, but its path,
 * resolved by a page that navigates to it or joined to an origin, is another host.
 */
export function ownReturnPath(returnUrl: string, publicOrigin: string): OwnPath | null {
  let url: URL;
  try {
    url = new URL(returnUrl, publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== publicOrigin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}` as OwnPath;
}
