/**
 * A cap on how many requests of one client a process works on at once (issue 22, item 4): the odometer
 * upload decodes a photo and runs OCR twice, seconds of CPU each, and 100 parallel uploads on one token kept
 * the health check waiting for 26 s. The rate limit (./rate-limit.ts) bounds how many a client sends in a
 * window; this bounds how many of them run together, so one client's burst queues behind itself, not in
 * front of everyone else.
 *
 * Deliberately in process, unlike the rate limits: what it protects is this process's CPU and memory, so
 * each replica keeps its own count (DESIGN.md's "no state in memory" is about records, and nothing here
 * outlives a request). A request past the cap is answered at once, 429 with Retry-After; it is not queued,
 * since a queue of waiting uploads would hold their bodies in memory, which is what the cap is against.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

export interface ConcurrencyCap {
  /** At most this many requests of one client at once. */
  perClient: number;
  /** Seconds the refused client is told to wait: about how long one request takes. */
  retryAfterSeconds: number;
}

/** Counts per key; a key's entry is dropped when its count returns to 0, so the map holds only the busy ones. */
class KeyedSemaphore {
  readonly #running = new Map<string, number>();
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Takes a place for `key` when one is free: a function that gives it back (once), or null. */
  tryAcquire(key: string): (() => void) | null {
    const running = this.#running.get(key) ?? 0;
    if (running >= this.limit) return null;
    this.#running.set(key, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left <= 0) this.#running.delete(key);
      else this.#running.set(key, left);
    };
  }
}

/**
 * A cap shared by several routes: uploads of every client together (issue 22, item 5). One instance per app,
 * passed to each upload route's concurrencyCap.
 */
export class SharedCap {
  readonly #semaphore: KeyedSemaphore;
  readonly retryAfterSeconds: number;
  readonly message: string;
  constructor(limit: number, retryAfterSeconds: number, message: string) {
    this.#semaphore = new KeyedSemaphore(limit);
    this.retryAfterSeconds = retryAfterSeconds;
    this.message = message;
  }

  tryAcquire(): (() => void) | null {
    return this.#semaphore.tryAcquire('');
  }
}

const busy = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/**
 * The middleware: a place for the client (and one under `shared`, when given) until the rest of the route
 * has answered (or thrown), else a 429 with Retry-After and `message`, the rule's own text (the shared
 * cap's own message when that one is full).
 */
export function concurrencyCap(cap: ConcurrencyCap, clientOf: (c: Context) => string, message: string, shared?: SharedCap): MiddlewareHandler {
  const semaphore = new KeyedSemaphore(cap.perClient);
  return async (c, next) => {
    const release = semaphore.tryAcquire(clientOf(c));
    if (!release) throw busy(message, cap.retryAfterSeconds);
    const releaseShared = shared ? shared.tryAcquire() : () => {};
    if (!releaseShared) {
      release();
      throw busy(shared!.message, shared!.retryAfterSeconds);
    }
    try {
      await next();
    } finally {
      releaseShared();
      release();
    }
  };
}
