import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatementBill, StatementVehicle } from '../../../contract/api/account.ts';
import { balanceWords, billCaption, billStatusWords, vehicleFacts } from './statements-logic.ts';
import { STATEMENTS_TEXTS as T } from './statements.texts.ts';

const bill = (over: Partial<StatementBill> = {}): StatementBill => ({
  kind: 'period', billDate: '2026-05-09', lines: [], totalCents: 12_345, status: 'paid', statusOn: '2026-05-09', failedOn: null, nextTryOn: null,
  documentUrl: null, ...over,
});
const car: StatementVehicle = { carNumber: 1, name: '2022 Porsche 911', plan: 'per_mile', reading: null, billedMiles: null, found: null, perMileMills: 71 };

test('the balance: owed, a credit, nothing', () => {
  assert.deepEqual(balanceWords(-12_345, T), { text: 'You owe $123.45', owed: true });
  assert.deepEqual(balanceWords(1_700, T), { text: 'Credit of $17.00', owed: false });
  assert.deepEqual(balanceWords(0, T), { text: 'Nothing owed', owed: false });
});

test("a bill's status with its day, MM/DD/YYYY", () => {
  assert.equal(billStatusWords(bill(), T).text, 'Paid on 05/09/2026');
  assert.equal(billStatusWords(bill({ status: 'due', statusOn: '2026-05-09' }), T).text, 'Due 05/09/2026');
  assert.deepEqual(billStatusWords(bill({ status: 'due', failedOn: '2026-05-09', nextTryOn: '2026-05-12' }), T), {
    text: 'Payment failed on 05/09/2026; next try on 05/12/2026', tone: 'failed',
  });
  assert.equal(billStatusWords(bill({ status: 'due', failedOn: '2026-05-09' }), T).text, 'Payment failed on 05/09/2026');
  assert.equal(billStatusWords(bill({ status: 'carried' }), T).text, 'Carried to your next bill on 05/09/2026');
  assert.equal(billStatusWords(bill({ status: 'refunded', statusOn: '2026-09-04' }), T).text, 'Refunded on 09/04/2026');
  assert.equal(billStatusWords(bill({ status: 'unpaid' }), T).text, 'Unpaid since 05/09/2026');
  assert.equal(billCaption(bill(), T), 'Bill of 05/09/2026');
  assert.equal(billCaption(bill({ kind: 'first-payment' }), T), 'First payment of the new term, 05/09/2026');
});

test('a vehicle: the default mileage, the daily cap, the true-up, a reading in review, Unlimited', () => {
  assert.deepEqual(vehicleFacts({ ...car, billedMiles: 1_217, found: { kind: 'default', capMiles: null } }, '2026-05-09', T), {
    reading: 'No reading yet', readingState: null, miles: 'Miles billed: 1,217', how: ['Default mileage: no reading by 05/09/2026'], rate: 'Rate: $0.071 a mile',
  });
  const capped = vehicleFacts({ ...car, billedMiles: 7_750, found: { kind: 'reading', drivenMiles: 9_000, capMiles: 7_750, alreadyBilledMiles: 0 } }, '2026-05-09', T);
  assert.deepEqual(capped.how, ['Read from your odometer: 9,000 miles driven', 'Daily cap: miles above 250 a day not charged (7,750 billed)']);
  const trueUp = vehicleFacts({
    ...car, reading: { odometer: 11_800, date: '2026-06-03', verified: true, photoUrl: '/api/user/odometer_photo/7' }, billedMiles: 0,
    found: { kind: 'reading', drivenMiles: 1_200, capMiles: null, alreadyBilledMiles: 1_217 },
  }, '2026-06-10', T);
  assert.equal(trueUp.reading, 'Odometer 11,800 on 06/03/2026');
  assert.equal(trueUp.readingState, 'verified');
  assert.deepEqual(trueUp.how, ['True-up: 1,200 driven, 1,217 billed by default']);
  const pending = vehicleFacts({ ...car, reading: { odometer: 12_000, date: '2026-06-30', verified: false, photoUrl: null } }, '2026-07-09', T);
  assert.equal(pending.readingState, 'being checked');
  assert.equal(pending.miles, 'Miles: billed when the period closes');
  const unlimited = vehicleFacts({ ...car, plan: 'capped', perMileMills: null }, '2026-07-09', T);
  assert.deepEqual([unlimited.reading, unlimited.miles, unlimited.how, unlimited.rate], [null, null, [], null], 'Unlimited reports once a term');
});
