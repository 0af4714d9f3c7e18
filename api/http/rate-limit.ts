import { sha256Hex } from '../hash.ts';
import type { MiddlewareHandler } from 'hono';
import type { Struct } from 'superstruct';
import type { Db } from '../db/db.ts';
import { readBody } from './body.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

export interface RateLimit {
  /** Names the bucket family: 'subscribe', 'login', ... */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends, at least 1. */
  retryAfter: number;
}

/**
 * Counts one hit of `client` against `rule` in a fixed window, in the database so every replica shares the
 * count (DESIGN.md: the API keeps no state in memory). The client key is hashed before it is stored: the
 * table never holds an address.
 */
export async function hit(db: Db, rule: RateLimit, client: string, now: Date): Promise<HitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = start + windowMs;
  const bucket = sha256Hex(`${rule.name}\n${client}`);
  // One round trip: count this hit, and drop windows that ended a window ago (useless now), which keeps
  // the table the size of the current traffic. Both run in one statement's snapshot.
  const rows = await db.query<{ hits: number }>(
    `WITH expired AS (DELETE FROM rate_limits WHERE expires_at < $4)
     INSERT INTO rate_limits (bucket, window_start, hits, expires_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [bucket, new Date(start), new Date(end), new Date(now.getTime() - windowMs)],
  );
  const hits = rows[0]?.hits ?? 1;
  return { allowed: hits <= rule.limit, hits, retryAfter: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

/**
 * Counts each request of a client against `rule` (429 with Retry-After past it). With `body`, the request
 * body is checked against that contract struct FIRST (readBody: a 400 with the rule's messages): a
 * request refused for its input does no work and is not counted, so a typo, or a fuzzer, never spends a
 * visitor's allowance. The route reads the same body again (Hono keeps it).
 */
export function rateLimit(
  db: Db,
  rule: RateLimit,
  clientOf: (c: Parameters<MiddlewareHandler>[0]) => string,
  clock: () => Date,
  options: { body?: Struct<any, any> } = {},
): MiddlewareHandler {
  return async (c, next) => {
    if (options.body) await readBody(c, options.body);
    const result = await hit(db, rule, clientOf(c), clock());
    if (!result.allowed) {
      throw new ApiError(429, HTTP_MESSAGES.tooMany, { headers: { 'Retry-After': String(result.retryAfter) } });
    }
    await next();
  };
}
