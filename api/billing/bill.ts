/**
 * One period's bill for one policy (issue 21, items 3, 4 and 5; README.md beside this file says it in plain
 * words). Pure: the rates, the miles and the carried amount come in, the lines and what to do with the total
 * go out. Money is integer cents and per-mile rates thousandths of a dollar (mills), as the rating engine
 * makes them (api/rating/README.md, "How a price is built"); each line is rounded once, and the total is
 * the sum of the lines, exactly.
 *
 * Monthly plan (pay plan 18): the period's miles are billed in arrears, the next period's base rate (or an
 * Unlimited vehicle's sixth) and the monthly fees in advance, as the down payment paid the first month's;
 * so the first bill credits the down payment's estimated miles, and the term's last bill asks nothing in
 * advance (the renewal's first payment does). Six-month plan (pay plan 21): everything but the miles was
 * prepaid, so each bill is the period's miles minus that month's share of the prepaid estimate.
 * Both plans add the card (Texas: convenience) fee only to a bill that is charged.
 */
import { FEES, paymentFeeCents } from '../../contract/index.ts';
import type { BillLineKind as ContractBillLineKind, MilesFound as ContractMilesFound } from '../../contract/rules/bill-lines.ts';
import type { PricedVehicle } from '../rating/index.ts';
import type { BillingPeriod } from './calendar.ts';
import { DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES, MINIMUM_CHARGE_CENTS } from './schedule.ts';

/**
 * A vehicle's figures for the term in force, as the rating engine priced them (the policy keeps them with
 * the vehicle: base rate, per-mile rate, estimated monthly miles, estimated month, Unlimited premium).
 */
export type RatedFigures = Pick<
  PricedVehicle,
  'carNumber' | 'baseRateCents' | 'perMileMills' | 'estMonthlyMiles' | 'estMonthlyNoFeeCents' | 'unlimitedRateCents'
>;

/** A period billed at the default mileage since the vehicle's last reading used for a bill. */
export interface DefaultBilled {
  days: number;
  miles: number;
  perMileMills: number;
}

/** What is known of a Pay-Per-Mile vehicle's miles when its period's bill is made. */
export type PeriodMiles =
  /** No reading accepted by the due date. */
  | { kind: 'missed' }
  /**
   * A reading closed the period but no earlier one exists to count from (the vehicle's first reading came in
   * the period's window): the period is billed the quote's estimated miles, and the reading is the base of
   * the next.
   */
  | { kind: 'unmeasured' }
  /**
   * A reading closed the period. `milesSinceLastReading` is the odometer's count since the last reading a
   * bill used; `defaultsSinceLastReading` the periods billed at the default in between, oldest first.
   */
  | { kind: 'read'; milesSinceLastReading: number; defaultsSinceLastReading: readonly DefaultBilled[] };

export type BilledVehicle =
  | (RatedFigures & { billingType: 'per_mile'; milesOfPeriod: PeriodMiles })
  | (RatedFigures & { billingType: 'capped' });

/** The kinds of line the pure bill makes (a renewed term's first payment is a bill of its own: ./bills.ts). */
export type BillLineKind = Exclude<ContractBillLineKind, 'first-payment'>;

/** How a 'miles' line's miles were found, for the statement to say so (contract/rules/bill-lines.ts). */
export type MilesFound = ContractMilesFound;

export interface BillLine {
  kind: BillLineKind;
  /** The vehicle, or null for the policy's lines (policy fee, carried amount, payment fee). */
  carNumber: number | null;
  cents: number;
  /** Per-mile lines: the miles priced (credits: given back) and the rate. */
  miles?: { count: number; perMileMills: number };
  /** The 'miles' line only. */
  found?: MilesFound;
}

export type BillOutcome =
  | { kind: 'charge'; cents: number }
  /** Under the minimum charge, or a credit: the next bill starts with it. */
  | { kind: 'carry-forward'; cents: number }
  /** A credit left on the term's last bill goes back to the card. */
  | { kind: 'refund'; cents: number }
  | { kind: 'nothing-due' };

export interface Bill {
  lines: BillLine[];
  /** The sum of the lines. */
  totalCents: number;
  outcome: BillOutcome;
}

export interface BillInput {
  /** doc 3 section 9: 18 monthly, 21 six-month. */
  payPlan: 18 | 21;
  state: string;
  period: BillingPeriod;
  vehicles: readonly BilledVehicle[];
  /** The previous bill's carried amount: owed (positive) or a credit (negative); 0 when none. */
  carriedCents: number;
}

/** Miles at a per-mile rate in cents, rounded once (mills x miles / 10, halves up, as the engine rounds). */
const mileCents = (miles: number, perMileMills: number): number => Math.round((miles * perMileMills) / 10);

function wholeMiles(miles: number, what: string): number {
  if (!Number.isSafeInteger(miles) || miles < 0) throw new RangeError(`${what} must be a whole number of miles from 0, not ${miles}.`);
  return miles;
}

/**
 * The miles lines of one Pay-Per-Mile vehicle for `period` (issue 21, items 4 and 5).
 *
 * Missed: the default mileage, capped by the period's days. Read: the miles driven since the last reading a
 * bill used, capped at 250 a day over the days since then (the period and any missed ones before it), minus
 * the miles already billed at the default for those missed periods (the true-up): more driven is billed now
 * at the current rate; less is given back at the rate it was billed, newest period first, so no mile is
 * paid twice and every mile billed by default and not driven comes back.
 */
export function milesLines(vehicle: RatedFigures, period: BillingPeriod, miles: PeriodMiles): BillLine[] {
  const { carNumber, perMileMills } = vehicle;
  if (miles.kind === 'missed') {
    const cap = DAILY_CAP_MILES * period.days;
    const count = Math.min(DEFAULT_MONTHLY_MILES, cap);
    const found: MilesFound = { kind: 'default', capMiles: count < DEFAULT_MONTHLY_MILES ? cap : null };
    return [{ kind: 'miles', carNumber, cents: mileCents(count, perMileMills), miles: { count, perMileMills }, found }];
  }
  if (miles.kind === 'unmeasured') {
    const count = vehicle.estMonthlyMiles;
    return [{ kind: 'miles', carNumber, cents: mileCents(count, perMileMills), miles: { count, perMileMills }, found: { kind: 'estimate' } }];
  }
  const driven = wholeMiles(miles.milesSinceLastReading, 'The miles since the last reading');
  const defaults = miles.defaultsSinceLastReading;
  const cap = DAILY_CAP_MILES * (period.days + defaults.reduce((days, missed) => days + missed.days, 0));
  const chargeable = Math.min(driven, cap);
  const alreadyBilled = defaults.reduce((sum, missed) => sum + wholeMiles(missed.miles, 'Default miles billed'), 0);
  const count = Math.max(0, chargeable - alreadyBilled);
  const found: MilesFound = { kind: 'reading', drivenMiles: driven, capMiles: chargeable < driven ? cap : null, alreadyBilledMiles: alreadyBilled };
  const lines: BillLine[] = [{ kind: 'miles', carNumber, cents: mileCents(count, perMileMills), miles: { count, perMileMills }, found }];

  let toGiveBack = alreadyBilled - chargeable;
  for (const missed of [...defaults].reverse()) {
    if (toGiveBack <= 0) break;
    const given = Math.min(toGiveBack, missed.miles);
    lines.push({
      kind: 'miles-credit',
      carNumber,
      cents: -mileCents(given, missed.perMileMills),
      miles: { count: given, perMileMills: missed.perMileMills },
    });
    toGiveBack -= given;
  }
  return lines;
}

/**
 * The estimated miles one month of the quote paid for, in cents: the engine's estimated month without fees
 * (base + per mile x estimated miles, the miles part rounded once) minus its base, so the credit is exactly
 * what was paid for them.
 */
export const estimateCents = (vehicle: RatedFigures): number => vehicle.estMonthlyNoFeeCents - vehicle.baseRateCents;

/** The bill of `input.period` (see the header). */
export function makeBill(input: BillInput): Bill {
  const { payPlan, period } = input;
  const paysMonthly = payPlan === 18;
  const lines: BillLine[] = [];

  for (const vehicle of input.vehicles) {
    const { carNumber } = vehicle;
    if (vehicle.billingType === 'per_mile') {
      lines.push(...milesLines(vehicle, period, vehicle.milesOfPeriod));
      if (!paysMonthly || period.index === 1) {
        lines.push({
          kind: 'estimate-credit',
          carNumber,
          cents: -estimateCents(vehicle),
          miles: { count: vehicle.estMonthlyMiles, perMileMills: vehicle.perMileMills },
        });
      }
      if (paysMonthly && !period.last) {
        lines.push({ kind: 'base', carNumber, cents: vehicle.baseRateCents });
        lines.push({ kind: 'monitoring-fee', carNumber, cents: FEES.mileageMonitoringFeeCents });
      }
    } else if (paysMonthly && !period.last) {
      // The engine's estimated month of an Unlimited vehicle is exactly a sixth of its premium.
      lines.push({ kind: 'unlimited', carNumber, cents: vehicle.estMonthlyNoFeeCents });
    }
  }
  if (paysMonthly && !period.last) lines.push({ kind: 'policy-fee', carNumber: null, cents: FEES.monthlyPolicyFeeCents });
  if (input.carriedCents !== 0) lines.push({ kind: 'carried', carNumber: null, cents: input.carriedCents });

  // The fee is decided on what is owed without it: $4.95 is not charged to collect a few cents.
  const owed = sumOf(lines);
  if (owed >= MINIMUM_CHARGE_CENTS) {
    lines.push({ kind: 'payment-fee', carNumber: null, cents: paymentFeeCents(input.state) });
    const totalCents = sumOf(lines);
    return { lines, totalCents, outcome: { kind: 'charge', cents: totalCents } };
  }
  const outcome: BillOutcome =
    owed === 0 ? { kind: 'nothing-due' } : owed < 0 && period.last ? { kind: 'refund', cents: -owed } : { kind: 'carry-forward', cents: owed };
  return { lines, totalCents: owed, outcome };
}

const sumOf = (lines: readonly BillLine[]): number => lines.reduce((sum, line) => sum + line.cents, 0);
