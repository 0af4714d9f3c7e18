/**
 * The billing records (issue 21, items 1 and 2; migration 024): a policy's periods of each term in force and,
 * per vehicle of a period, its reading request. The only module that names billing_periods and
 * billing_reading_requests in SQL (api/db/owners.ts); each function takes the connection or transaction it
 * runs in. The dates come from the pure calendar (./calendar.ts); the cycle that moves these rows is
 * ./cycle.ts.
 *
 * Every change of state is an UPDATE guarded by the state it leaves (a period opened only while
 * 'scheduled', a request marked sent only while unsent, a reminder counted only from the count read), so
 * two processes running the cycle at once cannot both do it: the second waits for the first's row lock,
 * finds the row moved on and changes nothing.
 */
import type { Queryable } from '../db/db.ts';
import type { RatedFigures } from './bill.ts';
import { daysBetween, readingSchedule, type BillingPeriod } from './calendar.ts';

/** A vehicle's plan as the policy stores it: Pay-Per-Mile, or Unlimited ('capped'). */
export type VehiclePlan = 'per_mile' | 'capped';

/** What a term's bills are priced with, kept with its periods when the term is recorded. */
export interface TermFigures {
  payPlan: 18 | 21;
  state: string;
  vehicles: (RatedFigures & { billingType: VehiclePlan })[];
}

export interface TermToRecord {
  policyId: number;
  termStart: string;
  termEnd: string;
  periods: readonly BillingPeriod[];
  vehicles: readonly { carNumber: number; plan: VehiclePlan }[];
  figures: TermFigures;
}

/** Each policy's terms already recorded, as 'policyId termStart'. */
export async function recordedTerms(db: Queryable, policyIds: readonly number[]): Promise<Set<string>> {
  if (policyIds.length === 0) return new Set();
  const rows = await db.query<{ policy_id: number; term_start: string }>(
    `SELECT DISTINCT policy_id, to_char(term_start, 'YYYY-MM-DD') AS term_start FROM billing_periods WHERE policy_id = ANY($1::int[])`,
    [policyIds],
  );
  return new Set(rows.map((row) => `${row.policy_id} ${row.term_start}`));
}

/**
 * Records a term's periods and their reading requests: a Pay-Per-Mile vehicle's in every period (asked on
 * its end), an Unlimited vehicle's once, on the first period (asked on the term's first day). A period
 * whose first day has come is recorded open. Returns how many periods this call opened; 0 when another
 * process recorded the term first (its rows stand, the unique (policy_id, period_start) key stops ours).
 */
export async function recordTerm(tx: Queryable, term: TermToRecord, today: string, now: Date): Promise<number> {
  let opened = 0;
  for (const period of term.periods) {
    const open = period.start <= today;
    const schedule = readingSchedule(period);
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO billing_periods (policy_id, term_start, term_end, period_index, period_start, period_end, reading_due, status, recorded_at, opened_at, term_figures)
       VALUES ($1, $2::date, $3::date, $4, $5::date, $6::date, $7::date, $8, $9, $10, $11::jsonb)
       ON CONFLICT (policy_id, period_start) DO NOTHING RETURNING id::text AS id`,
      [
        term.policyId, term.termStart, term.termEnd, period.index, period.start, period.end, schedule.dueOn,
        open ? 'open' : 'scheduled', now, open ? now : null, JSON.stringify(term.figures),
      ],
    );
    const periodId = rows[0]?.id;
    if (periodId === undefined) continue;
    if (open) opened += 1;
    const asked = term.vehicles.filter((vehicle) => vehicle.plan === 'per_mile' || period.index === 1);
    if (asked.length === 0) continue;
    await tx.query(
      `INSERT INTO billing_reading_requests (period_id, car_number, billing_type, ask_on)
       SELECT $1::bigint, car_number, billing_type, CASE WHEN billing_type = 'capped' THEN $2::date ELSE $3::date END
       FROM unnest($4::int[], $5::text[]) AS v (car_number, billing_type)`,
      [periodId, term.termStart, schedule.requestOn, asked.map((vehicle) => vehicle.carNumber), asked.map((vehicle) => vehicle.plan)],
    );
  }
  return opened;
}

/** Opens the periods whose first day has come by `today`; returns how many this call opened. */
export async function openStartedPeriods(db: Queryable, today: string, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE billing_periods SET status = 'open', opened_at = $2 WHERE status = 'scheduled' AND period_start <= $1::date RETURNING id`,
    [today, now],
  );
  return rows.length;
}

/**
 * Closes the open periods that have ended by `today` and have every Pay-Per-Mile reading ('readings'), or
 * whose due date has come without them ('due': the bill layer bills the default mileage). Returns how many
 * this call closed.
 */
export async function closeDuePeriods(db: Queryable, today: string, now: Date): Promise<number> {
  const rows = await db.query(
    `WITH waiting AS (
       SELECT p.id, EXISTS (
         SELECT 1 FROM billing_reading_requests r WHERE r.period_id = p.id AND r.billing_type = 'per_mile' AND r.reading_id IS NULL
       ) AS missing
       FROM billing_periods p WHERE p.status = 'open' AND p.period_end <= $1::date
     )
     UPDATE billing_periods p SET status = 'closed', closed_at = $2,
       closed_reason = CASE WHEN waiting.missing THEN 'due' ELSE 'readings' END
     FROM waiting
     WHERE p.id = waiting.id AND p.status = 'open' AND (NOT waiting.missing OR p.reading_due <= $1::date)
     RETURNING p.id`,
    [today, now],
  );
  return rows.length;
}

/** A reading request with its period's dates. */
export interface ReadingRequest {
  id: number;
  policyId: number;
  carNumber: number;
  plan: VehiclePlan;
  askOn: string;
  sent: boolean;
  remindersSent: number;
  period: BillingPeriod & { termStart: string; termEnd: string; dueOn: string; status: 'scheduled' | 'open' | 'closed' };
}

interface RequestRow {
  id: string;
  policy_id: number;
  car_number: number;
  billing_type: VehiclePlan;
  ask_on: string;
  sent_at: Date | null;
  reminders_sent: number;
  term_start: string;
  term_end: string;
  period_index: number;
  period_start: string;
  period_end: string;
  reading_due: string;
  status: 'scheduled' | 'open' | 'closed';
}

const REQUEST_COLUMNS = `r.id::text AS id, p.policy_id, r.car_number, r.billing_type, to_char(r.ask_on, 'YYYY-MM-DD') AS ask_on, r.sent_at,
  r.reminders_sent, to_char(p.term_start, 'YYYY-MM-DD') AS term_start, to_char(p.term_end, 'YYYY-MM-DD') AS term_end, p.period_index,
  to_char(p.period_start, 'YYYY-MM-DD') AS period_start, to_char(p.period_end, 'YYYY-MM-DD') AS period_end,
  to_char(p.reading_due, 'YYYY-MM-DD') AS reading_due, p.status`;

const requestOf = (row: RequestRow): ReadingRequest => ({
  id: Number(row.id),
  policyId: row.policy_id,
  carNumber: row.car_number,
  plan: row.billing_type,
  askOn: row.ask_on,
  sent: row.sent_at !== null,
  remindersSent: row.reminders_sent,
  period: {
    index: row.period_index,
    start: row.period_start,
    end: row.period_end,
    days: daysBetween(row.period_start, row.period_end),
    last: row.period_end === row.term_end,
    termStart: row.term_start,
    termEnd: row.term_end,
    dueOn: row.reading_due,
    status: row.status,
  },
});

/**
 * The requests still without a reading that a reading may yet answer on `today`: those whose window has
 * opened (`windowDays` before their asking day), a Pay-Per-Mile vehicle's while its period is not closed,
 * an Unlimited vehicle's while its term runs. Oldest first.
 */
export async function unansweredRequests(db: Queryable, today: string, windowDays: number): Promise<ReadingRequest[]> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM billing_reading_requests r JOIN billing_periods p ON p.id = r.period_id
     WHERE r.reading_id IS NULL AND r.ask_on <= $1::date + $2::int
       AND ((r.billing_type = 'per_mile' AND p.status <> 'closed') OR (r.billing_type = 'capped' AND p.term_end > $1::date))
     ORDER BY p.policy_id, r.ask_on, r.car_number`,
    [today, windowDays],
  );
  return rows.map(requestOf);
}

/** The accepted readings already answering a request, of `readingIds`. */
export async function readingsAnswering(db: Queryable, readingIds: readonly number[]): Promise<Set<number>> {
  if (readingIds.length === 0) return new Set();
  const rows = await db.query<{ reading_id: string }>(
    'SELECT reading_id::text AS reading_id FROM billing_reading_requests WHERE reading_id = ANY($1::bigint[])',
    [readingIds],
  );
  return new Set(rows.map((row) => Number(row.reading_id)));
}

/** Links accepted reading `readingId` to the request, so its reminders stop; false when it was answered already. */
export async function answerRequest(db: Queryable, requestId: number, readingId: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE billing_reading_requests SET reading_id = $2, reading_linked_at = $3
     WHERE id = $1 AND reading_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM billing_reading_requests other WHERE other.reading_id = $2)
     RETURNING id`,
    [requestId, readingId, now],
  );
  return rows.length > 0;
}

/** Marks requests sent (with whether a text went too); returns the ids this call marked, of those unsent and unanswered. */
export async function markRequestsSent(tx: Queryable, requestIds: readonly number[], texted: boolean, now: Date): Promise<number[]> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE billing_reading_requests SET sent_at = $2, texted = $3
     WHERE id = ANY($1::bigint[]) AND sent_at IS NULL AND reading_id IS NULL RETURNING id::text AS id`,
    [requestIds, now, texted],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Counts reminder `number` (1-based) of each request that has had fewer; returns the ids this call
 * counted, of those sent and unanswered.
 */
export async function markReminded(tx: Queryable, reminders: readonly { requestId: number; number: number }[], now: Date): Promise<number[]> {
  if (reminders.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `UPDATE billing_reading_requests r SET reminders_sent = due.number, last_reminded_at = $3
     FROM unnest($1::bigint[], $2::int[]) AS due (id, number)
     WHERE r.id = due.id AND r.sent_at IS NOT NULL AND r.reading_id IS NULL AND r.reminders_sent < due.number
     RETURNING r.id::text AS id`,
    [reminders.map((reminder) => reminder.requestId), reminders.map((reminder) => reminder.number), now],
  );
  return rows.map((row) => Number(row.id));
}

/** A period as recorded, for the statements and the bill layer. */
export interface PeriodRecord {
  id: number;
  policyId: number;
  /** Null for a period recorded before migration 025: billed at the policy's figures. */
  figures: TermFigures | null;
  closedAt: Date | null;
  termStart: string;
  termEnd: string;
  index: number;
  start: string;
  end: string;
  dueOn: string;
  status: 'scheduled' | 'open' | 'closed';
  closedReason: 'readings' | 'due' | 'cancelled' | null;
  requests: { carNumber: number; plan: VehiclePlan; askOn: string; sentAt: Date | null; texted: boolean; remindersSent: number; readingId: number | null }[];
}

/** A policy's periods, oldest first, each with its requests in car-number order. */
export async function periodsOfPolicy(db: Queryable, policyId: number): Promise<PeriodRecord[]> {
  const periods = await db.query<{
    id: string; term_start: string; term_end: string; period_index: number; period_start: string; period_end: string; reading_due: string;
    status: PeriodRecord['status']; closed_reason: PeriodRecord['closedReason']; policy_id: number; term_figures: TermFigures | string | null;
    closed_at: Date | null;
  }>(
    `SELECT id::text AS id, policy_id, term_figures, closed_at, to_char(term_start, 'YYYY-MM-DD') AS term_start, to_char(term_end, 'YYYY-MM-DD') AS term_end, period_index,
            to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end,
            to_char(reading_due, 'YYYY-MM-DD') AS reading_due, status, closed_reason
     FROM billing_periods WHERE policy_id = $1 ORDER BY period_start`,
    [policyId],
  );
  const requests = await db.query<{
    period_id: string; car_number: number; billing_type: VehiclePlan; ask_on: string; sent_at: Date | null; texted: boolean;
    reminders_sent: number; reading_id: string | null;
  }>(
    `SELECT r.period_id::text AS period_id, r.car_number, r.billing_type, to_char(r.ask_on, 'YYYY-MM-DD') AS ask_on, r.sent_at, r.texted,
            r.reminders_sent, r.reading_id::text AS reading_id
     FROM billing_reading_requests r JOIN billing_periods p ON p.id = r.period_id WHERE p.policy_id = $1 ORDER BY r.car_number`,
    [policyId],
  );
  return periods.map((period) => ({
    id: Number(period.id),
    policyId: period.policy_id,
    figures: typeof period.term_figures === 'string' ? (JSON.parse(period.term_figures) as TermFigures) : period.term_figures,
    closedAt: period.closed_at,
    termStart: period.term_start,
    termEnd: period.term_end,
    index: period.period_index,
    start: period.period_start,
    end: period.period_end,
    dueOn: period.reading_due,
    status: period.status,
    closedReason: period.closed_reason,
    requests: requests
      .filter((request) => request.period_id === period.id)
      .map((request) => ({
        carNumber: request.car_number, plan: request.billing_type, askOn: request.ask_on, sentAt: request.sent_at, texted: request.texted,
        remindersSent: request.reminders_sent, readingId: request.reading_id === null ? null : Number(request.reading_id),
      })),
  }));
}

/** The policy a period belongs to, or null when there is no such period. */
export async function policyOfPeriod(db: Queryable, periodId: number): Promise<number | null> {
  const rows = await db.query<{ policy_id: number }>('SELECT policy_id FROM billing_periods WHERE id = $1', [periodId]);
  return rows[0]?.policy_id ?? null;
}

/**
 * A cancellation from `cancelledOn`, in `tx`: the period it falls in is closed 'cancelled' (its final bill is
 * the cancellation's) and the periods after it are removed with their requests, so nothing more is asked
 * for or billed. Returns the period it fell in, or null when it fell on a period's first day or after the
 * last one.
 */
export async function closeForCancellation(tx: Queryable, policyId: number, cancelledOn: string, now: Date): Promise<number | null> {
  await tx.query(`DELETE FROM billing_periods WHERE policy_id = $1 AND period_start >= $2::date AND status <> 'closed'`, [policyId, cancelledOn]);
  const rows = await tx.query<{ id: string }>(
    `UPDATE billing_periods SET status = 'closed', closed_at = $3, closed_reason = 'cancelled', opened_at = COALESCE(opened_at, $3)
     WHERE policy_id = $1 AND period_start < $2::date AND period_end > $2::date AND status <> 'closed' RETURNING id::text AS id`,
    [policyId, cancelledOn, now],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
