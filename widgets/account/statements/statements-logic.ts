/**
 * What the statements page shows of GET /api/user/statements (contract StatementsAnswer), without the DOM,
 * so it is tested in node: one row per billing interval, newest first, the open one (since the last reading)
 * marked in progress; the totals of the closed ones; and whether a vehicle is charged per mile at all.
 */
import type { StatementInterval, StatementVehicle } from '../../../contract/api/account.ts';
import { money, usDate } from '../dashboard/dashboard-logic.ts';
import type { StatementsTexts } from './statements.texts.ts';
import { formatPerMileRate } from '../../../contract/rules/money.ts';

export interface StatementRow {
  period: string;
  /** The open interval: no end reading, miles or charge yet. */
  open: boolean;
  startReading: string;
  endReading: string;
  miles: string;
  perMileRate: string;
  mileageCharge: string;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

type RowTexts = Pick<StatementsTexts, 'closedPeriod' | 'openPeriod' | 'notYet' | 'notRecorded'>;

/** The intervals as rows, newest first (the open one on top); the API's order does not matter. */
export function statementRows(intervals: readonly StatementInterval[], texts: RowTexts): StatementRow[] {
  return [...intervals]
    .sort((a, b) => b.periodStart.localeCompare(a.periodStart))
    .map((interval) => {
      const open = interval.periodEnd === null;
      const start = usDate(interval.periodStart);
      return {
        period: open ? texts.openPeriod(start) : texts.closedPeriod(start, usDate(interval.periodEnd!)),
        open,
        startReading: interval.startReading === null ? texts.notRecorded : whole(interval.startReading),
        endReading: interval.endReading === null ? texts.notYet : whole(interval.endReading),
        miles: interval.miles === null ? texts.notYet : whole(interval.miles),
        perMileRate: formatPerMileRate(interval.perMileRate),
        mileageCharge: interval.mileageCharge === null ? texts.notYet : money(interval.mileageCharge),
      };
    });
}

/** The closed intervals' miles and mileage charge, added in cents so the total is the sum of the rows shown. */
export function closedTotals(intervals: readonly StatementInterval[]): { miles: string; mileageCharge: string } | null {
  const closed = intervals.filter((i) => i.periodEnd !== null && i.miles !== null && i.mileageCharge !== null);
  if (closed.length === 0) return null;
  const miles = closed.reduce((sum, i) => sum + i.miles!, 0);
  const cents = closed.reduce((sum, i) => sum + Math.round(i.mileageCharge! * 100), 0);
  return { miles: whole(miles), mileageCharge: money(cents / 100) };
}

/** Unlimited (billingType capped): no mileage is charged, so no table of intervals. */
export function chargedPerMile(vehicle: Pick<StatementVehicle, 'billingType'>): boolean {
  return vehicle.billingType !== 'capped';
}
