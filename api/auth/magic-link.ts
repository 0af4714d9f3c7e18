/**
 * The e-mailed sign-in link (issue 9, doc 1 section 7 login_with_magic_link): single use, 10 minutes, to the
 * page the person asked for (returnUrl, on our own site) with `?token=`; that page's session check spends it
 * (./sign-in.ts signInWithLink).
 *
 * The route answers MESSAGES.magicLinkSent before this runs (./after-answer.ts). The e-mails to one mailbox
 * are limited (RATE_LIMITS.signInMail, shared with the reset link): anyone can type any address. Sent as
 * every account link is (./account-link.ts). The page a link opens is in its address, not in its token.
 */
import type { Deps } from '../deps.ts';
import type { Limiter } from '../limiter.ts';
import { sendAccountLink, type LinkRequest } from './account-link.ts';
import { MAGIC_LINK_MAIL_KIND, magicLinkMail } from './account-mail.ts';

export function sendMagicLink(deps: Deps, request: LinkRequest, signInMail: Limiter): Promise<void> {
  return sendAccountLink(deps, request, signInMail, { purpose: 'magic-link', mailKind: MAGIC_LINK_MAIL_KIND, mail: magicLinkMail, what: 'magic link' });
}
