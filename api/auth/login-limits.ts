/**
 * Failed sign-ins are limited per account and per client address (issue 9; NIST SP 800-63B 5.2.2 caps
 * consecutive failures at 100). Only failures count: a person who signs in fine is never held back. The
 * account's key is the e-mail address as typed, lower-cased, whether or not an account has it, so the 429
 * says nothing about which addresses have accounts.
 *
 * Look first (`loginRefusal`, before the password is verified: a refused try costs no argon2id hash), count
 * after a failure (`countLoginFailure`). A wrong current password on the change-password page is a failed
 * sign-in too: a stolen session must not become a way to guess the password.
 */
import { hit, peek, tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import type { Queryable } from '../db/db.ts';
import type { ApiError } from '../http/errors.ts';

export interface LoginLimits {
  /** Failures per account (its e-mail address). */
  loginFailuresAccount: RateLimit;
  /** Failures per client address. */
  loginFailuresClient: RateLimit;
}

export interface LoginAttempt {
  emailLower: string;
  client: string;
}

/** The 429 (with Retry-After) when either limit is used up, else null. */
export async function loginRefusal(db: Queryable, limits: LoginLimits, attempt: LoginAttempt, now: Date): Promise<ApiError | null> {
  const [account, client] = await Promise.all([
    peek(db, limits.loginFailuresAccount, attempt.emailLower, now),
    peek(db, limits.loginFailuresClient, attempt.client, now),
  ]);
  if (account.allowed && client.allowed) return null;
  const waits = [account, client].filter((result) => !result.allowed).map((result) => result.retryAfter);
  return tooManyRequests(Math.max(...waits));
}

/** Counts one failed sign-in against the account and the client. */
export async function countLoginFailure(db: Queryable, limits: LoginLimits, attempt: LoginAttempt, now: Date): Promise<void> {
  await hit(db, limits.loginFailuresAccount, attempt.emailLower, now);
  await hit(db, limits.loginFailuresClient, attempt.client, now);
}
