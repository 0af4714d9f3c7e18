import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatementInterval } from '../../../contract/api/account.ts';
import { chargedPerMile, closedTotals, statementRows } from './statements-logic.ts';
import { STATEMENTS_TEXTS as T } from './statements.texts.ts';

const closed = (periodStart: string, periodEnd: string, startReading: number, endReading: number, mileageCharge: number): StatementInterval => ({
  periodStart, periodEnd, startReading, endReading, miles: endReading - startReading, perMileRate: 0.071, mileageCharge,
});
const open = (periodStart: string, startReading: number | null): StatementInterval => ({
  periodStart, periodEnd: null, startReading, endReading: null, miles: null, perMileRate: 0.071, mileageCharge: null,
});

test('rows: newest first, the open interval in progress, readings and miles with separators, money with $', () => {
  const rows = statementRows([closed('2026-01-01', '2026-02-01', 11250, 12100, 60.35), open('2026-03-01', 13050), closed('2026-02-01', '2026-03-01', 12100, 13050, 67.45)], T);
  assert.deepEqual(rows, [
    { period: 'Since 03/01/2026', open: true, startReading: '13,050', endReading: T.notYet, miles: T.notYet, perMileRate: '$0.071', mileageCharge: T.notYet },
    { period: '02/01/2026 to 03/01/2026', open: false, startReading: '12,100', endReading: '13,050', miles: '950', perMileRate: '$0.071', mileageCharge: '$67.45' },
    { period: '01/01/2026 to 02/01/2026', open: false, startReading: '11,250', endReading: '12,100', miles: '850', perMileRate: '$0.071', mileageCharge: '$60.35' },
  ]);
});

test('an interval without a start reading says so', () => {
  assert.equal(statementRows([open('2026-03-01', null)], T)[0]!.startReading, T.notRecorded);
});

test("totals: the closed intervals' miles and charges, added in cents; none without a closed interval", () => {
  assert.deepEqual(closedTotals([closed('2026-01-01', '2026-02-01', 0, 850, 60.35), closed('2026-02-01', '2026-03-01', 850, 1800, 67.45), open('2026-03-01', 1800)]), {
    miles: '1,800',
    mileageCharge: '$127.80',
  });
  // 0.1 + 0.2 in dollars is 0.30000000000000004; in cents it is 30
  assert.deepEqual(closedTotals([closed('2026-01-01', '2026-02-01', 0, 1, 0.1), closed('2026-02-01', '2026-03-01', 1, 2, 0.2)])?.mileageCharge, '$0.30');
  assert.equal(closedTotals([open('2026-03-01', 0)]), null);
  assert.equal(closedTotals([]), null);
});

test('Unlimited (capped) vehicles are not charged per mile', () => {
  assert.equal(chargedPerMile({ billingType: 'capped' }), false);
  assert.equal(chargedPerMile({ billingType: 'per_mile' }), true);
});
