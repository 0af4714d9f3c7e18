/**
 * Paying a failed bill from the e-mailed link (issue 21): a bound policy whose kept card is replaced by one
 * of Stripe's test PaymentMethods, the cycle run day by day until its first bill's off-session charge fails,
 * then the link's token read from the failed-payment e-mail in the outbox, as the customer would.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, MESSAGES, type BillPaymentAnswer, type BillPaymentView } from '../../contract/index.ts';
import { billsOfPolicy, chargesOfPolicy } from '../billing/bills.ts';
import { runBillingCycle, type BillingDeps } from '../billing/cycle.ts';
import { insertReading } from '../odometer/readings.ts';
import { keepCard } from '../payments/attempts.ts';
import { policyLedger } from '../payments/ledger.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, openTestDb, postJson, testApp, type TestApp, type TestDb } from '../testing/harness.ts';

const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

for (const target of dbTargets()) {
  describe(`paying a failed bill from the e-mailed link on ${target}`, () => {
    let testDb: TestDb;
    let t: TestApp;
    let now = BOUGHT;
    let deps: BillingDeps;
    let keyCount = 0;
    before(async () => {
      testDb = await openTestDb(target);
      const payments = createTestModeGateway(testDb.db);
      t = testApp(testDb.db, { clock: () => now, payments });
      // the cycle and the page record what the provider answered; the test mode's own events would race them
      payments.setEmitter(null);
      deps = { db: testDb.db, config: t.config, log: () => undefined, payments, blobs: t.blobs };
    });
    after(async () => {
      t.cleanup();
      await testDb.cleanup();
    });

    async function replaceCard(policy: BoundPolicy, pm: string, last4: string): Promise<void> {
      const record = await testDb.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_cards WHERE policy_id = $1 AND replaced_at IS NULL', [policy.policyId]);
      await testDb.db.transaction((tx) =>
        keepCard(tx, {
          policyId: policy.policyId, gateway: 'test-mode', customerId: record[0]!.customer_id, paymentMethodId: pm, card: { brand: 'Visa', last4 },
          consentText: 'replaced in a test', consentedAt: now,
        }, now),
      );
    }

    /** A policy whose first bill's off-session charge failed with `pm` kept; the failed-payment link's token. */
    async function failedBill(pm: string): Promise<{ policy: BoundPolicy; token: string }> {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, localToday(BOUGHT), { state: 'GA', electronicDelivery: true });
      await replaceCard(policy, pm, '3184');
      await insertReading(testDb.db, {
        policyId: policy.policyId, carNumber: 1, typedReading: 10_000, ocrFirst: '10000', ocrSecond: '10000', status: 'verified',
        reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
      }, BOUGHT);
      for (let day = '2026-03-03'; day <= '2026-04-12'; day = nextDay(day)) {
        now = at(day);
        if (day === '2026-04-03') {
          await insertReading(testDb.db, {
            policyId: policy.policyId, carNumber: 1, typedReading: 10_600, ocrFirst: '10600', ocrSecond: '10600', status: 'verified',
            reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
          }, now);
        }
        await runBillingCycle(deps, now);
        await t.mail.deliverDue();
        await t.mail.settled();
        const sent = outboxTexts(t.outboxDir, new RegExp(policy.policyNumber)).filter((text) => text.includes('/account/pay?token='));
        const mail = sent.find((text) => text.includes('Action needed'));
        if (mail) {
          const sms = sent.find((text) => text.startsWith('To: +'));
          assert.match(sms ?? '', /Pay now: http:\/\/localhost:4321\/account\/pay\?token=[0-9a-f]{64} or replace your card: http:\/\/localhost:4321\/account\/card/);
          assert.match(mail, /Pay now: http:\/\/localhost:4321\/account\/pay\?token=[0-9a-f]{64}/);
          assert.match(mail, /Or replace your card: http:\/\/localhost:4321\/account\/card/);
          return { policy, token: /\/account\/pay\?token=([0-9a-f]{64})/.exec(mail)![1]! };
        }
      }
      throw new Error('no failed-payment e-mail');
    }

    const view = async (token: string) => {
      const res = await t.app.request(`http://localhost:4321/api/bill-payment?token=${token}`);
      return { status: res.status, body: (await res.json()) as BillPaymentView & { error_messages?: string[] } };
    };
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await t.app.request(...postJson(path, body, headers));
      return { status: res.status, body: (await res.json()) as BillPaymentAnswer & { error_messages?: string[]; error_type?: string } };
    };
    const pay = (token: string) => post('/api/bill-payment/pay', { token }, { 'Idempotency-Key': `bill-pay-key-${++keyCount}` });

    test('a bank that asks for authentication: the e-mailed link shows the bill, pay asks for the check, the test window completes it, settle records it paid with its ledger entry and receipt; a second pay charges nothing', async () => {
      const { policy, token } = await failedBill('pm_card_authenticationRequired');
      const texts = outboxTexts(t.outboxDir, /account\/pay\?token=/).filter((text) => text.includes('Pay now:') && text.includes(policy.policyNumber));
      assert.ok(texts.length >= 1);

      const shown = await view(token);
      assert.equal(shown.status, 200, JSON.stringify(shown.body));
      const [bill] = (await billsOfPolicy(testDb.db, policy.policyId)).filter((b) => b.status === 'due');
      assert.ok(bill);
      assert.equal(shown.body.policyNumber, policy.policyNumber);
      assert.equal(shown.body.status, 'due');
      assert.equal(shown.body.billDate, bill.billDate);
      assert.equal(shown.body.amountCents, bill.amountCents);
      assert.deepEqual(shown.body.card, { brand: 'Visa', last4: '3184' });
      assert.equal(shown.body.payment.mode, 'test');
      assert.ok(shown.body.lines.some((line) => line.label.startsWith('Miles, car 1: 600 x $')), JSON.stringify(shown.body.lines));
      assert.equal(shown.body.lines.reduce((sum, line) => sum + line.cents, 0), shown.body.totalCents);
      const triesBefore = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill.id)!.tries;

      const first = await pay(token);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.outcome, 'requires_action');
      assert.deepEqual(first.body.authentication, { mode: 'test', clientSecret: null });
      assert.equal((await chargesOfPolicy(testDb.db, policy.policyId)).get(bill.id)!.tries, triesBefore + 1, 'the page\'s try counts on the charge');

      const early = await post('/api/bill-payment/settle', { token });
      assert.equal(early.status, 409);
      assert.deepEqual(early.body.error_messages, [MESSAGES.billAuthenticationNotFinished]);

      const authenticated = await post('/api/bill-payment/test_authentication', { token, result: 'complete' });
      assert.equal(authenticated.status, 200, JSON.stringify(authenticated.body));
      const settled = await post('/api/bill-payment/settle', { token });
      assert.equal(settled.status, 200, JSON.stringify(settled.body));
      assert.equal(settled.body.outcome, 'paid');
      assert.equal(settled.body.amountCents, bill.amountCents);
      assert.match(settled.body.paidOn ?? '', /^2026-04-\d\d$/);

      const paidBill = (await billsOfPolicy(testDb.db, policy.policyId)).find((b) => b.id === bill.id)!;
      assert.equal(paidBill.status, 'paid');
      const payments = (await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.kind === 'bill-payment' && entry.billId === bill.id);
      assert.equal(payments.length, 1);
      assert.equal(payments[0]!.amountCents, bill.amountCents);
      await t.mail.deliverDue();
      await t.mail.settled();
      assert.equal(outboxTexts(t.outboxDir, new RegExp(`Payment received for policy ${policy.policyNumber}`)).length, 1, 'one receipt');

      const again = await pay(token);
      assert.equal(again.status, 200);
      assert.equal(again.body.outcome, 'paid');
      const charge = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill.id)!;
      assert.equal(charge.status, 'succeeded');
      assert.equal(charge.tries, triesBefore + 1, 'a paid bill is not tried again');
      assert.equal((await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.kind === 'bill-payment' && entry.billId === bill.id).length, 1);
      assert.equal((await view(token)).body.status, 'paid');
    });

    test('a declined card: 402 with the spec\'s text, the try recorded as a decline with its retry day kept', async () => {
      const { policy, token } = await failedBill('pm_card_chargeDeclined');
      const [bill] = (await billsOfPolicy(testDb.db, policy.policyId)).filter((b) => b.status === 'due');
      const before = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill!.id)!;
      const answer = await pay(token);
      assert.equal(answer.status, 402, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.error_messages, [MESSAGES.paymentDeclined]);
      assert.equal(answer.body.error_type, 'card_error');
      const after = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill!.id)!;
      assert.equal(after.status, 'declined');
      assert.equal(after.tries, before.tries + 1);
      assert.equal(after.firstFailedOn, before.firstFailedOn);
      assert.equal(after.nextTryOn, before.nextTryOn);
      assert.equal((await billsOfPolicy(testDb.db, policy.policyId)).find((b) => b.id === bill!.id)!.status, 'due');
    });

    test('a bad or unknown token is a 4xx with the rule\'s message, never a 5xx', async () => {
      const bad = await view('not a token');
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body.error_messages, [MESSAGES.token]);
      const unknown = await view('a'.repeat(64));
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body.error_messages, [MESSAGES.billPaymentLinkExpired]);
      const payUnknown = await pay('b'.repeat(64));
      assert.equal(payUnknown.status, 404);
      const noKey = await post('/api/bill-payment/pay', { token: 'c'.repeat(64) });
      assert.equal(noKey.status, 400);
      const wrongResult = await post('/api/bill-payment/test_authentication', { token: 'c'.repeat(64), result: 'maybe' });
      assert.equal(wrongResult.status, 400);
    });
  });
}
