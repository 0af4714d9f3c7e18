/**
 * Change password, signed in (issue 9, doc 1 sections 2 and 7: current, new, confirm): the current
 * password is checked like a sign-in (one argon2id verify, and a wrong one counts as a failed sign-in,
 * limited per account and client), the new one is held to the rule and to ./personal-password.ts. Then the
 * hash is set, every OTHER session of the account ends (this one stays signed in), the account's live
 * e-mailed links are revoked, and a notice is e-mailed, in one transaction.
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { enqueueMail } from '../mail/queue.ts';
import { revokeTokens, type TokenPurpose } from '../tokens/tokens.ts';
import { PASSWORD_CHANGED_MAIL_KIND, passwordChangedMail } from './account-mail.ts';
import { credentialsById, setPassword } from './accounts.ts';
import { loginTrySucceeded, reserveLoginTry, type LoginLimits } from './login-limits.ts';
import { isPersonalPassword, personalDetailsOf } from './personal-password.ts';
import { hashPassword, verifyPasswordOrDummy } from './passwords.ts';
import { destroyAccountSessions, type Session } from './sessions.ts';

/** The account's e-mailed links that a new password makes void. */
const LINKS_VOID_AFTER_CHANGE: readonly TokenPurpose[] = ['magic-link', 'password-reset', 'account-setup'];

export interface PasswordChange {
  accountId: number;
  passwordHash: string;
  now: Date;
  /** Through an e-mailed link (reset or setup): the mailbox is proven, so the account is confirmed too. */
  viaLink: boolean;
  /** The session that made the change, kept signed in; null ends every session of the account. */
  keepSessionIdHash: string | null;
}

/**
 * Everything a new password brings, inside the caller's transaction: the hash (and the confirmation, via a
 * link), the sessions ended, the account's live links revoked, the notice queued.
 */
export async function recordPasswordChange(tx: Queryable, deps: Pick<Deps, 'config'>, change: PasswordChange): Promise<void> {
  const { accountId, passwordHash, now, keepSessionIdHash } = change;
  const account = await credentialsById(tx, accountId);
  if (!account) throw new Error('recordPasswordChange: no such account');
  await setPassword(tx, accountId, passwordHash, now, change.viaLink);
  await destroyAccountSessions(tx, accountId, keepSessionIdHash);
  for (const purpose of LINKS_VOID_AFTER_CHANGE) await revokeTokens(tx, purpose, accountId, now);
  const others = keepSessionIdHash === null ? 'all' : 'others';
  await enqueueMail(tx, PASSWORD_CHANGED_MAIL_KIND, passwordChangedMail(account.emailLower, now, deps.config.publicOrigin, others), now);
}

export type ChangePasswordOutcome = { kind: 'updated' } | { kind: 'wrong-current' } | { kind: 'personal' } | { kind: 'limited'; retryAfterSeconds: number };

export async function changePassword(
  deps: Deps,
  limits: LoginLimits,
  session: Session,
  request: { oldPassword: string; newPassword: string },
  client: string,
): Promise<ChangePasswordOutcome> {
  const now = deps.clock();
  const account = await credentialsById(deps.db, session.accountId);
  if (!account) return { kind: 'wrong-current' };
  const attempt = { emailLower: account.emailLower, client };
  const refusal = await reserveLoginTry(limits, attempt);
  if (refusal) return { kind: 'limited', ...refusal };
  // An account without a password yet (made by a bought policy, signed in by link) has no current one to
  // give: the same verify, the same answer; Forgot Password sets a first one.
  const right = await verifyPasswordOrDummy(account.passwordHash, request.oldPassword);
  // A wrong password stays counted (reserved above); a right one gives its place back.
  if (!right || account.passwordHash === null) return { kind: 'wrong-current' };
  await loginTrySucceeded(limits, attempt);
  const details = await personalDetailsOf(deps.db, account.id);
  if (details && isPersonalPassword(request.newPassword, details)) return { kind: 'personal' };

  const passwordHash = await hashPassword(request.newPassword);
  await deps.db.transaction((tx) => recordPasswordChange(tx, deps, { accountId: account.id, passwordHash, now, viaLink: false, keepSessionIdHash: session.idHash }));
  void deps.mail.deliverDue();
  return { kind: 'updated' };
}
