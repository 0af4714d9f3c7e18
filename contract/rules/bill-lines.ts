/**
 * A bill's lines in words (issue 21, "How it is shown"), said once: the account's statements (GET
 * /api/user/statements words each line with `describeBillLine`, and the page says how a vehicle's miles were
 * found with `milesFoundWords`) and the billing README's worked example (api/billing/worked-example.ts) read
 * the same sentences. The lines themselves are made by the API's pure bill (api/billing/bill.ts), whose
 * `BillLine` is assignable to `WordedBillLine`.
 */
import { feeLines } from '../reference/fees.ts';
import { DAILY_CAP_MILES } from './billing-cycle.ts';
import { isoToUs } from './dates.ts';
import { formatPerMileRate } from './money.ts';

export type BillLineKind =
  /** A Pay-Per-Mile vehicle's miles of the period: read, or the default, after the daily cap and true-up. */
  | 'miles'
  /** Miles billed at the default that the reading shows were not driven, given back at the rate billed. */
  | 'miles-credit'
  /** Estimated miles already paid: the down payment's (plan 18, first bill) or the month's prepaid share (plan 21). */
  | 'estimate-credit'
  /** The next period's base rate (plan 18). */
  | 'base'
  /** The next period's sixth of the Unlimited premium (plan 18). */
  | 'unlimited'
  | 'policy-fee'
  /** The mileage monitoring fee: per Pay-Per-Mile vehicle, never on Unlimited (plan 18). */
  | 'monitoring-fee'
  /** What the previous bill left: owed under the minimum charge, or a credit. */
  | 'carried'
  /** The credit card fee, or Texas's convenience fee: only on a bill that is charged. */
  | 'payment-fee'
  /** A renewed term's first payment, billed with the cycle. */
  | 'first-payment';

/** How a 'miles' line's miles were found, for the statement to say so. */
export type MilesFound =
  | { kind: 'default'; capMiles: number | null }
  /** The vehicle's first reading closed the period: the quote's estimated miles (api/billing/miles.ts). */
  | { kind: 'estimate' }
  | {
      kind: 'reading';
      drivenMiles: number;
      /** The daily cap over the days the reading spans, when it cut the driven miles; else null. */
      capMiles: number | null;
      /** Miles billed at the default since the last reading, counted against the driven miles. */
      alreadyBilledMiles: number;
    };

/** What the words of a line need: its kind, vehicle, miles and rate, and how the miles were found. */
export interface WordedBillLine {
  kind: BillLineKind;
  carNumber: number | null;
  cents: number;
  miles?: { count: number; perMileMills: number };
  found?: MilesFound;
}

/** Miles as a person reads them: '1,217'. */
export const countMiles = (miles: number): string => miles.toLocaleString('en-US');

/** A rate in thousandths of a dollar, as the rating engine keeps it: '$0.056'. */
export const millsRate = (mills: number): string => formatPerMileRate(mills / 1000);

/** The payment fee's name in `state`: 'Convenience fee' (Texas) or 'Credit card fee'. */
export const paymentFeeName = (state: string): string => feeLines(state, 'monthly', 'per_mile').find((fee) => fee.per === 'payment')!.label;

/** One line of a bill in words, for a policy in `state` (the payment fee's name depends on it). */
export function describeBillLine(line: WordedBillLine, state: string): string {
  const car = line.carNumber === null ? '' : `, car ${line.carNumber}`;
  const priced = line.miles ? `: ${countMiles(line.miles.count)} x ${millsRate(line.miles.perMileMills)}` : '';
  switch (line.kind) {
    case 'miles': {
      const found = line.found;
      if (found?.kind === 'default') return `Default miles (no reading)${car}${priced}`;
      if (found?.kind === 'estimate') return `Estimated miles (first reading)${car}${priced}`;
      const trueUp = found && found.alreadyBilledMiles > 0 ? ` (${countMiles(found.drivenMiles)} driven - ${countMiles(found.alreadyBilledMiles)} billed by default)` : '';
      return `Miles${car}${priced}${trueUp}`;
    }
    case 'miles-credit':
      return `Default miles not driven${car}${priced}`;
    case 'estimate-credit':
      return `Estimated miles already paid${car}${priced}`;
    case 'base':
      return `Base rate, next period${car}`;
    case 'unlimited':
      return `Unlimited, next period${car}`;
    case 'monitoring-fee':
      return `Mileage monitoring fee${car}`;
    case 'policy-fee':
      return 'Monthly policy fee';
    case 'carried':
      return line.cents < 0 ? 'Credit from the last bill' : 'Carried from the last bill';
    case 'payment-fee':
      return paymentFeeName(state);
    case 'first-payment':
      return 'First payment of the new term';
  }
}

/** How a period's miles were found, as the statement tells the customer (`dueOn` YYYY-MM-DD: the reading's due date). */
export function milesFoundWords(found: MilesFound, billedMiles: number, dueOn: string): string[] {
  const due = isoToUs(dueOn) ?? dueOn;
  const words: string[] = [];
  if (found.kind === 'default') {
    words.push(`Default mileage: no reading by ${due}`);
    if (found.capMiles !== null) words.push(`Daily cap: the default is capped at ${countMiles(found.capMiles)} miles for this period`);
    return words;
  }
  if (found.kind === 'estimate') return ['Estimated mileage: your first reading is the start of the next period'];
  if (found.alreadyBilledMiles > 0) {
    words.push(`True-up: ${countMiles(found.drivenMiles)} driven, ${countMiles(found.alreadyBilledMiles)} billed by default`);
  } else {
    words.push(`Read from your odometer: ${countMiles(found.drivenMiles)} miles driven`);
  }
  if (found.capMiles !== null) words.push(`Daily cap: miles above ${DAILY_CAP_MILES} a day not charged (${countMiles(billedMiles)} billed)`);
  return words;
}
