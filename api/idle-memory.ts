/**
 * Memory handed back to the system once a burst of requests is over (issue 11).
 *
 * Under load V8 grows its heap and keeps the pages it freed for reuse; an ordinary collection does not give
 * them back, and its own memory reducer did not within a minute of quiet. Measured after the quote bench on
 * PostgreSQL: 309 MiB RSS, of which 100 MiB V8 heap holding 39 MiB of live objects; after one
 * memory-reducing collection (V8's last-resort flavour, which also releases the kept pages) 158 MiB, live
 * objects 25 MiB. So once the server has been quiet for QUIET_MS after at least BURST requests, it runs that
 * collection (measured: 73 ms, 125 ms of CPU with V8's helper threads) when nobody is waiting, instead of
 * holding 150 MiB until the next burst. The next burst may start a little slower: V8 re-optimises what the
 * collection let go.
 *
 * It needs V8's gc() (node --expose-gc, as package.json's start and serve scripts run the server); without
 * it (tests, the in-process server of the end-to-end suite) this does nothing.
 */

/** Quiet this long (no request in flight, none started) ends a burst. */
const QUIET_MS = 1000;
/** Requests since the last collection that make it worth one. */
const BURST = 200;

export type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface IdleMemory {
  /** Wraps a request handler: counts the request and defers the collection while any is in flight. */
  track<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response>;
  stop(): void;
}

export function idleMemory(
  options: { gc?: Gc | undefined; quietMs?: number; burst?: number } = {},
): IdleMemory {
  const { quietMs = QUIET_MS, burst = BURST } = options;
  const gc = 'gc' in options ? options.gc : (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return { track: (handler) => handler, stop() {} };
  let inFlight = 0;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const collect = () => {
    if (inFlight > 0 || since < burst) return;
    since = 0;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
  return {
    track(handler) {
      return async (...args) => {
        inFlight += 1;
        since += 1;
        try {
          return await handler(...args);
        } finally {
          inFlight -= 1;
          // One timer, re-armed (refresh() also re-arms one that has fired): no timer object per request.
          if (inFlight === 0 && !stopped) {
            if (timer) timer.refresh();
            else timer = setTimeout(collect, quietMs).unref();
          }
        }
      };
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
