/**
 * Account creation from the thank-you page (doc 3 sections 2 and 7, issues 7 and 22) and its confirmation.
 *
 * A password takes effect only when the person who chose it has proved who they are (issue 22: no account
 * takeover before the owner sets a password):
 * - On the purchase's thank-you page, by the bind's purchase token (Purchase-Token header, the token the
 *   bind gave the buyer's page): when it names the policy bought with this very address, and that address's
 *   account (which the bind made) has no password and is not confirmed, the password is set at once and
 *   the account is confirmed (accounts.ts setFirstPassword). The confirmation e-mail still goes, as the
 *   spec's success text says.
 * - Otherwise the sign-up's password is never stored. A new address gets an account without one and the
 *   confirmation e-mail; its link confirms the account and then leads to the create-password page, where
 *   the mailbox's owner chooses the password AFTER opening the link. An address that already has an
 *   account, with a password or not, gets only the "you already have an account" e-mail, with a link to
 *   the create-password page. A stranger who types somebody's address and a password of their own thus
 *   never learns or sets anything: whoever reads the mailbox chooses the password.
 *
 * The answer is the same in every case (no enumeration), and costs about the same: the password is hashed
 * (argon2id, the bulk of the work) before anything is looked up, whether or not it is kept.
 *
 * Anyone can type any address, so the e-mails to one address are limited per hour (like the quote e-mail,
 * RATE_LIMITS.accountMail); past the limit the answer is still the same and nothing is sent.
 *
 * The account version's policyNumber (doc 1 section 7) is accepted and not stored: anyone can type a
 * number; the purchase token is the proof.
 */
import { PAGES, pageUrl, type OwnPath } from '../../contract/pages.ts';
import type { SignUpRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { Limiter } from '../limiter.ts';
import { enqueueMail } from '../mail/queue.ts';
import { purchasedPolicy } from '../policies/bind.ts';
import { policiesOfEmail } from '../policies/records.ts';
import { issueToken, redeemToken, revokeTokens } from '../tokens/tokens.ts';
import { confirmByMailbox, credentialsByEmail, credentialsById, insertAccount, setFirstPassword } from './accounts.ts';
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
  /** The Purchase-Token header, when the thank-you page sent one. */
  purchaseToken?: string | undefined;
}

export async function signUp(deps: Deps, { request, returnPath, purchaseToken }: SignUp, accountMail: Limiter): Promise<void> {
  const now = deps.clock();
  const to = request.emailAddress.trim();
  const emailLower = to.toLowerCase();
  // Before the transaction (tens of milliseconds of CPU must not hold a connection and its locks), and for
  // every address, known or not, kept or not, so the answer time says little about the address.
  const passwordHash = await hashPassword(request.password);
  const mailAllowed = (await accountMail.take(emailLower)) === 'ok';
  if (!mailAllowed) deps.log(`${now.toISOString()} account mail not sent: the recipient's hourly limit is reached`);
  const buyer = await boughtWith(deps, purchaseToken, emailLower, now);

  await deps.db.transaction(async (tx) => {
    let accountId: number | null = null;
    if (buyer) {
      accountId = await setFirstPassword(tx, emailLower, passwordHash, now);
      // the purchase e-mail's setup link has nothing left to do
      if (accountId !== null) await revokeTokens(tx, 'account-setup', accountId, now);
    } else {
      accountId = await insertAccount(tx, { emailLower, passwordHash: null, policyAddress: request.policyAddress ?? null }, now);
    }
    if (accountId === null) {
      if (!mailAllowed) return;
      const account = (await credentialsByEmail(tx, emailLower))!;
      // a link to choose a password: the week-long setup link while there is none, else the 10-minute reset link
      const purpose = account.passwordHash === null ? 'account-setup' : 'password-reset';
      const token = await issueToken(tx, purpose, now, { subjectId: account.id });
      const link = pageUrl(deps.config.publicOrigin, PAGES.createPassword, { token });
      await enqueueMail(tx, 'account exists mail', accountExistsMail(to, deps.config.publicOrigin, link, purpose), now);
      return;
    }
    const payload: ConfirmationPayload = { returnUrl: returnPath };
    const token = await issueToken(tx, 'account-confirmation', now, { subjectId: accountId, payload });
    if (mailAllowed) await enqueueMail(tx, 'account confirmation mail', accountConfirmationMail(to, token, deps.config.publicOrigin), now);
  });
  if (mailAllowed) void deps.mail.deliverDue();
}

/**
 * Whether the purchase token proves that this sign-up is the buyer's: it names a policy bought with this
 * address, and that policy is the only one the address has (a token for a new purchase never opens the
 * policies bought before it).
 */
async function boughtWith(deps: Deps, purchaseToken: string | undefined, emailLower: string, now: Date): Promise<boolean> {
  const bought = await purchasedPolicy(deps.db, purchaseToken, now);
  if (!bought || bought.emailLower !== emailLower) return false;
  const policies = await policiesOfEmail(deps.db, emailLower, { newest: 2 });
  return policies.length === 1 && policies[0]!.id === bought.policyId;
}

/**
 * Spends the confirmation link and marks the account confirmed, in one transaction. Returns where the
 * person goes next, or null for a link that is unknown, used or expired (one answer for every miss). An
 * account without a password (every sign-up without the purchase token) goes next to the create-password
 * page, with a fresh single-use setup link: the password is chosen now that the mailbox is proved.
 */
export async function confirmAccount(deps: Deps, token: string): Promise<{ returnUrl: string } | null> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const spent = await redeemToken<ConfirmationPayload>(tx, 'account-confirmation', token, now);
    if (!spent || spent.subjectId === null) return null;
    const account = await credentialsById(tx, spent.subjectId);
    if (!account) return null;
    // A password stored before the mailbox was proved (a sign-up made before issue 22) is dropped, as a
    // sign-in link drops it: whoever chose it may not be the mailbox's owner.
    await confirmByMailbox(tx, account.id, now);
    if (!account.confirmed || account.passwordHash === null) {
      const setup = await issueToken(tx, 'account-setup', now, { subjectId: account.id });
      const next: OwnPath = `${PAGES.createPassword}?${new URLSearchParams({ token: setup })}` as OwnPath;
      return { returnUrl: next };
    }
    return { returnUrl: spent.payload?.returnUrl ?? DEFAULT_RETURN_PATH };
  });
}
