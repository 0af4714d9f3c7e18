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
import type { Limiter } from '../limiter.ts';

/** The two limits of failed sign-ins, as ports (api/limiter.ts). */
export interface LoginLimits {
  /** Failures per account (its e-mail address). */
  perAccount: Limiter;
  /** Failures per client address. */
  perClient: Limiter;
}

export interface LoginAttempt {
  emailLower: string;
  client: string;
}

/** The seconds to wait when either limit is used up, else null. */
export async function loginRefusal(limits: LoginLimits, attempt: LoginAttempt): Promise<{ retryAfterSeconds: number } | null> {
  const looked = await Promise.all([limits.perAccount.peek(attempt.emailLower), limits.perClient.peek(attempt.client)]);
  const waits = looked.flatMap((taken) => (taken === 'ok' ? [] : [taken.retryAfterSeconds]));
  return waits.length === 0 ? null : { retryAfterSeconds: Math.max(...waits) };
}

/** Counts one failed sign-in against the account and the client. */
export async function countLoginFailure(limits: LoginLimits, attempt: LoginAttempt): Promise<void> {
  await limits.perAccount.take(attempt.emailLower);
  await limits.perClient.take(attempt.client);
}
