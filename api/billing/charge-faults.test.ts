/**
 * A bill's charge under every fault (issue 21, items 6 and 8; the developers' guide's "Money and records"):
 * the provider charging but its answer lost (a timeout, a hang cut short), the process dying between marking
 * the try and making the call, the database dropping after the provider charged. Each time the bill stays
 * due with its outcome unknown, the next run settles it with the provider before anything else is tried,
 * and afterwards the counts hold exactly: one PaymentIntent charged once, one ledger payment, one receipt.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { localToday } from '../../contract/index.ts';
import { TEST_MODE_WEBHOOK_SECRET } from '../config.ts';
import { insertReading } from '../odometer/readings.ts';
import type { ConfirmIntentRequest, PaymentGateway } from '../payments/gateway.ts';
import { policyBalanceCents, policyLedger } from '../payments/ledger.ts';
import { createTestModeGateway, type TestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, flakyDb, openTestDb, testApp, type TestApp, type TestDb } from '../testing/harness.ts';
import { billsOfPolicy, chargesOfPolicy } from './bills.ts';
import { runBillingCycle, type BillingDeps } from './cycle.ts';

const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
/** The first bill's day: period 1 (03-02 to 04-02) is closed by the reading of 04-03. */
const BILL_DAY = '2026-04-03';

type Fault = 'answer-lost' | 'dies-before-the-call' | 'database-drops-after-the-charge';

for (const target of dbTargets()) {
  describe(`a bill's charge under faults on ${target}`, () => {
    let testDb: TestDb;
    let t: TestApp;
    let real: TestModeGateway;
    let now = BOUGHT;
    const logs: string[] = [];
    before(async () => {
      testDb = await openTestDb(target);
      real = createTestModeGateway(testDb.db);
      t = testApp(testDb.db, { clock: () => now, payments: real });
      // after the app, which points the test mode's events at its webhook: the provider's webhook would settle
      // the charge as soon as it succeeded, and this test is of the cycle settling it alone
      real.setEmitter(null);
    });
    after(async () => {
      t.cleanup();
      await testDb.cleanup();
    });

    const deps = (overrides: Partial<BillingDeps> = {}): BillingDeps => ({
      db: testDb.db, config: t.config, log: (line) => logs.push(line), payments: real, blobs: t.blobs, ...overrides,
    });

    /** The real test-mode gateway, with one fault in its off-session confirmation; `armDrop` arms the database's drop. */
    function faulty(fault: Fault, armDrop: () => void): PaymentGateway {
      let struck = false;
      return {
        ...real,
        async confirmIntent(request: ConfirmIntentRequest) {
          if (struck || !request.offSession) return real.confirmIntent(request);
          struck = true;
          if (fault === 'dies-before-the-call') throw new Error('the process died here');
          const answer = await real.confirmIntent(request);
          if (fault === 'answer-lost') return { ok: false, type: 'api_error', code: 'ETIMEDOUT', outcomeUnknown: true };
          armDrop();
          return answer;
        },
      };
    }

    async function policyBilledOn(fault: Fault): Promise<BoundPolicy> {
      now = BOUGHT;
      const policy = await bindPolicy(t, testDb.db, localToday(BOUGHT), { state: 'TX', electronicDelivery: true });
      const reading = (day: string, odometer: number) =>
        insertReading(testDb.db, {
          policyId: policy.policyId, carNumber: 1, typedReading: odometer, ocrFirst: String(odometer), ocrSecond: String(odometer), status: 'verified',
          reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
        }, at(day));
      await reading('2026-03-02', 5_000);
      for (let day = '2026-03-02'; day < BILL_DAY; day = nextDay(day)) await runBillingCycle(deps(), (now = at(day)));
      await reading(BILL_DAY, 5_600);
      // the bill's day, with the fault
      const plan = { skip: 0, failures: 0 };
      const payments = faulty(fault, () => { plan.failures = 1; });
      now = at(BILL_DAY);
      const faulted = await runBillingCycle(deps({ payments, db: flakyDb(testDb.db, plan) }), now);
      assert.equal(faulted.billsMade, 1, 'the bill was made');
      assert.equal(faulted.chargesMade, 0, `${fault}: nothing is recorded as paid`);
      return policy;
    }

    /** What the provider holds for the bill: its PaymentIntent's status. */
    const providerStatus = async (intentId: string) => {
      const found = await real.retrieveIntent(intentId);
      assert.ok(found.ok);
      return found.value.status;
    };

    for (const [fault, chargedAtTheProvider] of [['answer-lost', true], ['dies-before-the-call', false], ['database-drops-after-the-charge', true]] as const) {
      test(`${fault}: the bill stays due, the next run settles it with the provider first, and it is charged and entered once`, async () => {
        const policy = await policyBilledOn(fault);
        const [bill] = await billsOfPolicy(testDb.db, policy.policyId);
        assert.equal(bill!.status, 'due');
        const charge = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill!.id)!;
        assert.equal(charge.status, 'confirming', 'the outcome is unknown until the provider is asked');
        assert.equal((await providerStatus(charge.intentId!)) === 'succeeded', chargedAtTheProvider, 'charged at the provider, or never confirmed');
        assert.equal((await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.kind === 'bill-payment').length, 0);

        // The same day, a second run: a try this recent may still be under way in another process; it is left alone.
        const again = await runBillingCycle(deps(), now);
        assert.equal(again.chargesMade, 0);
        // The next day the outcome is settled with the provider before anything else.
        now = at(nextDay(BILL_DAY));
        const settled = await runBillingCycle(deps(), now);
        assert.equal(settled.failed, 0, logs.join('\n'));
        assert.equal(settled.chargesMade, 1);
        await t.mail.deliverDue();
        await t.mail.settled();

        const after = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill!.id)!;
        assert.deepEqual([after.status, after.tries, after.intentId], ['succeeded', 1, charge.intentId], 'one PaymentIntent, one try');
        assert.equal(await providerStatus(charge.intentId!), 'succeeded');
        // every charge the provider holds (the test mode dates its objects by the machine's clock, not the test's)
        const charged = await real.listCharges({ from: new Date('2000-01-01'), to: new Date('2100-01-01') });
        assert.ok(charged.ok);
        assert.equal(charged.value.filter((listed) => listed.metadata.bill_id === String(bill!.id)).length, 1, 'charged once at the provider');
        const ledger = await policyLedger(testDb.db, policy.policyId);
        assert.deepEqual(ledger.filter((entry) => entry.billId === bill!.id).map((entry) => [entry.kind, entry.amountCents]), [['bill', -bill!.totalCents], ['bill-payment', bill!.amountCents]]);
        assert.equal(await policyBalanceCents(testDb.db, policy.policyId), 0);
        const receipts = outboxTexts(t.outboxDir, /Subject: Payment received for policy/).filter((text) => text.includes(policy.policyNumber));
        assert.equal(receipts.length, 1, 'one receipt');
        assert.equal((await billsOfPolicy(testDb.db, policy.policyId))[0]!.status, 'paid');
      });
    }

    test("answer-lost, then the provider's webhook: it settles the charge at once, and the next run has nothing left to do", async () => {
      const policy = await policyBilledOn('answer-lost');
      const [bill] = await billsOfPolicy(testDb.db, policy.policyId);
      const charge = (await chargesOfPolicy(testDb.db, policy.policyId)).get(bill!.id)!;
      assert.equal(charge.status, 'confirming');
      const timestamp = Math.floor(now.getTime() / 1000);
      const payload = JSON.stringify({
        id: `evt_bill_${bill!.id}`, object: 'event', created: timestamp, livemode: false, type: 'payment_intent.succeeded',
        data: { object: { id: charge.intentId, object: 'payment_intent', status: 'succeeded' } },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_MODE_WEBHOOK_SECRET, timestamp });
      for (const delivery of [1, 2]) {
        const res = await t.app.request('http://localhost:4321/api/payments/webhook', {
          method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload,
        });
        assert.equal(res.status, 200, `delivery ${delivery}`);
      }
      assert.equal((await billsOfPolicy(testDb.db, policy.policyId))[0]!.status, 'paid');
      now = at(nextDay(BILL_DAY));
      assert.equal((await runBillingCycle(deps(), now)).chargesMade, 0, 'settled already');
      const payments = (await policyLedger(testDb.db, policy.policyId)).filter((entry) => entry.kind === 'bill-payment');
      assert.deepEqual(payments.map((entry) => entry.amountCents), [bill!.amountCents], 'entered once');
    });
  });
}
