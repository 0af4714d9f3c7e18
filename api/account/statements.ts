/**
 * Statements (issue 9 item 5, issue 21 "How it is shown"; GET /api/user/statements): the billing cycle's own
 * records of one of the account's policies, read as they are and never computed again (STYLE.md habit 14):
 *
 * - the periods that have begun (api/billing/records.ts periodsOfPolicy), newest first, with their dates, the
 *   day their readings are due and their status: open, closed, or cancelled (closed by a cancellation);
 * - per vehicle of a period, the reading that answered its request (api/odometer/readings.ts: accepted,
 *   so verified, with its photo's thumbnail), or while the period is open a photo sent since it began that
 *   waits for review (not verified, no thumbnail); the miles its bill charged and how they were found (the
 *   'miles' line's `found`: read, the default, an estimate, the daily cap, the true-up); and the term's rate;
 * - the period's bills (api/billing/bills.ts): its own, a renewed term's first payment (on the term's first
 *   period), a cancellation's final bill; each line worded by the shared contract/rules/bill-lines.ts, the
 *   total, the status with its day and, while the charge is declined, its first failure and next try;
 * - the policy's balance from the ledger (api/payments/ledger.ts): positive a credit, negative owed.
 *
 * Days are local calendar days, as the billing cycle counts them (api/billing/cycle.ts). The odometer link is
 * a fresh 'odometer-photo' token for a day; none when every vehicle is Unlimited.
 */
import {
  describeBillLine, formatIsoDate, localToday, type StatementBill, type StatementPeriod, type StatementReading, type StatementsAnswer,
  type StatementVehicle,
} from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { billsOfPolicy, chargesOfPolicy, type BillCharge, type BillRecord } from '../billing/bills.ts';
import { periodsOfPolicy, type PeriodRecord } from '../billing/records.ts';
import type { Deps } from '../deps.ts';
import { acceptedReadings, countedReading, isAccepted, latestReadings, type ReadingRow } from '../odometer/readings.ts';
import { policyBalanceCents } from '../payments/ledger.ts';
import { policyById, vehicleName, vehiclesOf } from '../policies/records.ts';
import { issueToken } from '../tokens/tokens.ts';

/** How long the statements page's odometer link opens the odometer page. */
const STATEMENT_ODOMETER_LINK_MS = 24 * 60 * 60_000;

/** The account's URL of a reading's photo: its id only, never the policy or a person's data. */
const odometerPhotoPath = (readingId: number): string => `/api/user/odometer_photo/${readingId}`;
const billPdfPath = (billId: number): string => `/api/user/bill_pdf/${billId}`;

const dayOf = (moment: Date): string => formatIsoDate(localToday(moment));

function readingShown(reading: ReadingRow): StatementReading {
  const verified = photoShown(reading);
  return { odometer: countedReading(reading), date: dayOf(reading.createdAt), verified, photoUrl: verified ? odometerPhotoPath(reading.id) : null };
}

/** The bill's status and the day of it, with the charge's failure while it is declined. */
function billShown(bill: BillRecord, charge: BillCharge | undefined, state: string): StatementBill {
  const declined = charge?.status === 'declined';
  return {
    kind: bill.kind,
    billDate: bill.billDate,
    lines: bill.lines.map((line) => ({ kind: line.kind, carNumber: line.carNumber, label: describeBillLine(line, state), cents: line.cents })),
    totalCents: bill.totalCents,
    status: bill.status,
    statusOn: bill.settledAt ? dayOf(bill.settledAt) : bill.billDate,
    failedOn: declined ? charge.firstFailedOn : null,
    nextTryOn: declined ? charge.nextTryOn : null,
    // the bill's PDF, made from its record when asked (the same as the one its notice carried)
    documentUrl: billPdfPath(bill.id),
  };
}

/** The statements of policy `policyId` (the caller has checked it is the account's). Null when there is no such policy. */
export async function statementsOf(deps: Pick<Deps, 'db' | 'config'>, policyId: number, now: Date): Promise<StatementsAnswer['data'] | null> {
  const policy = await policyById(deps.db, policyId);
  if (!policy) return null;
  const [vehicles, periods, bills, charges, balanceCents, accepted, latest] = await Promise.all([
    vehiclesOf(deps.db, policyId),
    periodsOfPolicy(deps.db, policyId),
    billsOfPolicy(deps.db, policyId),
    chargesOfPolicy(deps.db, policyId),
    policyBalanceCents(deps.db, policyId),
    acceptedReadings(deps.db, policyId),
    latestReadings(deps.db, policyId),
  ]);
  const readingsById = new Map(accepted.map((reading) => [reading.id, reading]));

  function vehicleOf(period: PeriodRecord, periodBills: readonly BillRecord[], carNumber: number): StatementVehicle | null {
    const vehicle = vehicles.find((candidate) => candidate.car_number === carNumber);
    const request = period.requests.find((candidate) => candidate.carNumber === carNumber);
    const figures = period.figures?.vehicles.find((candidate) => candidate.carNumber === carNumber);
    if (!vehicle && !figures) return null;
    const plan = request?.plan ?? figures?.billingType ?? (vehicle?.billing_type === 'capped' ? 'capped' : 'per_mile');
    const linked = request?.readingId != null ? readingsById.get(request.readingId) : undefined;
    const pending = latest.find((reading) => reading.carNumber === carNumber && reading.status === 'needs_review' && dayOf(reading.createdAt) >= period.start);
    const reading = linked ?? (period.status === 'open' ? pending : undefined);
    const milesLine = periodBills.flatMap((bill) => bill.lines).find((line) => line.kind === 'miles' && line.carNumber === carNumber);
    const billed = milesLine && 'found' in milesLine ? milesLine : null;
    return {
      carNumber,
      name: vehicle ? vehicleName(vehicle) : `Car ${carNumber}`,
      plan,
      reading: reading ? readingShown(reading) : null,
      billedMiles: billed?.miles?.count ?? null,
      found: billed?.found ?? null,
      perMileMills: plan === 'capped' ? null : (figures?.perMileMills ?? (vehicle ? Math.round(vehicle.per_mile_rate * 1000) : null)),
    };
  }

  const shown: StatementPeriod[] = periods
    .filter((period) => period.status !== 'scheduled')
    .map((period) => {
      const state = period.figures?.state ?? policy.ratedState;
      const periodBills = bills.filter(
        (bill) => bill.periodId === period.id || (bill.kind === 'first-payment' && bill.termStart === period.termStart && period.index === 1),
      );
      const carNumbers = [...new Set([...(period.figures?.vehicles.map((figures) => figures.carNumber) ?? vehicles.map((vehicle) => vehicle.car_number))])].sort((a, b) => a - b);
      return {
        start: period.start,
        end: period.end,
        dueOn: period.dueOn,
        status: period.closedReason === 'cancelled' ? 'cancelled' : period.status === 'closed' ? 'closed' : 'open',
        vehicles: carNumbers.map((carNumber) => vehicleOf(period, periodBills, carNumber)).filter((vehicle) => vehicle !== null),
        bills: periodBills.map((bill) => billShown(bill, charges.get(bill.id), state)),
      } satisfies StatementPeriod;
    })
    .reverse();

  const reporting = vehicles.some((vehicle) => vehicle.billing_type !== 'capped');
  const odometerUrl = reporting
    ? pageUrl(deps.config.publicOrigin, PAGES.odometer, { token: await issueToken(deps.db, 'odometer-photo', now, { subjectId: policyId, ttlMs: STATEMENT_ODOMETER_LINK_MS }) })
    : null;
  return { policyNumber: policy.policyNumber, balanceCents, periods: shown, odometerUrl };
}

/** Whether a reading's photo is shown to the policy's owner: an accepted (verified, approved or confirmed) reading's only. */
export function photoShown(reading: Pick<ReadingRow, 'status'>): boolean {
  return isAccepted(reading.status);
}
