/**
 * The daily billing job inside the server (api/main.ts starts it), as the renewals job runs
 * (api/renewals/job.ts): every BILLING_CHECK_MS each replica asks for the job's lease for today
 * (api/renewals/lease.ts, job_leases); the one that gets it runs the cycle (./cycle.ts) and records the day,
 * so the run happens once a day whichever replica wakes first, and again on the next check if a run died
 * half-way (its lease runs out). The cycle itself sends each request and reminder once whatever happens.
 */
import { formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { logError, type LogSink } from '../log.ts';
import { leaseHolder, releaseLease, takeLease } from '../renewals/lease.ts';
import { runBillingCycle, sentAny, type BillingCycleResult, type BillingDeps } from './cycle.ts';

const BILLING_JOB = 'billing';
/** How often a replica asks whether today's run is still to do. */
const BILLING_CHECK_MS = 60 * 60_000;
/** How long a run holds the job; far longer than a run takes, short enough to recover from a dead replica. */
const BILLING_LEASE_MS = 30 * 60_000;

export type BillingJobDeps = BillingDeps & Pick<Deps, 'mail' | 'clock'>;

/**
 * Runs the cycle as of `asOf` under the job's lease (taken and given back on the real clock). `daily`: only
 * if no run finished today (the server's job); without it, whenever no other run holds the lease
 * (`npm run billing`). Null when the lease was not ours.
 */
export async function runBillingJob(deps: BillingJobDeps, holder: string, options: { daily: boolean; asOf?: Date }): Promise<BillingCycleResult | null> {
  const now = deps.clock();
  const day = formatIsoDate(localToday(now));
  if (!(await takeLease(deps.db, { name: BILLING_JOB, holder, now, leaseMs: BILLING_LEASE_MS, day: options.daily ? day : null }))) return null;
  let finished = false;
  try {
    const result = await runBillingCycle(deps, options.asOf ?? now);
    // A policy that failed is tried again by the next day's run; the day counts as done.
    finished = true;
    if (sentAny(result)) await deps.mail.deliverDue();
    return result;
  } finally {
    await releaseLease(deps.db, BILLING_JOB, holder, deps.clock(), finished && options.daily ? day : null);
  }
}

/**
 * Checks now and every BILLING_CHECK_MS; returns the function that stops it, which resolves once a check
 * under way has finished (the server closes its database after it).
 */
export function startBilling(deps: BillingJobDeps, log: LogSink): () => Promise<void> {
  const holder = leaseHolder();
  let running: Promise<void> | null = null;
  const check = () => {
    if (running) return;
    running = runBillingJob(deps, holder, { daily: true })
      .then((result) => {
        if (result && result.periodsOpened + result.periodsClosed + result.requestsSent + result.remindersSent + result.failed > 0) {
          log(`${deps.clock().toISOString()} ${billingSummary(result)}`);
        }
      })
      .catch((error: unknown) => logError(log, 'billing', error))
      .finally(() => {
        running = null;
      });
  };
  check();
  const timer = setInterval(check, BILLING_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The run's one line. Bills, charges and cancellations are the next layer of issue 21: they read 0 until it
 * is built, and are printed now so the line's shape does not change when they come.
 */
export function billingSummary(result: BillingCycleResult): string {
  return (
    `billing: ${result.periodsOpened} periods opened, ${result.periodsClosed} closed; ` +
    `${result.requestsSent} reading requests sent, ${result.remindersSent} reminders sent, ${result.readingsLinked} readings linked; ` +
    `${result.billsMade} bills made; ${result.chargesMade} charges made, ${result.chargesFailed} failed, ${result.chargesUnknown} unknown; ` +
    `${result.refunds} refunds; ${result.noticesSent} notices of cancellation, ${result.cancellations} cancellations; ${result.failed} policies failed`
  );
}
