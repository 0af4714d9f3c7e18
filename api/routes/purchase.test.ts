import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  billingSummary, localToday, MESSAGES, TEST_MODE_PUBLISHABLE_KEY, type BindResponse, type QuotePolicy,
} from '../../contract/index.ts';
import { DatabaseUnavailableError, type Db } from '../db/db.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { createStripeGateway } from '../payments/stripe.ts';
import { startStripeStandIn, type StripeStandIn } from '../payments/stripe-stand-in.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { quoteRequestFixture, type QuoteFixtureOptions } from '../quotes/testing.ts';
import { dbTargets, openTestDb, postJson, testApp, uniqueEmail, type TestApp, type TestDb } from '../testing/harness.ts';

/** Noon UTC: the same calendar day in every time zone the tests may run in. */
const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const STRIPE_PK = 'pk_test_standIn123';

type Answer = BindResponse & { error_messages?: string[]; error_type?: string };

let keyCounter = 0;
const newKey = () => `bind-test-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

/**
 * A Db whose next `failures` transactions after `skip` good ones throw, as if the server dropped mid-bind:
 * with the error the PostgreSQL driver surfaces then (api/db/unavailable.ts). api/db/dropped-connection.test.ts
 * drops a real connection.
 */
function flakyDb(db: Db, plan: { skip: number; failures: number }): Db {
  return {
    ...db,
    kind: db.kind,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    close: db.close.bind(db),
    transaction: (work) => {
      if (plan.skip > 0) plan.skip -= 1;
      else if (plan.failures > 0) {
        plan.failures -= 1;
        return db.transaction(async (tx) => {
          await work(tx);
          throw new DatabaseUnavailableError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
        });
      }
      return db.transaction(work);
    },
  };
}

for (const target of dbTargets()) {
  describe(`bind and lienholders on ${target}`, () => {
    let testDb: TestDb;
    let t: TestApp;
    let now = NOW;
    before(async () => {
      testDb = await openTestDb(target);
      t = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway() });
    });
    after(async () => {
      t.cleanup();
      await testDb.cleanup();
    });

    const fixture = (options: QuoteFixtureOptions = {}) => quoteRequestFixture({ today: TODAY, email: uniqueEmail('buyer'), ...options });
    async function quote(app: TestApp, options: QuoteFixtureOptions = {}): Promise<QuotePolicy> {
      const res = await app.app.request(...postJson('/api/policy/quote', fixture(options)));
      assert.equal(res.status, 200, await res.clone().text());
      return ((await res.json()) as { policies: QuotePolicy[] }).policies[0]!;
    }
    const bindBody = (policy: QuotePolicy, token = 'tok_visa', frequency: 'monthly' | 'biannually' = 'monthly', key = TEST_MODE_PUBLISHABLE_KEY) => ({
      quoteNumber: policy.policyNumber,
      stripeKey: { key },
      paymentToken: { token },
      billingFrequency: frequency,
      payPlan: frequency === 'monthly' ? 18 : 21,
    });
    async function bind(app: TestApp, body: unknown, key: string | null = newKey()) {
      const res = await app.app.request(...postJson('/api/policy/bind', body, key === null ? {} : { 'Idempotency-Key': key }));
      return { status: res.status, body: (await res.json()) as Answer, replayed: res.headers.get('Idempotent-Replayed') };
    }
    /** The invariant after every scenario: one payment per bound policy, one policy per quote, nothing doubled. */
    async function countsHold(db: Db = testDb.db) {
      const rows = await db.query<{ payments: number; policies: number; bound_quotes: number; orphans: number }>(
        `SELECT (SELECT count(*)::int FROM payments) AS payments,
                (SELECT count(*)::int FROM policies) AS policies,
                (SELECT count(*)::int FROM quotes WHERE status = 'BOUND') AS bound_quotes,
                (SELECT count(*)::int FROM payments p WHERE NOT EXISTS (SELECT 1 FROM policies x WHERE x.payment_id = p.id)) AS orphans`,
      );
      const counts = rows[0]!;
      assert.equal(counts.payments, counts.policies, 'charges = bound policies');
      assert.equal(counts.policies, counts.bound_quotes, 'one policy per bound quote');
      assert.equal(counts.orphans, 0, 'no payment without its policy');
      return counts;
    }

    for (const state of ['TX', 'FL', 'GA', 'AZ'] as const) {
      for (const frequency of ['monthly', 'biannually'] as const) {
        test(`${state} ${frequency}: the charge is the down payment step 6 shows, to the cent, and the policy is written as records`, async () => {
          const policy = await quote(t, { state, vehicles: state === 'GA' ? 2 : 1 });
          const shown = billingSummary(policy, frequency).dueTodayCents;
          const { status, body } = await bind(t, bindBody(policy, 'tok_visa', frequency));
          assert.equal(status, 200, JSON.stringify(body));
          const bound = body.policies[0]!;
          assert.match(bound.policyNumber, /^PPMP-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
          assert.match(bound.binderNumber!, /^PPMB-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
          assert.deepEqual(bound.policyOwners, policy.policyOwners);
          assert.equal(bound.policyStatus, 'BOUND');
          const rows = await testDb.db.query<{ amount_cents: number; status: string; rate_table_version: string; quote_version: string; vehicles: number; drivers: number; coverages: number }>(
            `SELECT pay.amount_cents, p.status, p.rate_table_version, q.rate_table_version AS quote_version,
                    (SELECT count(*)::int FROM policy_vehicles v WHERE v.policy_id = p.id) AS vehicles,
                    (SELECT count(*)::int FROM policy_drivers d WHERE d.policy_id = p.id) AS drivers,
                    (SELECT count(*)::int FROM policy_coverages c WHERE c.policy_id = p.id) AS coverages
             FROM policies p JOIN payments pay ON pay.id = p.payment_id JOIN quotes q ON q.id = p.quote_id
             WHERE p.policy_number = $1`,
            [bound.policyNumber],
          );
          const row = rows[0]!;
          assert.equal(row.amount_cents, shown, 'charged = due today on step 6');
          assert.equal(row.amount_cents, Math.round((frequency === 'monthly' ? policy.downPaymentMonthly : policy.downPaymentSingle) * 100));
          assert.equal(row.status, 'BOUND');
          assert.equal(row.rate_table_version, row.quote_version, 'the quote’s rate-table version is kept');
          assert.equal(row.vehicles, state === 'GA' ? 2 : 1);
          assert.ok(row.drivers >= 1);
          assert.ok(row.coverages >= 3);
          await countsHold();
        });
      }
    }

    test('the purchase e-mail and the odometer text are queued with the policy, and the quote link no longer opens it', async () => {
      const policy = await quote(t, { state: 'OH' });
      const { body } = await bind(t, bindBody(policy));
      await t.mail.settled();
      const files = existsSync(t.outboxDir) ? readdirSync(t.outboxDir) : [];
      const texts = files.map((name) => readFileSync(join(t.outboxDir, name), 'utf8'));
      const binder = body.policies[0]!.binderNumber!;
      assert.ok(texts.some((text) => text.includes(binder) && text.includes('odometer')), 'the purchase e-mail names the binder');
      assert.ok(
        texts.some((text) => /odometer/i.test(text) && /\/odometer\?token=[0-9a-f]{64}/.test(text) && !text.includes(binder)),
        'a text with the odometer link',
      );
      const again = await bind(t, bindBody(policy));
      assert.equal(again.status, 409);
      assert.deepEqual(again.body.error_messages, [MESSAGES.quoteAlreadyBound]);
    });

    test('Idempotency-Key: required; the same key and body replays the answer; another body is 422', async () => {
      const policy = await quote(t, { state: 'TN' });
      const missing = await bind(t, bindBody(policy), null);
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.error_messages, [MESSAGES.idempotencyKeyRequired('payment attempt')]);
      const key = newKey();
      const first = await bind(t, bindBody(policy), key);
      assert.equal(first.status, 200);
      const replay = await bind(t, bindBody(policy), key);
      assert.equal(replay.status, 200);
      assert.equal(replay.replayed, 'true');
      assert.deepEqual(replay.body, first.body);
      const other = await bind(t, bindBody(policy, 'tok_visa', 'biannually'), key);
      assert.equal(other.status, 422);
      assert.deepEqual(other.body.error_messages, [MESSAGES.idempotencyKeyReused]);
      await countsHold();
    });

    test('two requests at once under one key: one binds, the other is told the payment is in progress', async () => {
      const policy = await quote(t, { state: 'CO' });
      const other = target === 'postgres' ? await testDb.reopen() : testDb.db;
      const second = other === testDb.db ? t : testApp(other, { clock: () => now, payments: createTestModeGateway() });
      try {
        const key = newKey();
        const results = await Promise.all([bind(t, bindBody(policy), key), bind(second, bindBody(policy), key)]);
        const statuses = results.map((result) => result.status).sort();
        // PGlite runs one statement at a time, so the second may arrive after the first finished: a replay
        assert.ok(
          JSON.stringify(statuses) === '[200,409]' || (JSON.stringify(statuses) === '[200,200]' && results.some((r) => r.replayed === 'true')),
          `statuses ${statuses}`,
        );
        const conflict = results.find((result) => result.status === 409);
        if (conflict) assert.deepEqual(conflict.body.error_messages, [MESSAGES.paymentInProgress]);
        const charged = await testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM payments pay JOIN bind_attempts a ON a.id = pay.bind_attempt_id
           JOIN quotes q ON q.id = a.quote_id WHERE q.quote_number = $1`,
          [policy.policyNumber],
        );
        assert.equal(charged[0]!.n, 1);
        await countsHold();
      } finally {
        if (second !== t) second.cleanup();
        if (other !== testDb.db) await other.close();
      }
    });

    test("declines answer 402 with the spec's texts, and the quote can still be bought with another card", async () => {
      const policy = await quote(t, { state: 'AZ' });
      for (const token of ['tok_chargeDeclined', 'pm_card_chargeDeclinedInsufficientFunds', 'pm_card_chargeDeclinedExpiredCard']) {
        const declined = await bind(t, bindBody(policy, token));
        assert.equal(declined.status, 402);
        assert.deepEqual(declined.body, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' });
      }
      const unknown = await bind(t, bindBody(policy, 'tok_unknownToken'));
      assert.equal(unknown.status, 402);
      assert.deepEqual(unknown.body, { error_messages: [MESSAGES.paymentNotProcessed], error_type: 'invalid_request_error' });
      const paid = await bind(t, bindBody(policy, 'pm_card_visa'));
      assert.equal(paid.status, 200);
      await countsHold();
    });

    test('refusals: unknown quote, a key that is not ours, a plan that does not match, an old quote, a past start', async () => {
      const policy = await quote(t, { state: 'OR' });
      const unknown = await bind(t, { ...bindBody(policy), quoteNumber: 'PPMQ-0000-0000' });
      assert.deepEqual([unknown.status, unknown.body.error_messages], [404, [MESSAGES.quoteToBindNotFound]]);
      const notOurs = await bind(t, bindBody(policy, 'tok_visa', 'monthly', 'pk_test_someoneElse'));
      assert.deepEqual([notOurs.status, notOurs.body.error_messages], [400, [MESSAGES.stripeKeyNotOurs]]);
      const mismatch = await bind(t, { ...bindBody(policy), payPlan: 21 });
      assert.deepEqual([mismatch.status, mismatch.body.error_messages], [400, [MESSAGES.choice]]);
      const card = await bind(t, { ...bindBody(policy), cardNumber: '4242424242424242' });
      assert.equal(card.status, 400, 'a card number is never accepted');
      try {
        // the day after the effective date: the wizard re-prices first ('Sorry!')
        now = new Date(NOW.getTime() + 86_400_000);
        const past = await bind(t, bindBody(policy));
        assert.deepEqual([past.status, past.body.error_messages], [422, [MESSAGES.effectiveDatePassed]]);
        now = new Date(NOW.getTime() + 31 * 86_400_000);
        const old = await bind(t, bindBody(policy));
        assert.deepEqual([old.status, old.body.error_messages], [422, [MESSAGES.quoteExpired]]);
      } finally {
        now = NOW;
      }
      await countsHold();
    });

    test('lienholders: only for a bound policy’s own financed or leased vehicle, stored once per vehicle', async () => {
      const financed = await quote(t, { state: 'GA', financing: 'finance' });
      const lien = {
        quoteNumber: financed.policyNumber, name: 'Porsche Financial Services', address: '100 Sample Lienholder Way',
        city: 'Atlanta', state: 'GA', zip: '30354', phoneNumber: '800-555-0142', carNumber: 1,
      };
      const beforeBind = await t.app.request(...postJson('/api/policy/lienholder', lien));
      assert.equal(beforeBind.status, 404, 'not bound yet');
      assert.equal((await bind(t, bindBody(financed))).status, 200);
      const saved = await t.app.request(...postJson('/api/policy/lienholder', lien));
      assert.equal(saved.status, 200);
      const corrected = await t.app.request(...postJson('/api/policy/lienholder', { ...lien, city: 'Alpharetta' }));
      assert.equal(corrected.status, 200);
      const rows = await testDb.db.query<{ city: string }>(
        `SELECT l.city FROM lienholders l JOIN policies p ON p.id = l.policy_id JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1`,
        [financed.policyNumber],
      );
      assert.deepEqual(rows.map((row) => row.city), ['Alpharetta']);
      const otherCar = await t.app.request(...postJson('/api/policy/lienholder', { ...lien, carNumber: 2 }));
      assert.equal(otherCar.status, 404);
      const badZip = await t.app.request(...postJson('/api/policy/lienholder', { ...lien, zip: '3035' }));
      assert.equal(badZip.status, 400);

      const owned = await quote(t, { state: 'GA', financing: 'own' });
      assert.equal((await bind(t, bindBody(owned))).status, 200);
      const refused = await t.app.request(...postJson('/api/policy/lienholder', { ...lien, quoteNumber: owned.policyNumber }));
      assert.equal(refused.status, 422);
      assert.deepEqual(((await refused.json()) as Answer).error_messages, [MESSAGES.lienholderNotFinanced]);
    });

    test('the database dropping mid-bind leaves no half state, and a retry under the same key completes without a second charge', async () => {
      const policy = await quote(t, { state: 'TX' });
      // transaction 1 (the attempt) passes; transaction 2 (payment + policy) fails once
      const plan = { skip: 1, failures: 1 };
      const flaky = testApp(flakyDb(testDb.db, plan), { clock: () => now, payments: createTestModeGateway() });
      try {
        const key = newKey();
        const failed = await bind(flaky, bindBody(policy), key);
        assert.equal(failed.status, 503, 'the database went away: try again, not our bug');
        assert.deepEqual(failed.body.error_messages, [HTTP_MESSAGES.unavailable]);
        const half = await testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM policies p JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1`,
          [policy.policyNumber],
        );
        assert.equal(half[0]!.n, 0, 'no policy');
        await countsHold();
        const retried = await bind(flaky, bindBody(policy), key);
        assert.equal(retried.status, 200, JSON.stringify(retried.body));
        const attempts = await testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bind_attempts a JOIN quotes q ON q.id = a.quote_id WHERE q.quote_number = $1`,
          [policy.policyNumber],
        );
        assert.equal(attempts[0]!.n, 1, 'the retry reused the attempt, so the provider saw one idempotency key');
        await countsHold();
      } finally {
        flaky.cleanup();
      }
    });

    test('GET /api/payments/config names the test mode and its key', async () => {
      const res = await t.app.request('http://localhost:4321/api/payments/config');
      assert.deepEqual(await res.json(), { mode: 'test', publishableKey: TEST_MODE_PUBLISHABLE_KEY });
    });

    describe('through stripe-node against a Stripe stand-in on loopback', () => {
      let standIn: StripeStandIn;
      let s: TestApp;
      before(async () => {
        standIn = await startStripeStandIn();
        const gateway = createStripeGateway({
          secretKey: 'sk_test_standIn123',
          publishableKey: STRIPE_PK,
          apiUrl: standIn.url,
          timeoutMs: 600,
          maxNetworkRetries: 0,
        });
        s = testApp(testDb.db, { clock: () => now, payments: gateway });
      });
      after(async () => {
        s.cleanup();
        await standIn.close();
      });

      test('a PaymentIntent is created and confirmed for the down payment, with the secret key and an idempotency key', async () => {
        const policy = await quote(s, { state: 'TX' });
        const before = standIn.charges.length;
        const { status } = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(status, 200);
        assert.equal(standIn.charges.length, before + 1);
        const request = standIn.requests.at(-1)!;
        assert.equal(request.authorization, 'Bearer sk_test_standIn123');
        assert.equal(request.form.get('confirm'), 'true');
        assert.equal(request.form.get('payment_method_data[card][token]'), 'tok_visa');
        assert.equal(Number(request.form.get('amount')), Math.round(policy.downPaymentMonthly * 100));
        assert.match(request.idempotencyKey!, /^ppm-bind-attempt-\d+$/);
        assert.equal(JSON.stringify(request.form).includes('4242'), false);
        await countsHold();
      });

      test('a timeout after the charge, then a retry: bound exactly once, charged once', async () => {
        const policy = await quote(s, { state: 'GA' });
        const before = standIn.charges.length;
        standIn.script.push('hang-after-charge');
        const key = newKey();
        const timedOut = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK), key);
        assert.equal(timedOut.status, 402);
        assert.deepEqual(timedOut.body, { error_messages: [MESSAGES.callUs], error_type: 'api_error' });
        assert.equal(standIn.charges.length, before + 1, 'the card was charged at the provider');
        await countsHold();
        const retried = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK), key);
        assert.equal(retried.status, 200, JSON.stringify(retried.body));
        assert.equal(standIn.charges.length, before + 1, 'the retry found the first PaymentIntent: no second charge');
        await countsHold();
      });

      test('a 500 from the provider: the call-us text, nothing bound, and a retry binds', async () => {
        const policy = await quote(s, { state: 'OH' });
        standIn.script.push('error-500');
        const failed = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(failed.status, 402);
        assert.equal(failed.body.error_type, 'api_error');
        await countsHold();
        const retried = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(retried.status, 200);
        await countsHold();
      });

      test('a decline from Stripe is card_error with the spec’s text', async () => {
        const policy = await quote(s, { state: 'TN' });
        const declined = await bind(s, bindBody(policy, 'tok_chargeDeclined', 'monthly', STRIPE_PK));
        assert.deepEqual([declined.status, declined.body], [402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' }]);
        const config = await s.app.request('http://localhost:4321/api/payments/config');
        assert.deepEqual(await config.json(), { mode: 'stripe', publishableKey: STRIPE_PK });
        await countsHold();
      });
    });
  });
}
