/**
 * The settlement job inside the server (api/server.ts starts it): every SETTLEMENT_CHECK_MS each replica asks
 * for the job's lease (api/jobs/leased-job.ts, as the daily jobs do); the one that gets it settles every
 * payment attempt left open longer than a request can run (a timeout, a crash, an authentication never
 * finished, a refund the provider could not take yet) with the provider: a charge becomes its policy or is
 * refunded, a failure is recorded, within minutes and whichever replica wakes first.
 */
import type { Deps } from '../deps.ts';
import { runUnderLease, startTimedJob } from '../jobs/leased-job.ts';
import type { LogSink } from '../log.ts';
import { settleStaleAttempts } from '../policies/bind.ts';

const SETTLEMENT_JOB = 'payment-settlement';
/** How often a replica asks: an unknown outcome is settled within a few minutes. */
const SETTLEMENT_CHECK_MS = 60_000;
/** Far longer than a run takes; short enough that a dead replica's lease frees the job soon. */
const SETTLEMENT_LEASE_MS = 5 * 60_000;

export type SettlementDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'mail' | 'config' | 'documents'>;

/** One run under the lease; null when another replica holds it. */
export async function runSettlement(deps: SettlementDeps, holder: string): Promise<Awaited<ReturnType<typeof settleStaleAttempts>> | null> {
  return runUnderLease(deps.db, deps.clock, holder, {
    name: SETTLEMENT_JOB,
    leaseMs: SETTLEMENT_LEASE_MS,
    work: () => settleStaleAttempts({ db: deps.db, gateway: deps.payments, clock: deps.clock, publicOrigin: deps.config.publicOrigin, documents: deps.documents }),
    afterwards: async (tally) => {
      if (tally.bound + tally.refunded > 0) await deps.mail.deliverDue();
    },
  });
}

/** Checks now and every SETTLEMENT_CHECK_MS; the function returned stops it once a run under way ends. */
export function startSettlement(deps: SettlementDeps, log: LogSink): () => Promise<void> {
  return startTimedJob({
    name: 'payment settlement',
    intervalMs: SETTLEMENT_CHECK_MS,
    check: (holder) => runSettlement(deps, holder),
    summary: (tally) =>
      tally.bound + tally.refunded + tally['not-charged'] + tally.declined > 0
        ? `payments settled: ${tally.bound} bound, ${tally.refunded} refunded, ${tally['not-charged'] + tally.declined} not charged, ${tally.unknown} still unknown`
        : null,
    clock: deps.clock,
    log,
  });
}
