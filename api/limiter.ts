/**
 * A rate limit as a use case sees it (a port, STYLE.md 13): take one from a key's allowance, or learn how long
 * to wait. The use case decides what a refusal means in its domain (a sign-in held back, an e-mail not sent);
 * the route layer turns a use case's `limited` into the 429 with Retry-After. The one implementation, the
 * database's sliding windows, is api/http/rate-limit.ts `limiterOf`; a test may hand in any other.
 */
import type { Queryable } from './db/db.ts';

/** 'ok', or the seconds until one more would be allowed (at least 1). */
export type Taken = 'ok' | { retryAfterSeconds: number };

export interface Limiter {
  /**
   * Counts one against `key` when its allowance has room, and says whether it had. `within` counts it in
   * that transaction, so a count rolls back with the work it allowed.
   */
  take(key: string, within?: Queryable): Promise<Taken>;
  /** Whether one more would be allowed, counting nothing (a limit of failures looks first, takes after one). */
  peek(key: string): Promise<Taken>;
  /**
   * Gives back one that `take` counted: a limit of failures takes its place before the work, in one atomic
   * statement, and gives it back when the work did not fail (api/auth/login-limits.ts).
   */
  giveBack(key: string): Promise<void>;
}
