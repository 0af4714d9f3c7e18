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
import type { MailMessage } from '../mail/mailer.ts';
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

/** What one kind of e-mailed account link is: its token's purpose and payload, and its e-mail. */
export interface AccountLinkKind {
  purpose: 'magic-link' | 'password-reset';
  payload?: unknown;
  mailKind: string;
  mail: (to: string, link: string, publicOrigin: string) => MailMessage;
  /** Names it in the log line when the mailbox's limit holds it back. */
  what: string;
}

/**
 * The mailbox limit, then the account: a link e-mailed to the address when there is one and the limit allows
 * (the sign-in link here, the reset link in ./password-reset.ts). True when a mail was queued.
 */
export async function sendAccountLink(deps: Deps, request: LinkRequest, mailboxLimit: RateLimit, kind: AccountLinkKind): Promise<boolean> {
  const now = deps.clock();
  const to = request.emailAddress.trim();
  const emailLower = to.toLowerCase();
  const mailAllowed = (await hit(deps.db, mailboxLimit, emailLower, now)).allowed;
  const account = await credentialsByEmail(deps.db, emailLower);
  if (!account) return false;
  if (!mailAllowed) {
    deps.log(`${now.toISOString()} ${kind.what} not sent: the recipient's hourly limit is reached`);
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, kind.purpose, now, { subjectId: account.id, payload: kind.payload });
    const link = linkWithToken(deps.config.publicOrigin, request.returnPath, token);
    await enqueueMail(tx, kind.mailKind, kind.mail(to, link, deps.config.publicOrigin), now);
  });
  void deps.mail.deliverDue();
  return true;
}

/** The sign-in link; its token carries the page it opens. */
export function sendMagicLink(deps: Deps, request: LinkRequest, signInMail: RateLimit): Promise<boolean> {
  const payload: MagicLinkPayload = { returnPath: request.returnPath };
  return sendAccountLink(deps, request, signInMail, { purpose: 'magic-link', payload, mailKind: MAGIC_LINK_MAIL_KIND, mail: magicLinkMail, what: 'magic link' });
}
