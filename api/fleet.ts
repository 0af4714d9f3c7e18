/**
 * One API process per core (issue 25, item 5). `node api/main.ts` with WORKERS above 1 (one per core by
 * default on PostgreSQL, api/config.ts) becomes this primary, which forks the workers with node:cluster.
 * Each worker is a whole server (api/server.ts startServer) on the same PORT and DEMO_PORT; the primary
 * accepts the connections and hands them to the workers in turn (cluster's round-robin).
 *
 * The workers share nothing but the database, and that is what makes any worker as good as another:
 * sessions, rate limits, idempotency keys, the mail and documents queues and the daily jobs' leases are rows
 * in it (test/e2e/fleet.e2e.test.ts runs two servers behind a round-robin proxy and checks each of them).
 *
 * The primary serves nothing and opens no database. It
 * - starts the workers and says when each is ready, with its pid;
 * - replaces a worker that dies after it was ready (waiting longer each time one dies soon after its start,
 *   so a worker that cannot live does not spin the machine);
 * - stops the fleet, exit code 1, when a worker dies before it was ready: that is a start that failed (a
 *   setting, a port in use, the database not answering), which the worker has logged, and every other
 *   worker would fail the same way;
 * - on SIGTERM or SIGINT asks each worker to stop gracefully (each finishes its requests in flight,
 *   api/main.ts) and exits once all have.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { LogSink } from './log.ts';

/** What a worker sends the primary once its server has started (api/main.ts, the entry of every process). */
export const WORKER_READY = 'ppm:worker-ready';
/** The environment a worker learns its number from (1..WORKERS; a replacement keeps the number it replaces). */
export const WORKER_NUMBER_VARIABLE = 'PPM_FLEET_WORKER';
/**
 * The operations pages' password the primary made for this run, outside production without OPS_PASSWORD
 * (api/main.ts): one for the whole fleet, or each worker would make its own and a password would work on
 * one request in N.
 */
export const RUN_OPS_PASSWORD_VARIABLE = 'PPM_FLEET_OPS_PASSWORD';

/** A worker that dies within this long of its start is replaced after a wait that doubles each time. */
const SHORT_LIFE_MS = 30_000;
const FIRST_RESTART_WAIT_MS = 1_000;
const LONGEST_RESTART_WAIT_MS = 30_000;

interface Slot {
  number: number;
  worker: Worker;
  startedAt: number;
  ready: boolean;
  /** Deaths in a row, each within SHORT_LIFE_MS of its start. */
  shortLives: number;
}

/** Runs the fleet until it is stopped; resolves with the primary's exit code. */
export function runFleet(config: Config, log: LogSink): Promise<number> {
  const count = config.workers;
  const runOpsPassword = !config.production && !config.opsPassword ? randomBytes(18).toString('base64url') : undefined;
  log(`fleet: ${count} API processes on port ${config.port}, one PostgreSQL behind them (WORKERS=${count}; one per core unless set)`);

  return new Promise((resolveExit) => {
    const slots = new Map<Worker, Slot>();
    let stopping = false;
    let exitCode = 0;
    let readyCount = 0;
    const pendingRestarts = new Set<NodeJS.Timeout>();

    const fork = (number: number, shortLives: number) => {
      const worker = cluster.fork({
        [WORKER_NUMBER_VARIABLE]: String(number),
        ...(runOpsPassword ? { [RUN_OPS_PASSWORD_VARIABLE]: runOpsPassword } : {}),
      });
      slots.set(worker, { number, worker, startedAt: Date.now(), ready: false, shortLives });
    };

    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      for (const restart of pendingRestarts) clearTimeout(restart);
      for (const { worker } of slots.values()) if (!worker.isDead()) worker.process.kill('SIGTERM');
      if (slots.size === 0) resolveExit(exitCode);
    };

    cluster.on('message', (worker, message: unknown) => {
      const slot = slots.get(worker);
      if (!slot || message !== WORKER_READY || slot.ready) return;
      slot.ready = true;
      readyCount += 1;
      log(`fleet: worker ${slot.number} ready (pid ${worker.process.pid})${readyCount === count ? `; all ${count} ready` : ''}`);
    });

    cluster.on('exit', (worker, code, signal) => {
      const slot = slots.get(worker);
      if (!slot) return;
      slots.delete(worker);
      if (slot.ready) readyCount -= 1;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (stopping) {
        if (code !== 0 && !signal) exitCode = 1;
        if (slots.size === 0) {
          log(`fleet: stopped`);
          resolveExit(exitCode);
        }
        return;
      }
      if (!slot.ready) {
        log(`fleet: worker ${slot.number} ended before it was ready (${how}); stopping the fleet, see its lines above`, { level: 'error' });
        stopAll(1);
        return;
      }
      const shortLives = Date.now() - slot.startedAt < SHORT_LIFE_MS ? slot.shortLives + 1 : 0;
      const wait = shortLives === 0 ? 0 : Math.min(LONGEST_RESTART_WAIT_MS, FIRST_RESTART_WAIT_MS * 2 ** (shortLives - 1));
      log(`fleet: worker ${slot.number} (pid ${worker.process.pid}) ended (${how}); starting another${wait ? ` in ${wait / 1000} s` : ''}`, { level: 'error' });
      const restart = setTimeout(() => {
        pendingRestarts.delete(restart);
        fork(slot.number, shortLives);
      }, wait);
      pendingRestarts.add(restart);
    });

    const onSignal = (signal: string) => {
      if (stopping) return;
      log(`fleet: ${signal}: stopping ${slots.size} workers gracefully`);
      stopAll(0);
    };
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));

    for (let number = 1; number <= count; number += 1) fork(number, 0);
  });
}
