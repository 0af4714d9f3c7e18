/**
 * The e-mailed sign-in link (issue 9, doc 1 section 7 login_with_magic_link): single use, 10 minutes, to the
 * page the person asked for (returnUrl, on our own site) with `?token=`; that page's session check spends it
 * (./sign-in.ts signInWithLink).
 *
 * The route answers MESSAGES.magicLinkSent before this runs (./after-answer.ts), so the answer and its
 * timing are the same whether or not the address has an account. The e-mails to one mailbox are limited
 * (RATE_LIMITS.signInMail, shared with the reset link): anyone can type any address. The limit counts every
 * request for the address, known or not, so it too says nothing about accounts.
 */
import type { Deps } from '../deps.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueToken } from '../tokens/tokens.ts';
import { linkWithToken, MAGIC_LINK_MAIL_KIND, magicLinkMail } from './account-mail.ts';
import { credentialsByEmail } from './accounts.ts';

/** What the magic link's token carries: the page it opens (a path on our site). */
export interface MagicLinkPayload {
  returnPath: string;
}

export interface LinkRequest {
  /** The address as typed (the e-mail goes there); the account is found by it lower-cased. */
  emailAddress: string;
  /** The request's returnUrl as a path on our own site (./return-url.ts). */
  returnPath: string;
}

/**
 * The mailbox limit, then the account: a mail for the address when there is one and the limit allows.
 * True when a mail was queued.
 */
export async function sendMagicLink(deps: Deps, request: LinkRequest, signInMail: RateLimit): Promise<boolean> {
  const now = deps.clock();
  const to = request.emailAddress.trim();
  const emailLower = to.toLowerCase();
  const mailAllowed = (await hit(deps.db, signInMail, emailLower, now)).allowed;
  const account = await credentialsByEmail(deps.db, emailLower);
  if (!account) return false;
  if (!mailAllowed) {
    deps.log(`${now.toISOString()} magic link not sent: the recipient's hourly limit is reached`);
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const payload: MagicLinkPayload = { returnPath: request.returnPath };
    const token = await issueToken(tx, 'magic-link', now, { subjectId: account.id, payload });
    const link = linkWithToken(deps.config.publicOrigin, request.returnPath, token);
    await enqueueMail(tx, MAGIC_LINK_MAIL_KIND, magicLinkMail(to, link, deps.config.publicOrigin), now);
  });
  void deps.mail.deliverDue();
  return true;
}
