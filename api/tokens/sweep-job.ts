/**
 * The daily token sweep inside the server (api/server.ts starts it; issue 22 item 11): every TOKEN_SWEEP_CHECK_MS
 * each replica asks for the job's lease for today (api/jobs/leased-job.ts); the one that gets it removes the
 * tokens that expired or were spent (./tokens.ts sweepTokens) and records today as done, so the table is
 * swept once a day whichever replica wakes first. A token past its expiry opens nothing already; the sweep
 * keeps the table (and the hashes of links long dead) from growing without end.
 */
import { formatIsoDate, localToday } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { runUnderLease, startTimedJob } from '../jobs/leased-job.ts';
import type { LogSink } from '../log.ts';
import { sweepTokens } from './tokens.ts';

export const TOKEN_SWEEP_JOB = 'token-sweep';
/** How often a replica asks whether today's sweep is still to do. */
const TOKEN_SWEEP_CHECK_MS = 60 * 60_000;
/** Far longer than a sweep takes; short enough that a dead replica's lease frees the job soon. */
const TOKEN_SWEEP_LEASE_MS = 30 * 60_000;

export interface TokenSweepDeps {
  db: Queryable;
  clock: () => Date;
}

/** Sweeps once a day under the job's lease; null when the day is done or another replica holds the lease. */
export async function runTokenSweepJob(deps: TokenSweepDeps, holder: string): Promise<{ removed: number } | null> {
  const now = deps.clock();
  const day = formatIsoDate(localToday(now));
  return runUnderLease(deps.db, deps.clock, holder, {
    name: TOKEN_SWEEP_JOB,
    leaseMs: TOKEN_SWEEP_LEASE_MS,
    unlessDoneOn: day,
    recordDay: day,
    work: async () => ({ removed: await sweepTokens(deps.db, now) }),
  });
}

/** Checks now and every TOKEN_SWEEP_CHECK_MS; the function returned stops it once a sweep under way ends. */
export function startTokenSweep(deps: TokenSweepDeps, log: LogSink): () => Promise<void> {
  return startTimedJob({
    name: TOKEN_SWEEP_JOB,
    intervalMs: TOKEN_SWEEP_CHECK_MS,
    check: (holder) => runTokenSweepJob(deps, holder),
    summary: (run) => `tokens: ${run.removed} expired or spent removed`,
    clock: deps.clock,
    log,
  });
}
