/**
 * The daily renewal job inside the server (api/main.ts starts it): every RENEWAL_CHECK_MS each replica asks
 * for the job's lease for today (./lease.ts); the one that gets it runs the renewals and records the day, so
 * the run happens once a day whichever replica wakes first, and again on the next check if a run died
 * half-way (its lease runs out). The run itself renews each policy once whatever happens (./run.ts).
 *
 * The checks after the day's run still settle the renewals whose term has begun (./terms.ts) under the same
 * lease: a renewal signed on its first day, after that day's run, takes effect within the hour rather than
 * the next day. When nothing is due that is one query.
 */
import { formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { logError, type LogSink } from '../log.ts';
import { leaseHolder, releaseLease, takeLease } from './lease.ts';
import { mailedAny, runRenewals, type RenewalRunResult, type RenewDeps } from './run.ts';
import { settleRenewals, type TermRunResult } from './terms.ts';

const RENEWAL_JOB = 'renewals';
/** How often a replica asks whether today's run is still to do. */
const RENEWAL_CHECK_MS = 60 * 60_000;
/** How long a run holds the job; far longer than a run takes, short enough to recover from a dead replica. */
const RENEWAL_LEASE_MS = 30 * 60_000;

export type RenewalJobDeps = RenewDeps & Pick<Deps, 'mail'>;

/**
 * Runs the renewals under the job's lease. `daily`: only if no run finished today (the server's job);
 * without it, whenever no other run holds the lease (`npm run renew`). Null when the lease was not ours.
 */
export async function runRenewalJob(deps: RenewalJobDeps, holder: string, options: { daily: boolean }): Promise<RenewalRunResult | null> {
  const now = deps.clock();
  const day = formatIsoDate(localToday(now));
  if (!(await takeLease(deps.db, { name: RENEWAL_JOB, holder, now, leaseMs: RENEWAL_LEASE_MS, day: options.daily ? day : null }))) return null;
  let finished = false;
  try {
    const result = await runRenewals(deps);
    // A policy that failed is tried again by the next day's run; the day counts as done.
    finished = true;
    if (mailedAny(result)) await deps.mail.deliverDue();
    return result;
  } finally {
    await releaseLease(deps.db, RENEWAL_JOB, holder, deps.clock(), finished ? day : null);
  }
}

/**
 * Settles the renewals whose term has begun (./terms.ts) under the job's lease, whether or not today's run
 * is done; it records no day. Null when another process holds the job.
 */
export async function runTermsJob(deps: RenewalJobDeps, holder: string): Promise<TermRunResult | null> {
  if (!(await takeLease(deps.db, { name: RENEWAL_JOB, holder, now: deps.clock(), leaseMs: RENEWAL_LEASE_MS }))) return null;
  try {
    const result = await settleRenewals(deps);
    if (result.started + result.lapsed > 0) await deps.mail.deliverDue();
    return result;
  } finally {
    await releaseLease(deps.db, RENEWAL_JOB, holder, deps.clock());
  }
}

/**
 * Checks now and every RENEWAL_CHECK_MS; returns the function that stops it, which resolves once a check
 * under way has finished (the server closes its database after it).
 */
export function startRenewals(deps: RenewalJobDeps, log: LogSink): () => Promise<void> {
  const holder = leaseHolder();
  let running: Promise<void> | null = null;
  const check = () => {
    if (running) return;
    running = runRenewalJob(deps, holder, { daily: true })
      .then(async (daily) => {
        const result = daily ?? (await runTermsJob(deps, holder));
        if (result && ('offered' in result ? result.offered : 0) + result.started + result.lapsed + result.failed > 0) {
          const offered = 'offered' in result ? `${result.offered} offered, ` : '';
          log(`${deps.clock().toISOString()} renewals: ${offered}${result.started} terms begun, ${result.lapsed} lapsed, ${result.failed} failed`);
        }
      })
      .catch((error: unknown) => logError(log, 'renewals', error))
      .finally(() => {
        running = null;
      });
  };
  check();
  const timer = setInterval(check, RENEWAL_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
