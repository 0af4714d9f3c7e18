/**
 * Which billing period a reading sent today would close, per vehicle, for the odometer page (issue 21,
 * item 2): the pure calendar's answer (./calendar.ts periodClosedByReading) over the policy's recorded
 * periods (./records.ts periodsOfPolicy), kept only where the cycle would link it (./cycle.ts): a
 * Pay-Per-Mile request of that vehicle, in a period not closed, that no accepted reading answers yet.
 * Anything else closes no period and is kept for the next true-up.
 */
import { formatIsoDate, localToday, type OdometerPeriodView } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { daysBetween, periodClosedByReading, type BillingPeriod } from './calendar.ts';
import { periodsOfPolicy, type PeriodRecord } from './records.ts';

/**
 * For each vehicle with a Pay-Per-Mile request recorded on the policy, the period a reading received on
 * `today` closes (its first day, end and due date) or null; an Unlimited vehicle, or one of a policy whose
 * periods are not recorded yet, has no entry.
 */
function periodsClosedToday(records: readonly PeriodRecord[], today: string): Map<number, OdometerPeriodView | null> {
  const periods: BillingPeriod[] = records.map((record) => ({
    index: record.index,
    start: record.start,
    end: record.end,
    days: daysBetween(record.start, record.end),
    last: record.end === record.termEnd,
  }));
  const closing = periodClosedByReading(periods, today);
  const record = closing ? records.find((candidate) => candidate.start === closing.start) : undefined;
  const answer = new Map<number, OdometerPeriodView | null>();
  for (const { requests } of records) {
    for (const request of requests) if (request.plan === 'per_mile') answer.set(request.carNumber, null);
  }
  if (record && record.status !== 'closed') {
    for (const request of record.requests) {
      if (request.plan === 'per_mile' && request.readingId === null) {
        answer.set(request.carNumber, { start: record.start, end: record.end, dueOn: record.dueOn });
      }
    }
  }
  return answer;
}

/** periodsClosedToday for policy `policyId` on the local day of `now`, read from the records. */
export async function readingPeriods(db: Queryable, policyId: number, now: Date): Promise<Map<number, OdometerPeriodView | null>> {
  return periodsClosedToday(await periodsOfPolicy(db, policyId), formatIsoDate(localToday(now)));
}
