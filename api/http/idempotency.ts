/**
 * Idempotency-Key for calls that cost money (migration 005, table idempotency_keys), the way Stripe's own
 * API does it:
 *
 * - the first request under a key runs, and its answer is stored; the same key with the same body later
 *   gets that answer again, without running anything (a double click, a retry after a lost answer);
 * - the same key with another body is refused (422): a client bug, never a second payment;
 * - a request while the first one under its key is still running is refused (409), not queued: the
 *   client retries later and then gets the stored answer;
 * - an answer whose outcome is unknown (the card provider timed out) is not stored: the key is released, so
 *   a retry under it runs again, and the bind reuses its attempt (and the provider's idempotency key);
 * - a process that dies mid-request leaves its key locked only until `locked_until`: then a retry takes over.
 */
import type { Context } from 'hono';
import { IDEMPOTENCY_KEY, MESSAGES } from '../../contract/index.ts';
import { sha256Hex } from '../hash.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from './errors.ts';

/** How long a running request holds its key before a retry may take it over (a dead process's key). */
export const IDEMPOTENCY_LOCK_MS = 2 * 60_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

/**
 * The request's Idempotency-Key header, or a 400 saying how to send one. `each` names what one key stands
 * for in the message ('payment attempt', 'claim', 'message').
 */
export function idempotencyKeyOf(c: Context, each: string): string {
  const key = c.req.header('Idempotency-Key')?.trim() ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, MESSAGES.idempotencyKeyRequired(each));
  return key;
}

export function hashRequest(body: unknown): string {
  return sha256Hex(JSON.stringify(body));
}

/** Claims `key` in `scope` for a request whose body hashes to `requestHash`, or says why not. */
export async function claimKey(db: Queryable, scope: string, key: string, requestHash: string, now: Date): Promise<Claim> {
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LOCK_MS);
  const claimed = await db.query<{ claimed: boolean }>(
    `INSERT INTO idempotency_keys AS k (scope, key, request_hash, state, created_at, locked_until)
     VALUES ($1, $2, $3, 'in_flight', $4, $5)
     ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until
       WHERE k.state = 'in_flight' AND k.locked_until < $4 AND k.request_hash = EXCLUDED.request_hash
     RETURNING true AS claimed`,
    [scope, key, requestHash, now, lockedUntil],
  );
  if (claimed.length === 1) return { kind: 'claimed' };
  const rows = await db.query<{ request_hash: string; state: string; status: number | null; answer: unknown }>(
    'SELECT request_hash, state, status, answer FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  // released between the two statements: the caller may simply try again; answer as in flight
  if (!row) return { kind: 'in-flight' };
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.state === 'done' && row.status !== null) return { kind: 'replay', answer: { status: row.status, body: row.answer } };
  return { kind: 'in-flight' };
}

/** Stores the answer of the request that holds `key`; later requests under it replay this answer. */
export async function completeKey(db: Queryable, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', status = $3, answer = $4::jsonb WHERE scope = $1 AND key = $2`,
    [scope, key, answer.status, JSON.stringify(answer.body)],
  );
}

/** Lets `key` go without an answer (the outcome is unknown, or we failed): a retry under it runs again. */
export async function releaseKey(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'in_flight'`, [scope, key]);
}
