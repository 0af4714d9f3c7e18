/**
 * Sign-in (issue 9, doc 1 sections 4 and 7): by password, or by the e-mailed single-use link, and the
 * session either one starts.
 *
 * By password, one answer for every failure that could tell whether an address has an account: an unknown
 * address, an account without a password yet (made by a bought policy) and a wrong password are the same
 * 401 with MESSAGES.loginFailed, after the same work: one full argon2id verify, against the dummy hash when
 * there is no password to check (./passwords.ts), and the same failure counting. Only the right password
 * of an account whose address is not confirmed yet gets MESSAGES.loginUnconfirmed: whoever knows the
 * password learns nothing new.
 *
 * Every sign-in starts a NEW session, and the session id the browser presented (if any) is destroyed first,
 * so an id planted before the sign-in (session fixation) is never promoted to a signed-in one.
 */
import type { Context } from 'hono';
import { MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { redeemToken } from '../tokens/tokens.ts';
import { confirmByMailbox, credentialsByEmail, credentialsById, renewPasswordHash } from './accounts.ts';
import { loginTrySucceeded, reserveLoginTry, type LoginLimits } from './login-limits.ts';
import { hashPassword, needsRehash, verifyPasswordOrDummy } from './passwords.ts';
import { sessionCookieOf, setSessionCookie } from './session-guard.ts';
import { createSession, destroySession } from './sessions.ts';

export type PasswordSignIn =
  | { kind: 'signed-in'; accountId: number }
  | { kind: 'refused'; message: typeof MESSAGES.loginFailed | typeof MESSAGES.loginUnconfirmed }
  | { kind: 'limited'; retryAfterSeconds: number };

export async function signInWithPassword(
  deps: Deps,
  limits: LoginLimits,
  request: { accountIdentifier: string; password: string },
  client: string,
): Promise<PasswordSignIn> {
  const now = deps.clock();
  const attempt = { emailLower: request.accountIdentifier.trim().toLowerCase(), client };
  const refusal = await reserveLoginTry(limits, attempt);
  if (refusal) return { kind: 'limited', ...refusal };

  const account = await credentialsByEmail(deps.db, attempt.emailLower);
  const stored = account?.passwordHash ?? null;
  // Always one full verify: against the dummy hash when there is no password to check.
  const right = await verifyPasswordOrDummy(stored, request.password);
  // A failure stays counted (reserved above); a right password gives its place back.
  if (!account || stored === null || !right) return { kind: 'refused', message: MESSAGES.loginFailed };
  await loginTrySucceeded(limits, attempt);
  if (!account.confirmed) return { kind: 'refused', message: MESSAGES.loginUnconfirmed };
  if (needsRehash(stored)) await renewPasswordHash(deps.db, account.id, stored, await hashPassword(request.password));
  return { kind: 'signed-in', accountId: account.id };
}

/**
 * Spends an e-mailed sign-in link: the account it names, confirmed now (the link proves the mailbox), or
 * null for a link that is unknown, used or expired (one answer for every miss).
 */
export async function signInWithLink(deps: Deps, token: string): Promise<number | null> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const spent = await redeemToken(tx, 'magic-link', token, now);
    if (!spent || spent.subjectId === null || !(await credentialsById(tx, spent.subjectId))) return null;
    await confirmByMailbox(tx, spent.subjectId, now);
    return spent.subjectId;
  });
}

/**
 * Starts the account's session for this browser: destroys the session the request presented (if any),
 * creates a new one and sets its cookie.
 */
export async function startSession(c: Context, deps: Deps, accountId: number): Promise<void> {
  const presented = sessionCookieOf(c);
  const id = await deps.db.transaction(async (tx) => {
    if (presented !== null) await destroySession(tx, presented);
    return createSession(tx, accountId, deps.clock());
  });
  setSessionCookie(c, id);
}
