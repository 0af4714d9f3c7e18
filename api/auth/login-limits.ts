/**
 * Failed sign-ins are limited per account and per client address (issue 9; NIST SP 800-63B 5.2.2 caps
 * consecutive failures at 100). Only failures count: a person who signs in fine is never held back. The
 * account's key is the e-mail address as typed, lower-cased, whether or not an account has it, so the 429
 * says nothing about which addresses have accounts.
 *
 * Reserve first (`reserveLoginTry`, before the password is verified: a refused try costs no argon2id hash),
 * and give the place back when the try did not fail (`loginTrySucceeded`). The reservation is the limit's own
 * atomic count (one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, api/http/rate-limit.ts hit): looking
 * first and counting after the verify let concurrent tries all pass the look before any was counted (issue 22
 * item 7: 300 parallel wrong passwords made 135 checks against a limit of 100); now 1,000 make exactly 100.
 * A wrong current password on the change-password page is a failed sign-in too: a stolen session must not
 * become a way to guess the password.
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

/**
 * Counts the try as a failure in advance against the account and the client; the seconds to wait when either
 * limit is used up (and then nothing stays counted), else null.
 */
export async function reserveLoginTry(limits: LoginLimits, attempt: LoginAttempt): Promise<{ retryAfterSeconds: number } | null> {
  const account = await limits.perAccount.take(attempt.emailLower);
  if (account !== 'ok') return account;
  const client = await limits.perClient.take(attempt.client);
  if (client === 'ok') return null;
  await limits.perAccount.giveBack(attempt.emailLower);
  return client;
}

/** A reserved try that did not fail: its places are given back, so only failures count. */
export async function loginTrySucceeded(limits: LoginLimits, attempt: LoginAttempt): Promise<void> {
  await Promise.all([limits.perAccount.giveBack(attempt.emailLower), limits.perClient.giveBack(attempt.client)]);
}
