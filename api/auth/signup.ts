/**
 * Account creation from the thank-you page (doc 3 sections 2 and 7, issue 7) and its confirmation.
 *
 * Sign-up gives the same answer whether or not the address already has an account, and costs about the
 * same: the password is hashed (argon2id, the bulk of the work) before anything is looked up, and then one
 * transaction either creates the account, issues its single-use confirmation link and queues the e-mail
 * with it, or queues the e-mail that says an account already exists. Only the mailbox's owner learns which.
 *
 * Anyone can type any address, so the e-mails to one address are limited per hour (like the quote e-mail,
 * RATE_LIMITS.accountMail); past the limit the answer is still the same and nothing is sent.
 *
 * The account version's policyNumber (doc 1 section 7) is accepted and not stored: anyone can type a
 * number, so tying a policy to an account waits for a proof of it (the account area's issue).
 */
import { PAGES } from '../../contract/pages.ts';
import type { SignUpRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { Limiter } from '../limiter.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueToken, redeemToken } from '../tokens/tokens.ts';
import { claimPolicyAccount, insertAccount, markAccountConfirmed } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { accountConfirmationMail, accountExistsMail } from './signup-mail.ts';

/** What the confirmation token carries to the confirmation: where the person goes next. */
interface ConfirmationPayload {
  returnUrl: string;
}

const DEFAULT_RETURN_PATH = PAGES.account;

export interface SignUp {
  request: SignUpRequest;
  /** The request's returnUrl as a path on our own site (./return-url.ts). */
  returnPath: string;
}

export async function signUp(deps: Deps, { request, returnPath }: SignUp, accountMail: Limiter): Promise<void> {
  const now = deps.clock();
  const to = request.emailAddress.trim();
  const emailLower = to.toLowerCase();
  // Before the transaction (tens of milliseconds of CPU must not hold a connection and its locks), and for
  // every address, known or not, so the answer time says nothing about the address.
  const passwordHash = await hashPassword(request.password);
  const mailAllowed = (await accountMail.take(emailLower)) === 'ok';
  if (!mailAllowed) deps.log(`${now.toISOString()} account mail not sent: the recipient's hourly limit is reached`);

  await deps.db.transaction(async (tx) => {
    // A new account, or the one a bought policy made and nobody has claimed yet (the thank-you page comes
    // right after the bind that made it): either way the password takes effect with the confirmation.
    const accountId =
      (await insertAccount(tx, { emailLower, passwordHash, policyAddress: request.policyAddress ?? null }, now)) ??
      (await claimPolicyAccount(tx, emailLower, passwordHash));
    if (accountId === null) {
      if (mailAllowed) await enqueueMail(tx, 'account exists mail', accountExistsMail(to, deps.config.publicOrigin), now);
      return;
    }
    const payload: ConfirmationPayload = { returnUrl: returnPath };
    const token = await issueToken(tx, 'account-confirmation', now, { subjectId: accountId, payload });
    if (mailAllowed) await enqueueMail(tx, 'account confirmation mail', accountConfirmationMail(to, token, deps.config.publicOrigin), now);
  });
  if (mailAllowed) void deps.mail.deliverDue();
}

/**
 * Spends the confirmation link and marks the account confirmed, in one transaction. Returns where the
 * person goes next, or null for a link that is unknown, used or expired (one answer for every miss).
 */
export async function confirmAccount(deps: Deps, token: string): Promise<{ returnUrl: string } | null> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const spent = await redeemToken<ConfirmationPayload>(tx, 'account-confirmation', token, now);
    if (!spent || spent.subjectId === null) return null;
    if (!(await markAccountConfirmed(tx, spent.subjectId, now))) return null;
    return { returnUrl: spent.payload?.returnUrl ?? DEFAULT_RETURN_PATH };
  });
}
