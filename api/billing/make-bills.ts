/**
 * Making the bills (issue 21, items 3 to 5 and 8): a closed period's bill, and a renewed term's first
 * payment. Each is made in one transaction with its ledger entry, so a bill exists only with what it owes on
 * the policy's account, and a second process making the same bill finds it made (./bills.ts's unique keys)
 * and writes nothing.
 *
 * The ledger entry is the bill's own amount: its lines less the amount carried in, which the bill before it
 * entered already, so each cent is owed once however many bills carry it.
 */
import { toCents } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { countedReading, acceptedReadings } from '../odometer/readings.ts';
import { addLedgerEntry } from '../payments/ledger.ts';
import { readPolicyRecord, type PolicyRecord } from '../policies/records.ts';
import { makeBill, type BilledVehicle } from './bill.ts';
import { billsOfPolicy, carriedIntoNextBill, insertBill, type BillRecord, type StoredBillLine } from './bills.ts';
import { daysBetween } from './calendar.ts';
import { periodMilesOf, type BilledPeriodOfVehicle, type CountedReading } from './miles.ts';
import { periodsOfPolicy, policyOfPeriod, type PeriodRecord, type TermFigures, type VehiclePlan } from './records.ts';

/** The figures of the term in force, as the policy's rows hold them (kept with a term's periods when it is recorded). */
export function termFiguresOf(policy: PolicyRecord): TermFigures {
  return {
    payPlan: policy.payPlan === 21 ? 21 : 18,
    state: policy.ratedState,
    vehicles: policy.vehicles.map((vehicle) => {
      const billingType: VehiclePlan = vehicle.billing_type === 'capped' ? 'capped' : 'per_mile';
      return {
        carNumber: vehicle.car_number,
        billingType,
        baseRateCents: toCents(vehicle.base_rate),
        perMileMills: Math.round(vehicle.per_mile_rate * 1000),
        estMonthlyMiles: vehicle.est_monthly_miles ?? 0,
        // the engine's estimated month without fees: base + estimated miles, or an Unlimited premium's sixth
        estMonthlyNoFeeCents: vehicle.monthly_charge_cents,
        unlimitedRateCents: billingType === 'capped' ? vehicle.term_premium_cents : 0,
      };
    }),
  };
}

/** A bill's entry on the account: what it owes (negative) or credits (positive), less what it carried in. */
async function enterBill(tx: Queryable, policyId: number, billId: number, bill: { totalCents: number; lines: readonly StoredBillLine[] }, now: Date) {
  const carriedIn = bill.lines.filter((line) => line.kind === 'carried').reduce((sum, line) => sum + line.cents, 0);
  await addLedgerEntry(tx, {
    kind: 'bill', amountCents: -(bill.totalCents - carriedIn), attemptId: null, policyId, providerRef: `bill:${billId}`, billId, at: now,
  });
}

/** Each vehicle's earlier billed periods, from the policy's periods before `period` and their bills. */
function earlierOfVehicle(
  carNumber: number,
  periods: readonly PeriodRecord[],
  bills: readonly BillRecord[],
  period: PeriodRecord,
  readings: ReadonlyMap<number, CountedReading>,
): BilledPeriodOfVehicle[] {
  return periods
    .filter((earlier) => earlier.start < period.start)
    .flatMap((earlier) => {
      const request = earlier.requests.find((candidate) => candidate.carNumber === carNumber);
      const bill = bills.find((candidate) => candidate.kind === 'period' && candidate.periodId === earlier.id);
      if (!request || !bill) return [];
      const billed = bill.lines.find((line) => line.kind === 'miles' && line.carNumber === carNumber);
      const byDefault = billed?.kind === 'miles' && billed.found?.kind === 'default' && billed.miles ? billed.miles : null;
      return [{
        days: daysBetween(earlier.start, earlier.end),
        reading: request.readingId === null ? null : (readings.get(request.readingId) ?? null),
        defaultBilled: byDefault ? { miles: byDefault.count, perMileMills: byDefault.perMileMills } : null,
      }];
    });
}

/**
 * Makes the bill of closed period `periodId`, with its ledger entry, in `tx`; the bill's id, or null when
 * the period has one already (another process made it) or is not closed.
 */
export async function makePeriodBill(tx: Queryable, periodId: number, today: string, now: Date): Promise<number | null> {
  const policyRows = await periodsOfPolicyById(tx, periodId);
  if (!policyRows) return null;
  const { policy, periods, period } = policyRows;
  if (period.status !== 'closed') return null;
  const figures = period.figures ?? termFiguresOf(policy);
  const bills = await billsOfPolicy(tx, policy.id);
  if (bills.some((bill) => bill.kind === 'period' && bill.periodId === period.id)) return null;

  const accepted = await acceptedReadings(tx, policy.id);
  const readings = new Map(accepted.map((reading) => [reading.id, { id: reading.id, odometer: countedReading(reading) }]));
  const vehicles: BilledVehicle[] = figures.vehicles.map((vehicle) => {
    if (vehicle.billingType === 'capped') return { ...vehicle, billingType: 'capped' };
    const request = period.requests.find((candidate) => candidate.carNumber === vehicle.carNumber);
    const current = request?.readingId != null ? (readings.get(request.readingId) ?? null) : null;
    const first = accepted.find((reading) => reading.carNumber === vehicle.carNumber);
    const milesOfPeriod = periodMilesOf(
      earlierOfVehicle(vehicle.carNumber, periods, bills, period, readings),
      first ? { id: first.id, odometer: countedReading(first) } : null,
      current,
    );
    return { ...vehicle, billingType: 'per_mile', milesOfPeriod };
  });
  const carried = await carriedIntoNextBill(tx, policy.id);
  const bill = makeBill({
    payPlan: figures.payPlan,
    state: figures.state,
    period: { index: period.index, start: period.start, end: period.end, days: daysBetween(period.start, period.end), last: period.end === period.termEnd },
    vehicles,
    carriedCents: carried.cents,
  });
  const billId = await insertBill(
    tx,
    { policyId: policy.id, kind: 'period', periodId: period.id, termStart: period.termStart, billDate: today, lines: bill.lines, totalCents: bill.totalCents, outcome: bill.outcome },
    now,
  );
  if (billId === null) return null;
  await enterBill(tx, policy.id, billId, bill, now);
  return billId;
}

async function periodsOfPolicyById(tx: Queryable, periodId: number) {
  const policyId = await policyOfPeriod(tx, periodId);
  if (policyId === null) return null;
  const policy = await readPolicyRecord(tx, policyId);
  const periods = await periodsOfPolicy(tx, policyId);
  const period = periods.find((candidate) => candidate.id === periodId);
  return policy && period ? { policy, periods, period } : null;
}

/**
 * Makes a renewed term's first payment a bill on the term's first day (issue 21, item 7: a renewal term is
 * paid as the first term was), with its ledger entry; the bill's id, or null when the term has one.
 */
export async function makeFirstPaymentBill(tx: Queryable, policy: PolicyRecord, termStart: string, today: string, now: Date): Promise<number | null> {
  const cents = policy.downPaymentCents;
  const lines: StoredBillLine[] = [{ kind: 'first-payment', carNumber: null, cents }];
  const billId = await insertBill(
    tx,
    { policyId: policy.id, kind: 'first-payment', periodId: null, termStart, billDate: today, lines, totalCents: cents, outcome: { kind: 'charge', cents } },
    now,
  );
  if (billId === null) return null;
  await enterBill(tx, policy.id, billId, { totalCents: cents, lines }, now);
  return billId;
}
