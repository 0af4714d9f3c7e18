/**
 * The daily billing job inside the server (api/server.ts starts it), as the renewals job runs
 * (api/renewals/job.ts): every BILLING_CHECK_MS each replica asks for the job's lease for today
 * (api/jobs/leased-job.ts, job_leases); the one that gets it runs the cycle (./cycle.ts) and records the day,
 * so the run happens once a day whichever replica wakes first, and again on the next check if a run died
 * half-way (its lease runs out). The cycle itself sends each request and reminder once whatever happens.
 */
import { formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { runUnderLease, startTimedJob } from '../jobs/leased-job.ts';
import type { LogSink } from '../log.ts';
import { runBillingCycle, sentAny, type BillingCycleResult, type BillingDeps } from './cycle.ts';

const BILLING_JOB = 'billing';
/** How often a replica asks whether today's run is still to do. */
const BILLING_CHECK_MS = 60 * 60_000;
/** How long a run holds the job; far longer than a run takes, short enough to recover from a dead replica. */
const BILLING_LEASE_MS = 30 * 60_000;

export type BillingJobDeps = BillingDeps & Pick<Deps, 'mail' | 'clock'>;

/**
 * Runs the cycle as of `asOf` under the job's lease (taken and given back on the real clock). `daily`: only
 * if no run finished today, and today is recorded as done (the server's job); without it, whenever no other
 * run holds the lease (`npm run billing`). Null when the lease was not ours.
 */
export async function runBillingJob(deps: BillingJobDeps, holder: string, options: { daily: boolean; asOf?: Date }): Promise<BillingCycleResult | null> {
  const now = deps.clock();
  const day = options.daily ? formatIsoDate(localToday(now)) : null;
  return runUnderLease(deps.db, deps.clock, holder, {
    name: BILLING_JOB,
    leaseMs: BILLING_LEASE_MS,
    unlessDoneOn: day,
    recordDay: day,
    work: () => runBillingCycle(deps, options.asOf ?? now),
    afterwards: async (result) => {
      if (sentAny(result)) await deps.mail.deliverDue();
    },
  });
}

/**
 * Checks now and every BILLING_CHECK_MS; returns the function that stops it, which resolves once a check
 * under way has finished (the server closes its database after it).
 */
export function startBilling(deps: BillingJobDeps, log: LogSink): () => Promise<void> {
  return startTimedJob({
    name: 'billing',
    intervalMs: BILLING_CHECK_MS,
    check: (holder) => runBillingJob(deps, holder, { daily: true }),
    summary: (result) =>
      sentAny(result) || result.periodsOpened + result.periodsClosed + result.billsMade + result.refunds + result.failed > 0 ? billingSummary(result) : null,
    clock: deps.clock,
    log,
  });
}

/**
 * The run's one line: what it opened, closed, asked for, billed, charged, refunded and cancelled.
 */
export function billingSummary(result: BillingCycleResult): string {
  return (
    `billing: ${result.periodsOpened} periods opened, ${result.periodsClosed} closed; ` +
    `${result.requestsSent} reading requests sent, ${result.remindersSent} reminders sent, ${result.readingsLinked} readings linked; ` +
    `${result.billsMade} bills made; ${result.chargesMade} charges made, ${result.chargesFailed} failed, ${result.chargesUnknown} unknown; ` +
    `${result.refunds} refunds; ${result.noticesSent} notices of cancellation, ${result.cancellations} cancellations; ${result.failed} policies failed`
  );
}
