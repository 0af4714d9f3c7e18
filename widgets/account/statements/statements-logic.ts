/**
 * What the statements page says of GET /api/user/statements (contract StatementsAnswer), without the DOM, so
 * it is tested in node: the balance in words, a bill's status with its day, a vehicle's reading, miles and
 * rate. Dates arrive as YYYY-MM-DD and are shown MM/DD/YYYY; money arrives in cents.
 */
import type { StatementBill, StatementVehicle } from '../../../contract/api/account.ts';
import { countMiles, formatCents, isoToUs, millsRate, milesFoundWords } from '../../../contract/index.ts';
import type { StatementsTexts } from './statements.texts.ts';

/** '2026-05-09' -> '05/09/2026'. */
export const usDay = (iso: string): string => isoToUs(iso) ?? iso;

/** The ledger's balance (positive a credit, negative owed) as the top of the page says it. */
export function balanceWords(balanceCents: number, T: Pick<StatementsTexts, 'owed' | 'credit' | 'nothingOwed'>): { text: string; owed: boolean } {
  if (balanceCents < 0) return { text: T.owed(formatCents(-balanceCents)), owed: true };
  if (balanceCents > 0) return { text: T.credit(formatCents(balanceCents)), owed: false };
  return { text: T.nothingOwed, owed: false };
}

/** A bill's status with its day: paid on, due, failed on and the next try, carried, refunded, unpaid. */
export function billStatusWords(bill: StatementBill, T: Pick<StatementsTexts, 'status'>): { text: string; tone: string } {
  if (bill.status === 'due' && bill.failedOn) {
    return { text: T.status.failed(usDay(bill.failedOn), bill.nextTryOn ? usDay(bill.nextTryOn) : null), tone: 'failed' };
  }
  return { text: T.status[bill.status](usDay(bill.statusOn)), tone: bill.status };
}

/** The caption of a bill's table, by its kind. */
export function billCaption(bill: StatementBill, T: Pick<StatementsTexts, 'billCaption' | 'firstPaymentCaption' | 'finalCaption'>): string {
  const date = usDay(bill.billDate);
  return bill.kind === 'first-payment' ? T.firstPaymentCaption(date) : bill.kind === 'final' ? T.finalCaption(date) : T.billCaption(date);
}

export interface VehicleFacts {
  /** Null for an Unlimited vehicle without a reading in the period (it reports once a term). */
  reading: string | null;
  /** The reading's state: verified, or being checked; null without a reading. */
  readingState: string | null;
  miles: string | null;
  how: string[];
  rate: string | null;
}

/** A vehicle of a period in words: its reading, the miles billed and how they were found (contract wording), its rate. */
export function vehicleFacts(vehicle: StatementVehicle, dueOn: string, T: StatementsTexts): VehicleFacts {
  const reading = vehicle.reading;
  const perMile = vehicle.plan === 'per_mile';
  return {
    reading: reading ? T.reading(countMiles(reading.odometer), usDay(reading.date)) : perMile ? T.noReading : null,
    readingState: reading ? (reading.verified ? T.verified : T.inReview) : null,
    miles: !perMile ? null : vehicle.billedMiles === null ? T.notBilledYet : T.milesBilled(countMiles(vehicle.billedMiles)),
    how: perMile && vehicle.found && vehicle.billedMiles !== null ? milesFoundWords(vehicle.found, vehicle.billedMiles, dueOn) : [],
    rate: perMile && vehicle.perMileMills !== null ? T.rate(millsRate(vehicle.perMileMills)) : null,
  };
}
