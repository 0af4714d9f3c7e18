/**
 * The README's worked example, computed: `node api/billing/worked-example.ts` prints it, and
 * worked-example.test.ts checks that README.md carries exactly this text and that its totals are the
 * hand computations written in the test. The rates are a real quote: the rating engine's typical request
 * in Texas (api/rating/testing.ts), billed monthly with one Pay-Per-Mile car and 600 miles a month.
 */
import { countMiles, describeBillLine, FEES, formatCents, millsRate, paymentFeeCents, paymentFeeName } from '../../contract/index.ts';
import { priceQuote } from '../rating/index.ts';
import { prepared, typicalRequest } from '../rating/testing.ts';
import { makeBill, type Bill, type BillLine, type DefaultBilled, type PeriodMiles } from './bill.ts';
import { periodsOfTerm, readingSchedule } from './calendar.ts';
import { DEFAULT_MONTHLY_MILES } from './schedule.ts';

const STATE = 'TX';
const MILES_A_MONTH = 600;

const rate = (mills: number) => millsRate(mills);
const count = (miles: number) => countMiles(miles);
const paymentFeeLabel = paymentFeeName(STATE);

/** A line as the statement words it (contract/rules/bill-lines.ts, shared with the account's statements). */
const describe = (line: BillLine): string => describeBillLine(line, STATE);

function show(bill: Bill): string[] {
  const rows = bill.lines.map((line) => `  ${describe(line).padEnd(64)}${formatCents(line.cents).padStart(10)}`);
  const outcome = bill.outcome.kind === 'charge' ? 'charged' : bill.outcome.kind;
  return [...rows, `  ${`Total, ${outcome}`.padEnd(64)}${formatCents(bill.totalCents).padStart(10)}`];
}

export function workedExample(): string {
  const request = typicalRequest(STATE);
  const quote = priceQuote(prepared(request));
  const vehicle = quote.vehicles[0]!;
  const periods = periodsOfTerm(request.effectiveDate, request.expirationDate!);
  const figures = { ...vehicle, billingType: 'per_mile' as const };
  const billOf = (index: number, miles: PeriodMiles) =>
    makeBill({ payPlan: 18, state: STATE, period: periods[index - 1]!, carriedCents: 0, vehicles: [{ ...figures, milesOfPeriod: miles }] });
  const read = (milesSinceLastReading: number, defaultsSinceLastReading: DefaultBilled[] = []): PeriodMiles =>
    ({ kind: 'read', milesSinceLastReading, defaultsSinceLastReading });
  const estimate = vehicle.estMonthlyNoFeeCents - vehicle.baseRateCents;
  const schedule = readingSchedule(periods[0]!);
  const out: string[] = [];
  const say = (line = '') => out.push(line);

  say(`Texas, pay plan 18 (monthly), one Pay-Per-Mile car: the rating engine's typical request there (a 2019 911`);
  say(`coupe worth $120,000, garaged in ZIP ${request.addresses[0]!.zip}, 6,000 miles a year), effective ${request.effectiveDate}, table ${quote.rateTableVersion}.`);
  say(`Quote: base ${formatCents(vehicle.baseRateCents)} a month, ${rate(vehicle.perMileMills)} a mile, ${count(vehicle.estMonthlyMiles)} estimated miles a month.`);
  say(`Down payment: ${formatCents(vehicle.baseRateCents)} + ${count(vehicle.estMonthlyMiles)} x ${rate(vehicle.perMileMills)} (${formatCents(estimate)}) + policy fee ${formatCents(FEES.monthlyPolicyFeeCents)}`);
  say(`+ mileage monitoring ${formatCents(FEES.mileageMonitoringFeeCents)} + ${paymentFeeLabel.toLowerCase()} ${formatCents(paymentFeeCents(STATE))} = ${formatCents(quote.downPaymentMonthlyCents)}.`);
  say();
  say(`Periods end ${periods.map((period) => period.end).join(', ')}.`);
  say(`Period 1's reading is asked for on ${schedule.requestOn}, reminded on ${schedule.remindOn.join(' and ')}, due on ${schedule.dueOn}.`);
  say();
  say(`Period 2 (${periods[1]!.start} to ${periods[1]!.end}), ${MILES_A_MONTH} miles read:`);
  out.push(...show(billOf(2, read(MILES_A_MONTH))));
  say();
  say(`Period 1, the first bill, ${MILES_A_MONTH} miles read: the down payment's estimated miles are credited.`);
  out.push(...show(billOf(1, read(MILES_A_MONTH))));
  say();
  const missed = billOf(2, { kind: 'missed' });
  say(`Had period 2's reading been missed, it would be billed ${count(DEFAULT_MONTHLY_MILES)} miles by default:`);
  out.push(...show(missed));
  const defaultLine = missed.lines[0]!;
  say(`and period 3's reading, ${count(2 * MILES_A_MONTH)} miles since period 1's, trues it up:`);
  const trueUp = billOf(3, read(2 * MILES_A_MONTH, [{ days: periods[1]!.days, miles: DEFAULT_MONTHLY_MILES, perMileMills: vehicle.perMileMills }]));
  out.push(...show(trueUp));
  const givenBack = -trueUp.lines.filter((line) => line.kind === 'miles-credit').reduce((sum, line) => sum + line.cents, 0);
  say(`Miles paid over periods 2 and 3: ${formatCents(defaultLine.cents)} - ${formatCents(givenBack)} = ${formatCents(defaultLine.cents - givenBack)}, which is`);
  say(`${count(2 * MILES_A_MONTH)} x ${rate(vehicle.perMileMills)}: each mile once.`);
  return out.join('\n');
}

if (import.meta.main) console.log(workedExample());
