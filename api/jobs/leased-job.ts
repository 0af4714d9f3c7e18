/**
 * A job one replica at a time runs (./lease.ts), checked on a timer inside the server: the renewals and the
 * billing cycle once a day (api/renewals/job.ts, api/billing/job.ts), the payment settlement every minute
 * (api/payments/settlement-job.ts), the token sweep once a day (api/tokens/sweep-job.ts). Each job names
 * itself, its lease and its interval, and hands its work here; the taking and giving back of the lease, the
 * day a daily job records, the timer and its stop live once, in this file.
 */
import type { Queryable } from '../db/db.ts';
import { logError, type LogSink } from '../log.ts';
import { leaseHolder, releaseLease, takeLease } from './lease.ts';

export interface LeasedRun<T> {
  /** The job's row in job_leases. */
  name: string;
  /** How long a run holds the job: far longer than a run takes, short enough to recover from a dead replica. */
  leaseMs: number;
  /** A daily job's day (YYYY-MM-DD): the job is not taken when it already finished that day. */
  unlessDoneOn?: string | null;
  /** The day recorded as done once `work` has returned (even if `afterwards` then fails). */
  recordDay?: string | null;
  work: () => Promise<T>;
  /** What follows a finished run under the same lease (delivering the mail it queued). */
  afterwards?: (result: T) => Promise<void>;
}

/**
 * Runs `run.work` under the job's lease, taken and given back on `clock`; null when another holder has the
 * lease (or, with `unlessDoneOn`, when the job already finished that day).
 */
export async function runUnderLease<T>(db: Queryable, clock: () => Date, holder: string, run: LeasedRun<T>): Promise<T | null> {
  if (!(await takeLease(db, { name: run.name, holder, now: clock(), leaseMs: run.leaseMs, day: run.unlessDoneOn ?? null }))) return null;
  let finished = false;
  try {
    const result = await run.work();
    // A policy that failed is tried again by the next run; the day counts as done.
    finished = true;
    await run.afterwards?.(result);
    return result;
  } finally {
    await releaseLease(db, run.name, holder, clock(), finished ? (run.recordDay ?? null) : null);
  }
}

export interface TimedJob<T> {
  /** Names the job in a logged error. */
  name: string;
  /** How often a replica asks whether there is work to do. */
  intervalMs: number;
  /** One check as `holder` (this process's lease holder); null when the lease was not ours. */
  check: (holder: string) => Promise<T | null>;
  /** The line to log after a check that did something, without its time; null when there is nothing to say. */
  summary: (result: T) => string | null;
  clock: () => Date;
  log: LogSink;
}

/**
 * Checks now and every `intervalMs`, never two checks at once in a process; returns the function that stops
 * it, which resolves once a check under way has finished (the server closes its database after it).
 */
export function startTimedJob<T>(job: TimedJob<T>): () => Promise<void> {
  const holder = leaseHolder();
  let running: Promise<void> | null = null;
  const check = () => {
    if (running) return;
    running = job
      .check(holder)
      .then((result) => {
        const line = result === null ? null : job.summary(result);
        if (line !== null) job.log(`${job.clock().toISOString()} ${line}`);
      })
      .catch((error: unknown) => logError(job.log, job.name, error))
      .finally(() => {
        running = null;
      });
  };
  check();
  const timer = setInterval(check, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
