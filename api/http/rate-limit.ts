import { sha256Hex } from '../hash.ts';
import type { MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/db.ts';
import type { Limiter, Taken } from '../limiter.ts';
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
  /** The sliding window's count (the previous window's share included, so not a whole number); this hit included when allowed. */
  hits: number;
  /** Seconds until one more request would be allowed, at least 1. */
  retryAfter: number;
}

/*
 * Sliding-window counters (the approximation Cloudflare describes for its rate limiting), in the database so
 * every replica shares the count (DESIGN.md: the API keeps no state in memory).
 *
 * A fixed window lets 2x the limit through across its edge: `limit` requests in its last second and `limit`
 * more in the next window's first. Here each bucket keeps two rows, the current fixed window and the one
 * before, and the count is the previous window's hits weighted by the part of it still inside the sliding
 * window, plus the current window's hits:
 *
 *   count(now) = previous * (1 - elapsed / window) + current
 *
 * Right after an edge the previous window still counts almost in full, so a burst at the end of one window
 * holds the next one back: in a span of s seconds across an edge at most about limit * (1 + s / window) pass,
 * where the fixed window passed 2 x limit within a second. (The estimate assumes the previous window's hits
 * were spread evenly, so a client that bursts at a window's end and then paces itself through the next one
 * can fit almost 2 x limit into one window-long span; over longer spans its pace is the limit's.)
 *
 * The client key is hashed before it is stored: the table never holds an address.
 */

interface Windows {
  windowMs: number;
  /** Start of the current fixed window. */
  start: number;
  /** Part of the current window already gone, 0 <= elapsed < 1. */
  elapsed: number;
}

function windowsAt(rule: RateLimit, now: Date): Windows {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { windowMs, start, elapsed: (now.getTime() - start) / windowMs };
}

function bucketOf(rule: RateLimit, client: string): string {
  return sha256Hex(`${rule.name}\n${client}`);
}

/** Slack for the float arithmetic of the weights: 6 * (1 - 1/3) must count as 4, not 4.000000000000001. */
const EPSILON = 1e-9;

/** The sliding count from the two windows' hits. */
function slidingCount(w: Windows, previous: number, current: number): number {
  return previous * (1 - w.elapsed) + current;
}

/**
 * Milliseconds from now until the count leaves room for one more request (count <= limit - 1), when no
 * more requests arrive meanwhile: within this window as the previous one's share shrinks, or else in the
 * next window, where this window's hits become the shrinking share.
 */
function waitMs(rule: RateLimit, w: Windows, previous: number, current: number): number {
  const room = rule.limit - 1;
  const nowMs = w.start + w.elapsed * w.windowMs;
  let at: number;
  if (current <= room) {
    if (previous === 0 || slidingCount(w, previous, current) <= room + EPSILON) return 0;
    // previous * (1 - f) + current <= room  <=>  f >= 1 - (room - current) / previous
    at = w.start + (1 - (room - current) / previous) * w.windowMs;
  } else {
    // In the next window: current * (1 - f) <= room
    at = w.start + w.windowMs + Math.max(0, 1 - room / current) * w.windowMs;
  }
  return Math.max(0, at - nowMs);
}

/** `verdict`: what the hit decided (counted, or not), or null for a peek: whether one more would be allowed. */
function result(rule: RateLimit, w: Windows, previous: number, current: number, verdict: boolean | null): HitResult {
  const count = slidingCount(w, previous, current);
  const allowed = verdict ?? count + 1 <= rule.limit + EPSILON;
  const wait = allowed ? 0 : waitMs(rule, w, previous, current);
  return { allowed, hits: count, retryAfter: Math.max(1, Math.ceil(Math.round(wait) / 1000)) };
}

/** A hit as parts of a statement: `hit` runs it alone, the quote call inside its own (hitClauses). */
export interface HitClauses {
  /**
   * Common table expressions to follow WITH: `expired`, `previous` (the previous window's hits) and
   * `counted` (one row, RETURNING hits, when this hit was counted).
   */
  sql: string;
  /** Their parameters, numbered from the `first` given to hitClauses. */
  params: unknown[];
  windows: Windows;
}

/**
 * The statement parts that count one request of `client` against `rule` when it is allowed (see hit).
 * `onlyIf`, SQL, must also hold for the hit to be counted: the quote call counts its e-mail only when the
 * quote is not answered from an identical one, in the statement that stores the quote (issue 11).
 */
export function hitClauses(rule: RateLimit, client: string, now: Date, first = 1, onlyIf = 'TRUE'): HitClauses {
  const w = windowsAt(rule, now);
  const p = (n: number) => `$${first + n - 1}`;
  // The previous window's hits are read, this hit is counted in the current window only if the weighted
  // count stays within the limit (ON CONFLICT's WHERE sees the row as another statement left it, under its
  // lock), and rows of windows that no longer count are dropped (a row lives for its own window and the
  // next), which keeps the table the size of the current traffic.
  const sql = `expired AS (DELETE FROM rate_limits WHERE expires_at < ${p(5)}),
     previous AS (
       SELECT hits, hits * ${p(6)}::float8 AS weighted
       FROM (SELECT COALESCE((SELECT hits FROM rate_limits WHERE bucket = ${p(1)} AND window_start = ${p(4)}), 0) AS hits) AS last_window
     ),
     counted AS (
       INSERT INTO rate_limits (bucket, window_start, hits, expires_at)
       SELECT ${p(1)}, ${p(2)}, 1, ${p(3)} FROM previous WHERE previous.weighted + 1 <= ${p(7)}::float8 AND (${onlyIf})
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
         WHERE (SELECT weighted FROM previous) + rate_limits.hits + 1 <= ${p(7)}::float8
       RETURNING hits
     )`;
  const params = [
    bucketOf(rule, client),
    new Date(w.start),
    new Date(w.start + 2 * w.windowMs),
    new Date(w.start - w.windowMs),
    now,
    1 - w.elapsed,
    rule.limit + EPSILON,
  ];
  return { sql, params, windows: w };
}

/**
 * Counts one request of `client` against `rule` when it is allowed, and says whether it is. A refused
 * request is not counted: the count is of requests served, so a client that waits for Retry-After gets
 * through then, and one that keeps knocking a little too often still gets the limit's pace, not nothing.
 * One statement, so two replicas counting at once cannot both take the last place.
 */
export async function hit(db: Queryable, rule: RateLimit, client: string, now: Date): Promise<HitResult> {
  const clauses = hitClauses(rule, client, now);
  const w = clauses.windows;
  const rows = await db.query<{ counted: number | null; current: number | null; previous: number }>(
    `WITH ${clauses.sql}
     SELECT (SELECT hits FROM counted) AS counted,
            (SELECT hits FROM rate_limits WHERE bucket = $1 AND window_start = $2) AS current,
            (SELECT hits FROM previous) AS previous`,
    clauses.params,
  );
  const row = rows[0];
  const previous = Number(row?.previous ?? 0);
  if (row?.counted != null) return result(rule, w, previous, Number(row.counted), true);
  // Refused. `current` is as this statement's snapshot saw it (a racing hit may have counted since): good
  // enough for Retry-After, which is at least 1 s anyway.
  return result(rule, w, previous, Number(row?.current ?? 0), false);
}

/**
 * Whether one more request of `client` would be allowed, without counting it. For limits that count
 * failures only (sign-in): look before the work, `hit` after a failure.
 */
export async function peek(db: Queryable, rule: RateLimit, client: string, now: Date): Promise<HitResult> {
  const w = windowsAt(rule, now);
  const rows = await db.query<{ window_start: Date; hits: number }>(
    `SELECT window_start, hits FROM rate_limits WHERE bucket = $1 AND window_start IN ($2, $3)`,
    [bucketOf(rule, client), new Date(w.start), new Date(w.start - w.windowMs)],
  );
  const hitsAt = (start: number) => Number(rows.find((row) => new Date(row.window_start).getTime() === start)?.hits ?? 0);
  return result(rule, w, hitsAt(w.start - w.windowMs), hitsAt(w.start), null);
}

/**
 * Takes back one request `hit` counted for `client`: a limit of failures reserves its place before the work
 * (so that concurrent tries cannot all pass one look and overshoot the limit, issue 22) and gives it back when
 * the try did not fail. One statement: the newest of the two windows that still has a hit loses one (the
 * current window's, unless the hit was counted just before an edge).
 */
async function unhit(db: Queryable, rule: RateLimit, client: string, now: Date): Promise<void> {
  const w = windowsAt(rule, now);
  await db.query(
    `UPDATE rate_limits SET hits = hits - 1
     WHERE (bucket, window_start) = (
       SELECT bucket, window_start FROM rate_limits
       WHERE bucket = $1 AND window_start IN ($2, $3) AND hits > 0
       ORDER BY window_start DESC LIMIT 1
     ) AND hits > 0`,
    [bucketOf(rule, client), new Date(w.start), new Date(w.start - w.windowMs)],
  );
}

/** The port a use case is handed (api/limiter.ts): `rule` counted in the database `db`, at `clock`'s time. */
export function limiterOf(db: Queryable, rule: RateLimit, clock: () => Date): Limiter {
  const taken = (result: HitResult): Taken => (result.allowed ? 'ok' : { retryAfterSeconds: result.retryAfter });
  return {
    take: async (key, within) => taken(await hit(within ?? db, rule, key, clock())),
    peek: async (key) => taken(await peek(db, rule, key, clock())),
    giveBack: (key) => unhit(db, rule, key, clock()),
  };
}

/** The 429 of a refused request, with Retry-After in seconds. */
export function tooManyRequests(retryAfter: number, headers: Record<string, string> = {}): ApiError {
  return new ApiError(429, HTTP_MESSAGES.tooMany, { headers: { 'Retry-After': String(retryAfter), ...headers } });
}

/**
 * Counts each request of a client against `rule` (429 with Retry-After past it). Among a route's middlewares
 * it runs after the request's check (api/http/endpoint.ts on()): a request refused for its input does no work
 * and is not counted, so a typo, or a fuzzer, never spends a visitor's allowance.
 */
export function rateLimit(
  db: Queryable,
  rule: RateLimit,
  clientOf: (c: Parameters<MiddlewareHandler>[0]) => string,
  clock: () => Date,
): MiddlewareHandler {
  return async (c, next) => {
    const result = await hit(db, rule, clientOf(c), clock());
    if (!result.allowed) throw tooManyRequests(result.retryAfter);
    await next();
  };
}
