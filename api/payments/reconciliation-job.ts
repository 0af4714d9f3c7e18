/**
 * The daily reconciliation job inside the server (api/server.ts starts it), as the billing job runs
 * (api/billing/job.ts): every RECONCILIATION_CHECK_MS each replica asks for the job's lease for today
 * (api/jobs/leased-job.ts); the one that gets it reconciles yesterday (./reconciliation.ts) and records
 * today as done, so the day is reconciled once whichever replica wakes first.
 *
 * Not before RECONCILE_FROM_HOUR: the reconciliation looks at the neighbouring days for an entry written
 * near midnight, and the settlement job (./settlement-job.ts) settles within minutes the charges whose
 * outcome was unknown, so by then yesterday's ledger is complete. A day the provider could not be reached
 * on is tried again at each later check (for a week) until it answers, under the same lease.
 */
import { addDays, formatIsoDate, localToday } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { runUnderLease, startTimedJob } from '../jobs/leased-job.ts';
import type { LogSink } from '../log.ts';
import { reconcileDay, unreachableDays, type Reconciliation, type ReconciliationDeps } from './reconciliation.ts';

const RECONCILIATION_JOB = 'reconciliation';
/** How often a replica asks whether today's run is still to do. */
const RECONCILIATION_CHECK_MS = 60 * 60_000;
/** Far longer than a run takes; short enough that a dead replica's lease frees the job soon. */
const RECONCILIATION_LEASE_MS = 30 * 60_000;
/** The local hour from which yesterday is reconciled. */
export const RECONCILE_FROM_HOUR = 2;

export type ReconciliationJobDeps = ReconciliationDeps & Pick<Deps, 'mail'>;

export type ReconciliationRun = (Reconciliation & { mailed: boolean })[];

const deliverIfMailed = (deps: ReconciliationJobDeps) => async (run: ReconciliationRun) => {
  if (run.some((day) => day.mailed)) await deps.mail.deliverDue();
};

/**
 * Reconciles yesterday under the job's lease, once a day from RECONCILE_FROM_HOUR; null when it is too early,
 * the day is done or another replica holds the lease.
 */
export async function runReconciliationJob(deps: ReconciliationJobDeps, holder: string): Promise<ReconciliationRun | null> {
  const now = deps.clock();
  if (now.getHours() < RECONCILE_FROM_HOUR) return null;
  const today = localToday(now);
  const day = formatIsoDate(today);
  return runUnderLease(deps.db, deps.clock, holder, {
    name: RECONCILIATION_JOB,
    leaseMs: RECONCILIATION_LEASE_MS,
    unlessDoneOn: day,
    recordDay: day,
    work: async () => [await reconcileDay(deps, formatIsoDate(addDays(today, -1)))],
    afterwards: deliverIfMailed(deps),
  });
}

/** Reconciles again the last week's days the provider could not be reached on; null when the lease was not ours. */
export async function runUnreachableAgain(deps: ReconciliationJobDeps, holder: string): Promise<ReconciliationRun | null> {
  const days = await unreachableDays(deps.db, formatIsoDate(localToday(deps.clock())));
  if (days.length === 0) return null;
  return runUnderLease(deps.db, deps.clock, holder, {
    name: RECONCILIATION_JOB,
    leaseMs: RECONCILIATION_LEASE_MS,
    work: async () => {
      const run: ReconciliationRun = [];
      for (const day of days) run.push(await reconcileDay(deps, day));
      return run;
    },
    afterwards: deliverIfMailed(deps),
  });
}

/** Checks now and every RECONCILIATION_CHECK_MS; the function returned stops it once a run under way ends. */
export function startReconciliation(deps: ReconciliationJobDeps, log: LogSink): () => Promise<void> {
  return startTimedJob({
    name: 'reconciliation',
    intervalMs: RECONCILIATION_CHECK_MS,
    check: async (holder) => (await runReconciliationJob(deps, holder)) ?? (await runUnreachableAgain(deps, holder)),
    summary: (run) =>
      run.length === 0
        ? null
        : `reconciliation: ${run.map((day) => `${day.day} ${day.status}${day.differences.length ? ` (${day.differences.length})` : ''}${day.mailed ? ', team mailed' : ''}`).join('; ')}`,
    clock: deps.clock,
    log,
  });
}
