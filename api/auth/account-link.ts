/**
 * The e-mailed account links, sign-in (./magic-link.ts) and password reset (./password-reset.ts): one way to
 * send either. The mailbox's limit is counted first, for every address, known or not, so the limit says
 * nothing about accounts; then, when the address has an account and its limit allows, a single-use token and
 * the e-mail with `returnPath?token=` are written in one transaction.
 *
 * The routes answer before this runs (./after-answer.ts), so neither the answer nor its timing tells whether
 * the address has an account.
 */
import { pageUrl, type OwnPath } from '../../contract/pages.ts';
import type { Deps } from '../deps.ts';
import type { Limiter } from '../limiter.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueToken } from '../tokens/tokens.ts';
import { credentialsByEmail } from './accounts.ts';

export interface LinkRequest {
  /** The address as typed (the e-mail goes there); the account is found by it lower-cased. */
  emailAddress: string;
  /** The request's returnUrl as a path on our own site (./return-url.ts): the page the link opens. */
  returnPath: OwnPath;
}

/** What one kind of e-mailed account link is: its token's purpose and its e-mail. */
export interface AccountLinkKind {
  purpose: 'magic-link' | 'password-reset';
  mailKind: string;
  mail: (to: string, link: string, publicOrigin: string) => MailMessage;
  /** Names it in the log line when the mailbox's limit holds it back. */
  what: string;
}

export async function sendAccountLink(deps: Deps, request: LinkRequest, mailboxLimit: Limiter, kind: AccountLinkKind): Promise<void> {
  const now = deps.clock();
  const to = request.emailAddress.trim();
  const emailLower = to.toLowerCase();
  const mailAllowed = (await mailboxLimit.take(emailLower)) === 'ok';
  const account = await credentialsByEmail(deps.db, emailLower);
  if (!account) return;
  if (!mailAllowed) {
    deps.log(`${now.toISOString()} ${kind.what} not sent: the recipient's hourly limit is reached`);
    return;
  }
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, kind.purpose, now, { subjectId: account.id });
    const link = pageUrl(deps.config.publicOrigin, request.returnPath, { query: { token } });
    await enqueueMail(tx, kind.mailKind, kind.mail(to, link, deps.config.publicOrigin), now);
  });
  void deps.mail.deliverDue();
}
