/**
 * Forgot password and create password (issue 9, doc 1 sections 2 and 7): POST user/reset_password e-mails a
 * single-use, 10-minute link to the create-password page (the request's returnUrl) with `?token=`; POST
 * user/change_password_with_token spends it, or the 7-day account-setup link of the purchase e-mail (an
 * account a bought policy made: ./policy-account.ts), and sets the password.
 *
 * The reset request answers MESSAGES.resetSent before this runs (./after-answer.ts): the same answer and
 * timing whether or not the address has an account; mails to one mailbox are limited like the magic link's.
 *
 * Setting the password: the argon2id hash, the account confirmed (the link proves the mailbox), EVERY
 * session of the account ended (whoever was signed in, perhaps the reason for the reset, is out), the
 * account's other live links revoked, and an e-mail saying the password changed, all in one transaction.
 */
import type { Deps } from '../deps.ts';
import type { Limiter } from '../limiter.ts';
import { readToken, redeemToken } from '../tokens/tokens.ts';
import { PASSWORD_RESET_MAIL_KIND, passwordResetMail } from './account-mail.ts';
import { sendAccountLink, type LinkRequest } from './account-link.ts';
import { recordPasswordChange } from './password-change.ts';
import { isPersonalPassword, personalDetailsOf } from './personal-password.ts';
import { hashPassword } from './passwords.ts';

/** The two links that open the create-password page, tried in this order. */
const PASSWORD_LINKS = ['password-reset', 'account-setup'] as const;

/** Queues the reset e-mail when the address has an account and its mailbox limit allows. */
export function sendPasswordReset(deps: Deps, request: LinkRequest, signInMail: Limiter): Promise<void> {
  return sendAccountLink(deps, request, signInMail, {
    purpose: 'password-reset',
    mailKind: PASSWORD_RESET_MAIL_KIND,
    mail: passwordResetMail,
    what: 'password reset',
  });
}

export type LinkPasswordOutcome = 'updated' | 'link-invalid' | 'personal';

/**
 * Sets the password from a reset or setup link. The link is read first and spent only when the password is
 * acceptable: a password refused for containing the person's name leaves the link usable for a better one.
 */
export async function changePasswordWithToken(deps: Deps, request: { newPassword: string; passwordChangeToken: string }): Promise<LinkPasswordOutcome> {
  const now = deps.clock();
  let found: { purpose: (typeof PASSWORD_LINKS)[number]; accountId: number } | null = null;
  for (const purpose of PASSWORD_LINKS) {
    const token = await readToken(deps.db, purpose, request.passwordChangeToken, now);
    if (token?.subjectId != null) {
      found = { purpose, accountId: token.subjectId };
      break;
    }
  }
  if (!found) return 'link-invalid';
  const details = await personalDetailsOf(deps.db, found.accountId);
  if (!details) return 'link-invalid';
  if (isPersonalPassword(request.newPassword, details)) return 'personal';

  // Tens of milliseconds of CPU: before the transaction, so it holds no connection meanwhile.
  const passwordHash = await hashPassword(request.newPassword);
  const { purpose, accountId } = found;
  const updated = await deps.db.transaction(async (tx) => {
    const spent = await redeemToken(tx, purpose, request.passwordChangeToken, now);
    if (!spent || spent.subjectId !== accountId) return false;
    await recordPasswordChange(tx, deps, { accountId, passwordHash, now, viaLink: true, keepSessionIdHash: null });
    return true;
  });
  if (!updated) return 'link-invalid';
  void deps.mail.deliverDue();
  return 'updated';
}
