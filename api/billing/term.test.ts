/**
 * The billing cycle lived through whole terms (issue 21, "How it is shown"), day by day with a fixed clock,
 * the cycle run twice every day: every bill's total against a hand computation written here from the
 * policy's own rates, every charge made once, the ledger's balance zero at the end; and a policy whose card
 * keeps failing, cancelled on the right day with its notice sent, and billed nothing after.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FEES, formatCents, localToday, toCents, type DocumentListResponse, type RolloverResponse } from '../../contract/index.ts';
import { missingFrom, pdfFlatText } from '../documents/pdf/testing.ts';
import { insertReading } from '../odometer/readings.ts';
import { keepCard } from '../payments/attempts.ts';
import { ledgerTotals, policyBalanceCents, policyLedger } from '../payments/ledger.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { pdfOfNotice, postedNoticesOf } from '../notices/notices.ts';
import { readPolicyRecord } from '../policies/records.ts';
import { issueToken } from '../tokens/tokens.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, openTestDb, postJson, testApp, type TestApp, type TestDb } from '../testing/harness.ts';
import { runRenewals, type RenewDeps } from '../renewals/run.ts';
import { settleRenewals } from '../renewals/terms.ts';
import { issuedPolicy } from '../renewals/testing.ts';
import { billsOfPolicy, cancellationsOfPolicy, chargesOfPolicy } from './bills.ts';
import { runBillingCycle, type BillingDeps } from './cycle.ts';
import { periodsOfPolicy } from './records.ts';
import { DEFAULT_MONTHLY_MILES } from './schedule.ts';

const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(BOUGHT);
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
/** Miles at a rate in mills, in cents, rounded once (halves up), as a person computes it. */
const milesCents = (miles: number, mills: number) => Math.round((miles * mills) / 10);

for (const target of dbTargets()) {
  describe(`the billing cycle through whole terms on ${target}`, () => {
    let testDb: TestDb;
    let t: TestApp;
    let now = BOUGHT;
    const logs: string[] = [];
    let deps: BillingDeps;
    before(async () => {
      testDb = await openTestDb(target);
      const payments = createTestModeGateway(testDb.db);
      t = testApp(testDb.db, { clock: () => now, payments });
      // after the app, which points the test mode's events at its webhook: they would race the cycle's own
      // recording of what the provider answered (the webhook's settling is tested in api/routes/webhooks.test.ts)
      payments.setEmitter(null);
      deps = { db: testDb.db, config: t.config, log: (line) => logs.push(line), payments, blobs: t.blobs };
    });
    after(async () => {
      t.cleanup();
      await testDb.cleanup();
    });

    async function reading(policy: BoundPolicy, carNumber: number, day: string, odometer: number): Promise<void> {
      await insertReading(testDb.db, {
        policyId: policy.policyId, carNumber, typedReading: odometer, ocrFirst: String(odometer), ocrSecond: String(odometer), status: 'verified',
        reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
      }, at(day));
    }

    /** The customer replaces the kept card (as /account/card does, after the provider saved it): Stripe's test PaymentMethod `pm`. */
    async function replaceCard(policy: BoundPolicy, pm: string, day: string): Promise<void> {
      const record = await testDb.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_cards WHERE policy_id = $1 AND replaced_at IS NULL', [policy.policyId]);
      await testDb.db.transaction((tx) =>
        keepCard(tx, {
          policyId: policy.policyId, gateway: 'test-mode', customerId: record[0]!.customer_id, paymentMethodId: pm, card: { brand: 'visa', last4: '0000' },
          consentText: 'replaced in a test', consentedAt: at(day),
        }, at(day)),
      );
    }

    /** The e-mails delivered to the policy's insured whose subject matches. */
    /** The customer opens the newest failed-payment e-mail's link and pays, completing the test mode's 3-D Secure. */
    async function payFromLink(policy: BoundPolicy): Promise<void> {
      const mail = outboxTexts(t.outboxDir, new RegExp(policy.policyNumber)).filter((text) => text.includes('/account/pay?token=') && text.includes(`To: ${policy.email}`)).at(-1)!;
      const token = /\/account\/pay\?token=([0-9a-f]{64})/.exec(mail)![1]!;
      const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await t.app.request(...postJson(path, body, headers));
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const paid = await post('/api/bill-payment/pay', { token }, { 'Idempotency-Key': `term-pay-${policy.policyNumber}` });
      assert.equal(paid.body.outcome, 'requires_action', JSON.stringify(paid));
      assert.equal((await post('/api/bill-payment/test_authentication', { token, result: 'complete' })).status, 200);
      const settled = await post('/api/bill-payment/settle', { token });
      assert.equal(settled.body.outcome, 'paid', JSON.stringify(settled));
    }

    const mailsOf = (policy: BoundPolicy, subject: RegExp) =>
      outboxTexts(t.outboxDir, new RegExp(policy.policyNumber)).filter((text) => text.includes(`To: ${policy.email}`) && subject.test(text)).length;

    /**
     * Runs the cycle every day from `from` to `to`, twice a day; `onDay` acts first (a reading, a new card).
     * On PostgreSQL the first run is two processes at once (two connection pools): nothing is billed, charged
     * or sent twice.
     */
    async function live(from: string, to: string, onDay: (day: string) => Promise<void>): Promise<void> {
      const other = target === 'postgres' ? { ...deps, db: await testDb.reopen() } : null;
      try {
        for (let day = from; day <= to; day = nextDay(day)) await liveDay(day, onDay, other);
      } finally {
        await other?.db.close();
      }
    }

    async function liveDay(day: string, onDay: (day: string) => Promise<void>, other: BillingDeps | null): Promise<void> {
      now = at(day);
      await onDay(day);
      const runs = await Promise.all([runBillingCycle(deps, now), ...(other ? [runBillingCycle(other, now)] : [])]);
      const first = runs.reduce((sum, run) => {
        const added = { ...sum };
        for (const key of Object.keys(run) as (keyof typeof run)[]) added[key] += run[key];
        return added;
      });
      await t.mail.deliverDue();
      await t.mail.settled();
      assert.equal(first.failed, 0, `${day}: ${logs.join('\n')}`);
      assert.equal(first.chargesUnknown, 0, `${day}: no outcome is left unknown`);
      const second = await runBillingCycle(deps, now);
      for (const key of ['billsMade', 'chargesMade', 'chargesFailed', 'requestsSent', 'remindersSent', 'noticesSent', 'cancellations', 'refunds'] as const) {
        assert.equal(second[key], 0, `${day}: a second run makes no ${key}`);
      }
    }

    test('a six-month term of a Pay-Per-Mile car and an Unlimited car on the monthly plan: each bill to the cent, a missed month trued up, a decline recovered by a retry, a bank asking for authentication, and a balance of zero', async () => {
      now = BOUGHT;
      // bought with the consent to electronic delivery: the bills and notices come by e-mail, with their PDFs
      const policy = await bindPolicy(t, testDb.db, TODAY, {
        state: 'GA', vehicles: 2, electronicDelivery: true, adjustRequest: (request) => { request.vehicles[1].billingType = 'capped'; },
      });
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      const car = record.vehicles.find((vehicle) => vehicle.car_number === 1)!;
      const unlimited = record.vehicles.find((vehicle) => vehicle.car_number === 2)!;
      const base = toCents(car.base_rate);
      const mills = Math.round(car.per_mile_rate * 1000);
      const estimate = car.monthly_charge_cents - base;
      const sixth = unlimited.monthly_charge_cents;
      const cardFee = FEES.creditCardFeeCents; // Georgia: the credit card fee on each payment
      const inAdvance = base + FEES.mileageMonitoringFeeCents + sixth + FEES.monthlyPolicyFeeCents;

      // Car 1's odometer: the photo sent before issue, then each period's a day after its end, but none for
      // period 2 (billed the default), and period 3's reading trues it up.
      const odometer: Record<string, number> = { '2026-03-02': 10_000, '2026-04-03': 10_600, '2026-06-03': 11_800, '2026-07-03': 12_400, '2026-08-03': 13_000, '2026-09-03': 13_500 };
      await live('2026-03-02', '2026-09-12', async (day) => {
        if (odometer[day] !== undefined) await reading(policy, 1, day, odometer[day]!);
        if (day === '2026-03-02') await reading(policy, 2, day, 20_000); // the Unlimited car's one reading of the term
        if (day === '2026-05-20') await replaceCard(policy, 'pm_card_chargeCustomerFail', day); // a card every charge of which fails
        if (day === '2026-06-04') await replaceCard(policy, 'pm_card_visa', day); // told on 06-03, the customer gives another card
        if (day === '2026-07-20') await replaceCard(policy, 'pm_card_authenticationRequired', day); // a bank that always asks
        if (day === '2026-08-04') {
          // told on 08-03, the customer pays from the e-mailed link, authenticating with the bank on our page
          await payFromLink(policy);
          await replaceCard(policy, 'pm_card_visa', day); // and gives a card that needs no authentication for the next bill
        }
      });

      const bills = await billsOfPolicy(testDb.db, policy.policyId);
      const byDate = Object.fromEntries(bills.map((bill) => [bill.billDate, bill]));
      // Hand computations, one per bill: miles x rate, credits, the next month's base, fees and the card fee.
      const expected: Record<string, number> = {
        // period 1: 600 miles, the down payment's estimated miles credited
        '2026-04-03': milesCents(600, mills) - estimate + inAdvance + cardFee,
        // period 2: no reading by 05-09, the default mileage
        '2026-05-09': milesCents(DEFAULT_MONTHLY_MILES, mills) + inAdvance + cardFee,
        // period 3: 1,200 miles since 04-03 less the 1,217 billed by default: nothing more, 17 miles given back
        '2026-06-03': 0 - milesCents(DEFAULT_MONTHLY_MILES - 1_200, mills) + inAdvance + cardFee,
        '2026-07-03': milesCents(600, mills) + inAdvance + cardFee,
        '2026-08-03': milesCents(600, mills) + inAdvance + cardFee,
        // the term's last period: its 500 miles, nothing in advance (a renewal's first payment would be)
        '2026-09-03': milesCents(500, mills) + cardFee,
      };
      assert.deepEqual(Object.fromEntries(bills.map((bill) => [bill.billDate, bill.totalCents])), expected);
      for (const bill of bills) {
        assert.equal(bill.lines.reduce((sum, line) => sum + line.cents, 0), bill.totalCents, `${bill.billDate}: the lines add up to the total`);
        assert.equal(bill.status, 'paid', `${bill.billDate} is paid`);
      }
      const defaulted = byDate['2026-05-09']!.lines.find((line) => line.kind === 'miles')!;
      assert.deepEqual(defaulted.kind === 'miles' && defaulted.found, { kind: 'default', capMiles: null });

      const charges = await chargesOfPolicy(testDb.db, policy.policyId);
      const chargeOn = (day: string) => charges.get(byDate[day]!.id)!;
      assert.deepEqual(
        bills.map((bill) => [bill.billDate, charges.get(bill.id)?.tries, charges.get(bill.id)?.status]),
        [
          ['2026-04-03', 1, 'succeeded'], ['2026-05-09', 1, 'succeeded'],
          // declined on 06-03, paid by the retry of 06-06 on the card given on 06-04
          ['2026-06-03', 2, 'succeeded'],
          ['2026-07-03', 1, 'succeeded'],
          // the bank asked for authentication on 08-03; paid from the e-mailed link on 08-04, with 3-D Secure
          ['2026-08-03', 2, 'succeeded'],
          ['2026-09-03', 1, 'succeeded'],
        ],
      );
      assert.equal(chargeOn('2026-06-03').lastCode, 'card_declined');
      assert.equal(chargeOn('2026-06-03').firstFailedOn, '2026-06-03');
      assert.equal(chargeOn('2026-08-03').lastCode, 'authentication_required');
      assert.equal(mailsOf(policy, /Subject: Action needed: payment of/), 2, 'each failure told once');
      assert.equal(mailsOf(policy, /Subject: Payment received for policy/), 6, 'each payment receipted once');
      assert.equal(mailsOf(policy, /Subject: Notice of cancellation/), 0);
      assert.equal(mailsOf(policy, /filename=.?bill-.*\.pdf/), 8, 'each receipt and each failure carries the bill as a PDF');
      assert.deepEqual(await postedNoticesOf(testDb.db, policy.policyId), [], 'nothing posted');

      // Every amount owed and paid is an entry; what was owed was paid, to the cent.
      const ledger = await policyLedger(testDb.db, policy.policyId);
      assert.equal(ledger.filter((entry) => entry.kind === 'bill').length, 6);
      assert.equal(ledger.filter((entry) => entry.kind === 'bill-payment').length, 6);
      assert.equal(await policyBalanceCents(testDb.db, policy.policyId), 0);
      const periods = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(periods.map((period) => period.closedReason), ['readings', 'due', 'readings', 'readings', 'readings', 'readings']);
    });

    test('a card that keeps failing: retried 3, 5 and 7 days after the first failure, a notice of cancellation, cancelled on its date, a final bill, and nothing billed after', async () => {
      now = BOUGHT;
      // bought without the consent to electronic delivery: the notices are posted, their PDFs queued for the team
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const before = await ledgerTotals(testDb.db);
      await live('2026-03-02', '2026-05-15', async (day) => {
        if (day === '2026-03-02') await reading(policy, 1, day, 5_000);
        if (day === '2026-03-20') await replaceCard(policy, 'pm_card_chargeCustomerFail', day);
        if (day === '2026-04-03') await reading(policy, 1, day, 5_700);
      });
      const bills = await billsOfPolicy(testDb.db, policy.policyId);
      const first = bills[0]!;
      assert.equal(first.billDate, '2026-04-03');
      const charge = (await chargesOfPolicy(testDb.db, policy.policyId)).get(first.id)!;
      assert.equal(charge.tries, 4, 'the first try and three retries');
      assert.equal(charge.status, 'canceled');
      // Texas: 10 days' notice (Tex. Ins. Code 551.104), sent after the last retry on 04-10
      const [notice] = await cancellationsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual({ noticedOn: notice!.noticedOn, cancelOn: notice!.cancelOn, status: notice!.status }, { noticedOn: '2026-04-10', cancelOn: '2026-04-20', status: 'cancelled' });
      assert.match(notice!.noticeSource, /551\.104/);
      const posted = await postedNoticesOf(testDb.db, policy.policyId);
      assert.deepEqual(posted.map((notice) => notice.kind).sort(), ['cancellation-notice', 'payment-failed', 'payment-failed', 'payment-failed', 'payment-failed']);
      const printed = await pdfOfNotice(testDb.db, t.blobs, posted.find((notice) => notice.kind === 'cancellation-notice')!.id);
      assert.equal(new TextDecoder().decode(printed!.bytes.subarray(0, 5)), '%PDF-');
      // print-ready: the name and address for a window envelope, the date and hour coverage ends, the amount
      const printedText = await pdfFlatText(printed!.bytes);
      const expectedText = [...printed!.notice.addressLines, 'Notice of cancellation for non-payment of premium', '04/20/2026, 12:01 a.m.', formatCents(first.amountCents)];
      assert.deepEqual(missingFrom(printedText, expectedText), []);
      const failedNotice = posted.find((notice) => notice.kind === 'payment-failed')!;
      const billText = await pdfFlatText((await pdfOfNotice(testDb.db, t.blobs, failedNotice.id))!.bytes);
      assert.deepEqual(missingFrom(billText, ['04/03/2026', 'Total', formatCents(first.totalCents), 'Not paid']), []);
      assert.equal(mailsOf(policy, /Subject: Notice of cancellation for non-payment/), 0, 'posted, not e-mailed');
      assert.equal(mailsOf(policy, /Subject: Policy .* is cancelled/), 1);
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      assert.equal(record.status, 'CANCELLED');
      assert.equal(record.statusHistory.at(-1)!.effectiveOn, '2026-04-20');
      assert.deepEqual(bills.map((bill) => [bill.kind, bill.status]), [['period', 'unpaid'], ['final', bills[1]!.status]]);
      assert.equal(bills.length, 2, 'nothing billed after the final bill');
      const periods = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(periods.map((period) => [period.start, period.closedReason]), [['2026-03-02', 'readings'], ['2026-04-02', 'cancelled']]);
      // the account owes exactly the two bills' totals, the unpaid one carried in the final one
      assert.equal(await policyBalanceCents(testDb.db, policy.policyId), -bills[1]!.totalCents);
      // The documents page lists the notice and no ID card, and says since when the policy is cancelled.
      const token = await issueToken(testDb.db, 'documents', now, { subjectId: policy.policyId });
      const listed = (await (await t.app.request(`/api/documents?id=${token}`)).json()) as DocumentListResponse;
      assert.equal(listed.data.cancelledOn, '2026-04-20');
      const described = listed.data.documents.map((document) => document.fileDescription);
      assert.ok(described.includes('Notice of Cancellation'), described.join(', '));
      assert.ok(!described.includes('Insurance ID Card'), 'no ID card offered');
      const after = await ledgerTotals(testDb.db);
      assert.equal(after['bill-payment'].count - before['bill-payment'].count, 0, 'nothing was collected from the failing card');
    });

    test('the six-month plan: each month the miles less the prepaid estimate, a credit carried, nothing due, and the credit left at the term\'s end refunded', async () => {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', frequency: 'biannually', electronicDelivery: true });
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      assert.equal(record.payPlan, 21);
      const car = record.vehicles[0]!;
      const mills = Math.round(car.per_mile_rate * 1000);
      const estMiles = car.est_monthly_miles!;
      const estimate = car.monthly_charge_cents - toCents(car.base_rate);
      assert.equal(estimate, milesCents(estMiles, mills), 'the prepaid month of miles is the estimate priced');
      const fee = FEES.texasConvenienceFeeCents;
      // each month's miles, relative to the estimate the single payment prepaid
      const driven = [estMiles - 200, estMiles + 300, estMiles, estMiles + 20, estMiles - 100, estMiles - 50];
      const days = ['2026-04-03', '2026-05-03', '2026-06-03', '2026-07-03', '2026-08-03', '2026-09-03'];
      const odometer: Record<string, number> = { '2026-03-02': 5_000 };
      days.forEach((day, index) => { odometer[day] = 5_000 + driven.slice(0, index + 1).reduce((sum, miles) => sum + miles, 0); });
      await live('2026-03-02', '2026-09-12', async (day) => {
        if (odometer[day] !== undefined) await reading(policy, 1, day, odometer[day]!);
      });

      // By hand: the miles less the month's prepaid estimate, a credit carried into the next bill, the
      // convenience fee only on a bill charged, and the credit left on the last bill refunded.
      const first = milesCents(driven[0]!, mills) - estimate; // a credit: carried
      const second = milesCents(driven[1]!, mills) - estimate + first + fee;
      const third = milesCents(driven[2]!, mills) - estimate; // exactly the estimate: nothing due
      const fourth = milesCents(driven[3]!, mills) - estimate + fee;
      const fifth = milesCents(driven[4]!, mills) - estimate; // a credit: carried
      const sixth = milesCents(driven[5]!, mills) - estimate + fifth; // a credit on the term's last bill: refunded
      assert.ok(first < 0 && second - fee >= 50, JSON.stringify({ first, second, third, fourth, fifth, sixth, estMiles, mills }));
      assert.ok(first < 0 && second - fee >= 50 && third === 0 && fourth - fee >= 50 && fifth < 0 && sixth < 0, 'the months chosen cover each outcome');
      const bills = await billsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(
        bills.map((bill) => [bill.billDate, bill.totalCents, bill.status]),
        [
          [days[0], first, 'carried'], [days[1], second, 'paid'], [days[2], third, 'settled'],
          [days[3], fourth, 'paid'], [days[4], fifth, 'carried'], [days[5], sixth, 'refunded'],
        ],
      );
      assert.equal(bills.at(-1)!.amountCents, -sixth);
      const ledger = await policyLedger(testDb.db, policy.policyId);
      assert.deepEqual(ledger.filter((entry) => entry.kind === 'refund').map((entry) => entry.amountCents), [sixth], 'the credit given back to the card');
      assert.equal(ledger.filter((entry) => entry.kind === 'bill-payment').length, 2);
      assert.equal(await policyBalanceCents(testDb.db, policy.policyId), 0);
      // every bill is told: the two charged with their receipt, the four others as they were made, each with its PDF
      assert.equal(mailsOf(policy, /Subject: Payment received for policy/), 2);
      assert.equal(mailsOf(policy, /Subject: Your bill for policy/), 4);
      assert.equal(mailsOf(policy, /filename=.?bill-.*\.pdf/), 6);
    });

    test("a renewed term's first payment is a bill charged to the kept card on the term's first day, through the same path", async () => {
      now = BOUGHT;
      const policy = await issuedPolicy(t, testDb.db, TODAY, BOUGHT, { electronicDelivery: true });
      const renewDeps: RenewDeps = { db: testDb.db, blobs: t.blobs, clock: () => now, config: t.config, log: (line) => logs.push(line) };
      now = at('2026-08-03');
      await runRenewals(renewDeps);
      await t.mail.deliverDue();
      await t.mail.settled();
      const offer = outboxTexts(t.outboxDir, /Subject: Renew your /).find((text) => text.includes(policy.policyNumber))!;
      const rolloverToken = /\/rollover#([0-9a-f]{64})/.exec(offer)![1]!;
      const rolled = await t.app.request(...postJson('/api/policy/rollover', { token: rolloverToken }));
      const signToken = new URL(((await rolled.json()) as RolloverResponse).data.esignature_url).searchParams.get('token')!;
      const signed = await t.app.request(...postJson('/api/esign', { token: signToken, consent: true, fullName: 'Ann Driver' }, { 'User-Agent': 'TestBrowser/1.0' }));
      assert.equal(signed.status, 200, await signed.clone().text());

      now = at('2026-09-02');
      assert.equal((await settleRenewals(renewDeps)).started, 1);
      const moved = (await readPolicyRecord(testDb.db, policy.policyId))!;
      assert.equal(moved.effectiveDate, '2026-09-02');
      const day = await runBillingCycle(deps, now);
      assert.equal(day.failed, 0, logs.join('\n'));
      const bills = await billsOfPolicy(testDb.db, policy.policyId);
      const firstPayment = bills.find((bill) => bill.kind === 'first-payment')!;
      assert.deepEqual(
        { termStart: firstPayment.termStart, billDate: firstPayment.billDate, amount: firstPayment.amountCents, status: firstPayment.status },
        { termStart: '2026-09-02', billDate: '2026-09-02', amount: moved.downPaymentCents, status: 'paid' },
      );
      const charge = (await chargesOfPolicy(testDb.db, policy.policyId)).get(firstPayment.id)!;
      assert.equal(charge.tries, 1);
      const entries = (await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.billId === firstPayment.id);
      assert.deepEqual(entries.map((entry) => [entry.kind, entry.amountCents]), [['bill', -moved.downPaymentCents], ['bill-payment', moved.downPaymentCents]]);
      assert.equal((await runBillingCycle(deps, now)).billsMade, 0, 'made once');
    });

    test('paid from the notice\'s link before its date: the notice is withdrawn and the policy goes on with no gap', async () => {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', electronicDelivery: true });
      await live('2026-03-02', '2026-05-10', async (day) => {
        if (day === '2026-03-02') await reading(policy, 1, day, 5_000);
        if (day === '2026-03-20') await replaceCard(policy, 'pm_card_chargeCustomerFail', day);
        if (day === '2026-04-03') await reading(policy, 1, day, 5_700);
        if (day === '2026-04-15') {
          // five days into the notice, a working card, and the notice's own link
          await replaceCard(policy, 'pm_card_visa', day);
          const notice = outboxTexts(t.outboxDir, /Subject: Notice of cancellation for non-payment/).find((text) => text.includes(policy.policyNumber))!;
          const token = /\/account\/pay\?token=([0-9a-f]{64})/.exec(notice)![1]!;
          const res = await t.app.request(...postJson('/api/bill-payment/pay', { token }, { 'Idempotency-Key': `notice-pay-${policy.policyNumber}` }));
          assert.equal(((await res.json()) as { outcome: string }).outcome, 'paid');
        }
        if (day === '2026-05-03') await reading(policy, 1, day, 6_300);
      });
      const [notice] = await cancellationsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual([notice!.cancelOn, notice!.status], ['2026-04-20', 'rescinded']);
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      assert.notEqual(record.status, 'CANCELLED');
      const bills = await billsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(bills.map((bill) => [bill.billDate, bill.kind, bill.status]), [['2026-04-03', 'period', 'paid'], ['2026-05-03', 'period', 'paid']]);
      assert.equal(await policyBalanceCents(testDb.db, policy.policyId), 0);
    });

    test('the six-month plan cancelled for non-payment: the final bill gives back the unearned premium by days and the prepaid miles not used, and the credit is refunded', async () => {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', frequency: 'biannually', electronicDelivery: true });
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      const car = record.vehicles[0]!;
      const base = toCents(car.base_rate);
      const mills = Math.round(car.per_mile_rate * 1000);
      const estimate = car.monthly_charge_cents - base;
      await live('2026-03-02', '2026-05-15', async (day) => {
        if (day === '2026-03-02') await reading(policy, 1, day, 5_000);
        if (day === '2026-03-20') await replaceCard(policy, 'pm_card_chargeCustomerFail', day);
        if (day === '2026-04-03') await reading(policy, 1, day, 5_000 + car.est_monthly_miles! + 300);
      });
      const [unpaid, final] = await billsOfPolicy(testDb.db, policy.policyId);
      assert.equal(unpaid!.status, 'unpaid');
      assert.equal(unpaid!.totalCents, milesCents(300 + car.est_monthly_miles!, mills) - estimate + FEES.texasConvenienceFeeCents);
      // By hand: cancelled 04-20, in period 2 (04-02 to 05-02, 30 days) of the term 03-02 to 09-02 (184 days).
      const dayMs = 86_400_000;
      const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;
      const coveredDays = days('2026-04-02', '2026-04-20');
      const defaultMiles = Math.round((DEFAULT_MONTHLY_MILES * coveredDays) / days('2026-04-02', '2026-05-02'));
      const unearnedBase = Math.round((6 * base * days('2026-04-20', '2026-09-02')) / days('2026-03-02', '2026-09-02'));
      const monthsNotBegun = 4; // periods from 05-02, 06-02, 07-02 and 08-02
      const expected = milesCents(defaultMiles, mills) - unearnedBase - monthsNotBegun * estimate - estimate + unpaid!.totalCents;
      assert.ok(expected < 0, 'a credit');
      assert.equal(final!.kind, 'final');
      assert.equal(final!.totalCents, expected);
      assert.equal(final!.status, 'refunded');
      const refunds = (await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.kind === 'refund');
      assert.deepEqual(refunds.map((entry) => [entry.amountCents, entry.billId]), [[expected, final!.id]]);
      assert.equal(await policyBalanceCents(testDb.db, policy.policyId), 0, 'the unpaid bill set against the premium given back, the rest refunded');
    });
  });
}
