/**
 * The daily renewal job inside the server (api/server.ts starts it): every RENEWAL_CHECK_MS each replica asks
 * for the job's lease for today (api/jobs/leased-job.ts); the one that gets it runs the renewals and records the day, so
 * the run happens once a day whichever replica wakes first, and again on the next check if a run died
 * half-way (its lease runs out). The run itself renews each policy once whatever happens (./run.ts).
 *
 * The checks after the day's run still settle the renewals whose term has begun (./terms.ts) under the same
 * lease: a renewal signed on its first day, after that day's run, takes effect within the hour rather than
 * the next day. When nothing is due that is one query.
 */
import { formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { runUnderLease, startTimedJob } from '../jobs/leased-job.ts';
import type { LogSink } from '../log.ts';
import { mailedAny, runRenewals, type RenewalRunResult, type RenewDeps } from './run.ts';
import { settleRenewals, type TermRunResult } from './terms.ts';

const RENEWAL_JOB = 'renewals';
/** How often a replica asks whether today's run is still to do. */
const RENEWAL_CHECK_MS = 60 * 60_000;
/** How long a run holds the job; far longer than a run takes, short enough to recover from a dead replica. */
const RENEWAL_LEASE_MS = 30 * 60_000;

export type RenewalJobDeps = RenewDeps & Pick<Deps, 'mail'>;

/**
 * Runs the renewals under the job's lease and records today as done. `daily`: only if no run finished today
 * (the server's job); without it, whenever no other run holds the lease (`npm run renew`). Null when the
 * lease was not ours.
 */
export async function runRenewalJob(deps: RenewalJobDeps, holder: string, options: { daily: boolean }): Promise<RenewalRunResult | null> {
  const day = formatIsoDate(localToday(deps.clock()));
  return runUnderLease(deps.db, deps.clock, holder, {
    name: RENEWAL_JOB,
    leaseMs: RENEWAL_LEASE_MS,
    unlessDoneOn: options.daily ? day : null,
    recordDay: day,
    work: () => runRenewals(deps),
    afterwards: async (result) => {
      if (mailedAny(result)) await deps.mail.deliverDue();
    },
  });
}

/**
 * Settles the renewals whose term has begun (./terms.ts) under the job's lease, whether or not today's run
 * is done; it records no day. Null when another process holds the job.
 */
export async function runTermsJob(deps: RenewalJobDeps, holder: string): Promise<TermRunResult | null> {
  return runUnderLease(deps.db, deps.clock, holder, {
    name: RENEWAL_JOB,
    leaseMs: RENEWAL_LEASE_MS,
    work: () => settleRenewals(deps),
    afterwards: async (result) => {
      if (result.started + result.lapsed > 0) await deps.mail.deliverDue();
    },
  });
}

/**
 * Checks now and every RENEWAL_CHECK_MS: today's run, else the terms begun since; returns the function that
 * stops it, which resolves once a check under way has finished (the server closes its database after it).
 */
export function startRenewals(deps: RenewalJobDeps, log: LogSink): () => Promise<void> {
  return startTimedJob<RenewalRunResult | TermRunResult>({
    name: 'renewals',
    intervalMs: RENEWAL_CHECK_MS,
    check: async (holder) => (await runRenewalJob(deps, holder, { daily: true })) ?? (await runTermsJob(deps, holder)),
    summary: (result) => {
      if (('offered' in result ? result.offered : 0) + result.started + result.lapsed + result.failed === 0) return null;
      const offered = 'offered' in result ? `${result.offered} offered, ` : '';
      return `renewals: ${offered}${result.started} terms begun, ${result.lapsed} lapsed, ${result.failed} failed`;
    },
    clock: deps.clock,
    log,
  });
}
