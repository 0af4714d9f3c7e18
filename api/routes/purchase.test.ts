import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  billingSummary, CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, localToday, MESSAGES, TEST_MODE_PUBLISHABLE_KEY, type BindResponse, type PaymentNeedsAuthentication,
  type QuoteChangedAnswer, type QuotePolicy,
} from '../../contract/index.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { createStripeGateway } from '../payments/stripe.ts';
import { startStripeStandIn, type StripeStandIn } from '../payments/stripe-stand-in.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { quoteRequestFixture, type QuoteFixtureOptions } from '../quotes/testing.ts';
import { bindRequestFor } from '../policies/testing.ts';
import { deliveryConsentOf, policyByNumber, readPolicyRecord } from '../policies/records.ts';
import { TEST_CARDS } from '../../contract/reference/test-cards.ts';
import { ATTEMPT_IN_PROGRESS_MS, QUOTE_VALID_DAYS, settleAttemptOfIntent } from '../policies/bind.ts';
import { runSettlement } from '../payments/settlement-job.ts';
import { dbTargets, flakyDb, postJson, PUBLIC_ORIGIN, suiteApp, testApp, testConfig, uniqueEmail, type TestApp } from '../testing/harness.ts';
import type { Db } from '../db/db.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

/** Noon UTC: the same calendar day in every time zone the tests may run in. */
const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const STRIPE_PK = 'pk_test_standIn123';

type Answer = BindResponse & { error_messages?: string[]; error_type?: string };

let keyCounter = 0;
const newKey = () => `bind-test-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

for (const target of dbTargets()) {
  describe(`bind and lienholders on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db) }));

    const fixture = (options: QuoteFixtureOptions = {}) => quoteRequestFixture({ today: TODAY, email: uniqueEmail('buyer'), ...options });
    async function quote(app: TestApp, options: QuoteFixtureOptions = {}): Promise<QuotePolicy> {
      const res = await app.app.request(...postJson('/api/policy/quote', fixture(options)));
      assert.equal(res.status, 200, await res.clone().text());
      return ((await res.json()) as { policies: QuotePolicy[] }).policies[0]!;
    }
    const bindBody = (policy: QuotePolicy, token = 'tok_visa', frequency: 'monthly' | 'biannually' = 'monthly', key = TEST_MODE_PUBLISHABLE_KEY) =>
      bindRequestFor(policy, { token, frequency, publishableKey: key });
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
      const second = other === testDb.db ? t : testApp(other, { clock: () => now, payments: createTestModeGateway(testDb.db) });
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

    test('lienholders: only with the purchase token of the bind, for a bound policy’s own financed or leased vehicle, stored once per vehicle', async () => {
      const financed = await quote(t, { state: 'GA', financing: 'finance' });
      const lien = {
        quoteNumber: financed.policyNumber, name: 'Porsche Financial Services', address: '1 Lender Plaza',
        city: 'Atlanta', state: 'GA', zip: '30354', phoneNumber: '800-555-0142', carNumber: 1,
      };
      const send = (body: unknown, token?: string) =>
        t.app.request(...postJson('/api/policy/lienholder', body, token ? { 'Purchase-Token': token } : {}));
      const beforeBind = await send(lien);
      assert.equal(beforeBind.status, 401, 'nobody has paid for it yet');
      const bound = await bind(t, bindBody(financed));
      assert.equal(bound.status, 200);
      const token = bound.body.purchaseToken;
      assert.match(token, /^[0-9a-f]{64}$/);
      assert.equal((await send(lien)).status, 401, 'a quote number alone names no lienholder');
      const saved = await send(lien, token);
      assert.equal(saved.status, 200);
      const corrected = await send({ ...lien, city: 'Alpharetta' }, token);
      assert.equal(corrected.status, 200);
      const rows = await testDb.db.query<{ city: string }>(
        `SELECT l.city FROM lienholders l JOIN policies p ON p.id = l.policy_id JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1`,
        [financed.policyNumber],
      );
      assert.deepEqual(rows.map((row) => row.city), ['Alpharetta']);
      const otherCar = await send({ ...lien, carNumber: 2 }, token);
      assert.equal(otherCar.status, 404);
      const badZip = await send({ ...lien, zip: '3035' }, token);
      assert.equal(badZip.status, 400);

      const owned = await quote(t, { state: 'GA', financing: 'own' });
      const ownedBound = await bind(t, bindBody(owned));
      assert.equal(ownedBound.status, 200);
      assert.equal((await send({ ...lien, quoteNumber: owned.policyNumber }, token)).status, 401, "one purchase's token does not open another's");
      const refused = await send({ ...lien, quoteNumber: owned.policyNumber }, ownedBound.body.purchaseToken);
      assert.equal(refused.status, 422);
      assert.deepEqual(((await refused.json()) as Answer).error_messages, [MESSAGES.lienholderNotFinanced]);
    });

    test('the database dropping mid-bind leaves no half state, and a retry under the same key completes without a second charge', async () => {
      const policy = await quote(t, { state: 'TX' });
      // transaction 1 (the attempt) passes; transaction 2 (payment + policy) fails once
      const plan = { skip: 1, failures: 1 };
      const gateway = createTestModeGateway(testDb.db);
      const flaky = testApp(flakyDb(testDb.db, plan), { clock: () => now, payments: gateway });
      // None of the test mode's own events: their settlement races the request for its one failing
      // transaction (on PostgreSQL it could take it, and the request then bound), so the request is the only writer.
      gateway.setEmitter(null);
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
        assert.equal(attempts[0]!.n, 1, 'the retry finished the charged attempt: the provider saw one PaymentIntent');
        await countsHold();
      } finally {
        // its documents job's pass ends with the test: one left running claims later tests' policies
        await flaky.documents.settled();
        flaky.cleanup();
      }
    });

    test('the price paid is the price shown: tab B re-prices the quote, tab A pays the version it shows or nothing', async () => {
      const email = uniqueEmail('two-tabs');
      const shownA = await quote(t, { state: 'TX', email, annualMiles: 6000 });
      assert.equal(shownA.quoteVersion, 1);
      // tab B retrieves the same quote and changes the miles: a new version under the same number
      const res = await t.app.request(...postJson('/api/policy/quote', { ...fixture({ state: 'TX', email, annualMiles: 9000 }), quoteNumber: shownA.policyNumber }));
      const shownB = ((await res.json()) as { policies: QuotePolicy[] }).policies[0]!;
      assert.equal(shownB.policyNumber, shownA.policyNumber);
      assert.equal(shownB.quoteVersion, 2);
      assert.notEqual(billingSummary(shownB, 'monthly').dueTodayCents, billingSummary(shownA, 'monthly').dueTodayCents, 'a different price');
      const attemptsBefore = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bind_attempts');

      // tab A pays what it shows: refused before any charge, with the version in force to confirm
      const stale = await bind(t, bindBody(shownA));
      assert.equal(stale.status, 409);
      const changed = stale.body as unknown as QuoteChangedAnswer;
      assert.deepEqual(changed.error_messages, [MESSAGES.quoteChanged]);
      assert.equal(changed.error_type, 'quote_changed');
      assert.equal(changed.current.quoteVersion, 2);
      assert.equal(billingSummary(changed.current, 'monthly').dueTodayCents, billingSummary(shownB, 'monthly').dueTodayCents);
      // the right version with another amount is refused too
      const wrongAmount = await bind(t, { ...bindBody(shownB), amountDueCents: billingSummary(shownB, 'monthly').dueTodayCents - 1 });
      assert.equal(wrongAmount.status, 409);
      const attemptsAfter = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bind_attempts');
      assert.equal(attemptsAfter[0]!.n, attemptsBefore[0]!.n, 'nothing was attempted, so nothing charged');

      // confirmed on step 6: the buyer pays version 2, to the cent, and the policy is version 2's
      const paid = await bind(t, bindBody(changed.current));
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      assert.equal(paid.body.amountChargedCents, billingSummary(shownB, 'monthly').dueTodayCents);
      const policy = await testDb.db.query<{ amount_cents: number; estimated: number; version: number }>(
        `SELECT pay.amount_cents, p.estimated_monthly_payment_cents AS estimated, a.quote_version AS version
         FROM policies p JOIN payments pay ON pay.id = p.payment_id JOIN bind_attempts a ON a.id = pay.bind_attempt_id WHERE p.policy_number = $1`,
        [paid.body.policies[0]!.policyNumber],
      );
      assert.equal(policy[0]!.amount_cents, paid.body.amountChargedCents, 'the answer carries the payment record’s amount');
      assert.equal(policy[0]!.estimated, Math.round(shownB.estimatedMonthlyPayment * 100), "version 2's figures");
      assert.equal(policy[0]!.version, 2);
      await countsHold();
    });

    test("test mode takes Stripe's documented success cards of every brand", async () => {
      const brands = TEST_CARDS.filter((card) => card.outcome.kind === 'succeeds');
      assert.ok(brands.some((card) => card.number === '5555555555554444'), 'Mastercard is among them');
      for (const token of new Set(brands.map((card) => card.token))) {
        const policy = await quote(t, { state: 'AZ' });
        const paid = await bind(t, bindBody(policy, token));
        assert.equal(paid.status, 200, `${token}: ${JSON.stringify(paid.body)}`);
      }
      await countsHold();
    });

    test("test mode's decline cards answer by code with the spec's text, and the quote stays payable", async () => {
      const policy = await quote(t, { state: 'CO' });
      for (const card of TEST_CARDS.filter((each) => each.outcome.kind === 'declines')) {
        const declined = await bind(t, bindBody(policy, card.token));
        assert.deepEqual([declined.status, declined.body], [402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' }], card.description);
        const recorded = await testDb.db.query<{ decline_code: string }>(
          `SELECT a.decline_code FROM bind_attempts a JOIN quotes q ON q.id = a.quote_id WHERE q.quote_number = $1 ORDER BY a.id DESC LIMIT 1`,
          [policy.policyNumber],
        );
        assert.equal(recorded[0]!.decline_code, card.outcome.kind === 'declines' ? card.outcome.declineCode : '', 'the bank’s reason is on record');
      }
      assert.equal((await bind(t, bindBody(policy, 'tok_visa'))).status, 200);
      await countsHold();
    });

    test('test mode 3-D Secure: 4000 0027 6000 3184 waits for the test authentication window; Complete binds, Fail declines', async () => {
      for (const result of ['fail', 'complete'] as const) {
        const policy = await quote(t, { state: 'GA' });
        const asked = await bind(t, bindBody(policy, 'tok_authenticationRequired'));
        assert.equal(asked.status, 202, JSON.stringify(asked.body));
        const pending = asked.body as unknown as PaymentNeedsAuthentication;
        assert.deepEqual(pending.authentication, { mode: 'test', clientSecret: null });
        const answer = (path: string, body: unknown, token: string | null = pending.purchaseToken) =>
          t.app.request(...postJson(path, body, token ? { 'Purchase-Token': token } : {}));
        assert.equal((await answer('/api/payments/test_authentication', { quoteNumber: policy.policyNumber, result }, null)).status, 401);
        const window = await answer('/api/payments/test_authentication', { quoteNumber: policy.policyNumber, result });
        assert.equal(window.status, 200, await window.clone().text());
        const done = await answer('/api/policy/complete_payment', { quoteNumber: policy.policyNumber });
        if (result === 'complete') {
          assert.equal(done.status, 200, await done.clone().text());
          assert.equal(((await done.json()) as BindResponse).amountChargedCents, billingSummary(policy, 'monthly').dueTodayCents);
        } else {
          assert.deepEqual([done.status, await done.json()], [402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' }]);
          // payable again
          assert.equal((await bind(t, bindBody(policy, 'tok_visa'))).status, 200);
        }
      }
      await countsHold();
    });

    test('20 binds of one quote at once, each with its own key and card: one is charged and bound, 19 are told the quote is bought', async () => {
      const policy = await quote(t, { state: 'TN' });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => bind(t, bindBody(policy, index % 2 ? 'tok_visa' : 'tok_mastercard'))));
      const statuses = answers.map((answer) => answer.status).sort();
      assert.deepEqual(statuses, [200, ...Array(19).fill(409)], JSON.stringify(answers.map((answer) => answer.body)));
      for (const loser of answers.filter((answer) => answer.status === 409)) {
        assert.deepEqual(loser.body, { error_messages: [MESSAGES.quoteAlreadyBound] }, 'the truth, and nothing personal');
      }
      const charges = await testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM test_mode_objects WHERE kind = 'payment_intent' AND object->>'status' = 'succeeded'
           AND object->'metadata'->>'quoteNumber' = $1`,
        [policy.policyNumber],
      );
      assert.equal(charges[0]!.n, 1, 'one charge at the provider');
      await countsHold();
    });

    test("the consent to electronic delivery: kept with its exact words when given (through 3-D Secure too), none when not; other words are a 400 with the rule's message", async () => {
      const consentsOf = async (policyNumber: string) =>
        (await testDb.db.query<{ channel: string; consent_text: string; consented_at: Date; withdrawn_at: Date | null }>(
          `SELECT c.channel, c.consent_text, c.consented_at, c.withdrawn_at FROM delivery_consents c JOIN policies p ON p.id = c.policy_id
           WHERE p.policy_number = $1`,
          [policyNumber],
        ));
      const policyIdOf = async (policyNumber: string) => (await policyByNumber(testDb.db, policyNumber))!.id;

      const given = await quote(t, { state: 'TX' });
      const yes = await bind(t, bindRequestFor(given, { electronicDelivery: true }));
      assert.equal(yes.status, 200, JSON.stringify(yes.body));
      const yesNumber = yes.body.policies[0]!.policyNumber;
      const kept = await consentsOf(yesNumber);
      assert.deepEqual(kept.map((row) => [row.channel, row.consent_text, row.withdrawn_at]), [['email', ELECTRONIC_DELIVERY_CONSENT, null]], 'the words shown, word for word');
      assert.equal(kept[0]!.consented_at.toISOString(), now.toISOString(), 'when the buyer pressed Submit Payment');
      const inForce = await deliveryConsentOf(testDb.db, await policyIdOf(yesNumber));
      assert.deepEqual(inForce, { channel: 'email', consentText: ELECTRONIC_DELIVERY_CONSENT, consentedAt: now });
      assert.deepEqual((await readPolicyRecord(testDb.db, await policyIdOf(yesNumber)))!.deliveryConsent, inForce, 'on the policy record');

      for (const body of [bindBody(await quote(t, { state: 'GA' })), { ...bindBody(await quote(t, { state: 'AZ' })), electronicDeliveryConsent: null }]) {
        const no = await bind(t, body);
        assert.equal(no.status, 200, JSON.stringify(no.body));
        assert.deepEqual(await consentsOf(no.body.policies[0]!.policyNumber), [], 'not given: none kept (its notices are posted)');
        assert.equal(await deliveryConsentOf(testDb.db, await policyIdOf(no.body.policies[0]!.policyNumber)), null);
      }

      const other = await quote(t, { state: 'OH' });
      for (const words of [ELECTRONIC_DELIVERY_CONSENT.toUpperCase(), `${ELECTRONIC_DELIVERY_CONSENT} And any other terms.`, '', true]) {
        const wrong = await bind(t, { ...bindBody(other), electronicDeliveryConsent: words });
        assert.equal(wrong.status, 400, JSON.stringify(wrong.body));
        assert.deepEqual(wrong.body.error_messages, [MESSAGES.electronicDeliveryConsentMismatch]);
      }
      const intents = await testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM test_mode_objects WHERE kind = 'payment_intent' AND object->'metadata'->>'quoteNumber' = $1`,
        [other.policyNumber],
      );
      assert.equal(intents[0]!.n, 0, 'refused before anything is charged');

      // 3-D Secure: the policy is written by complete_payment, from the attempt, which kept the consent
      const secure = await quote(t, { state: 'FL' });
      const asked = await bind(t, bindRequestFor(secure, { token: 'tok_authenticationRequired', electronicDelivery: true }));
      assert.equal(asked.status, 202, JSON.stringify(asked.body));
      const purchaseToken = (asked.body as unknown as PaymentNeedsAuthentication).purchaseToken;
      const headers = { 'Purchase-Token': purchaseToken };
      assert.equal((await t.app.request(...postJson('/api/payments/test_authentication', { quoteNumber: secure.policyNumber, result: 'complete' }, headers))).status, 200);
      const done = await t.app.request(...postJson('/api/policy/complete_payment', { quoteNumber: secure.policyNumber }, headers));
      assert.equal(done.status, 200, await done.clone().text());
      const secureNumber = ((await done.json()) as BindResponse).policies[0]!.policyNumber;
      assert.deepEqual((await consentsOf(secureNumber)).map((row) => row.consent_text), [ELECTRONIC_DELIVERY_CONSENT]);
      await countsHold();
    });

    test('GET /api/payments/config names the test mode and its key', async () => {
      const res = await t.app.request('http://localhost:4321/api/payments/config');
      assert.deepEqual(await res.json(), { mode: 'test', publishableKey: TEST_MODE_PUBLISHABLE_KEY });
    });

    describe('through stripe-node against a Stripe stand-in on loopback', () => {
      let standIn: StripeStandIn;
      let s: TestApp;
      let gateway: PaymentGateway;
      /** What the server's settlement job is handed (api/server.ts), over the same database and provider. */
      const settlementDeps = () => ({ db: testDb.db, payments: gateway, clock: () => now, mail: s.mail, config: testConfig(), documents: s.documents });
      before(async () => {
        // The block's own app has its own documents job over the same database: the suite app's pass (kicked
        // by the tests above, and looping while policies keep coming) would claim this block's policies, and
        // `s.documents.settled()` would not wait for them.
        await t.documents.settled();
        standIn = await startStripeStandIn();
        gateway = createStripeGateway({
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

      /** What the provider did, beside our records: the counts that must hold exactly after every fault. */
      async function moneyHolds(expected: { charges: number; refunds: number }) {
        assert.equal(standIn.charges.length, expected.charges, 'charges at the provider');
        assert.equal(standIn.refunds.length, expected.refunds, 'refunds at the provider');
        const counts = await countsHold();
        const ours = await testDb.db.query<{ charged: number; refunded: number }>(
          `SELECT (SELECT count(*)::int FROM ledger_entries WHERE kind = 'down-payment' AND provider_ref LIKE 'pi_standin_%') AS charged,
                  (SELECT count(*)::int FROM ledger_entries WHERE kind = 'refund' AND provider_ref LIKE 're_standin_%') AS refunded`,
        );
        assert.equal(ours[0]!.charged, expected.charges, 'every charge is a ledger entry');
        assert.equal(ours[0]!.refunded, expected.refunds, 'every refund is a ledger entry');
        // every charge became a policy or was refunded
        const standInPolicies = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE gateway_charge_id LIKE 'pi_standin_%'`);
        assert.equal(standInPolicies[0]!.n + expected.refunds, expected.charges, 'no charge without a policy or a refund');
        return counts;
      }
      const charged = () => standIn.charges.length;
      /** The kinds of document stored for the policy bought from quote `quoteNumber`. */
      const documentKindsOf = async (quoteNumber: string) =>
        (await testDb.db.query<{ kind: string }>(
          'SELECT DISTINCT d.kind FROM policy_documents d JOIN policies p ON p.id = d.policy_id JOIN quotes q ON q.id = p.quote_id WHERE q.quote_number = $1 ORDER BY d.kind',
          [quoteNumber],
        )).map((row) => row.kind);
      const refunded = () => standIn.refunds.length;

      test('a Customer, then an unconfirmed PaymentIntent whose id is stored, then its confirmation: random keys, the card kept for the monthly bill', async () => {
        const policy = await quote(s, { state: 'TX' });
        const [c0, r0] = [charged(), refunded()];
        const first = standIn.requests.length;
        const { status, body } = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(status, 200, JSON.stringify(body));
        assert.equal(body.amountChargedCents, billingSummary(policy, 'monthly').dueTodayCents);
        const calls = standIn.requests.slice(first);
        assert.deepEqual(calls.map((call) => `${call.method} ${call.path.replace(/pi_standin_\d+/, ':id')}`), [
          'POST /v1/customers', 'POST /v1/payment_intents', 'POST /v1/payment_intents/:id/confirm',
        ]);
        const [customer, create, confirm] = calls;
        assert.equal(create!.authorization, 'Bearer sk_test_standIn123');
        assert.equal(create!.form.get('confirm'), null, 'created unconfirmed');
        assert.equal(create!.form.get('setup_future_usage'), 'off_session');
        assert.equal(Number(create!.form.get('amount')), Math.round(policy.downPaymentMonthly * 100));
        assert.equal(confirm!.form.get('payment_method_data[card][token]'), 'tok_visa');
        for (const call of calls) assert.match(call.idempotencyKey!, /^ppm-bind-[0-9a-f-]{36}:(customer|intent|confirm)$/, 'a random key, never a row number');
        assert.equal(new Set(calls.map((call) => call.idempotencyKey!.split(':')[0])).size, 1, "one attempt's key");
        assert.equal(JSON.stringify(calls.map((call) => [...call.form])).includes('4242'), false, 'no card number');
        const kept = await testDb.db.query<{ customer_id: string; payment_method_id: string; consent_text: string }>(
          `SELECT c.customer_id, c.payment_method_id, c.consent_text FROM payment_cards c JOIN policies p ON p.id = c.policy_id WHERE p.policy_number = $1`,
          [body.policies[0]!.policyNumber],
        );
        assert.equal(kept.length, 1);
        assert.match(kept[0]!.customer_id, /^cus_standin_/);
        assert.match(kept[0]!.payment_method_id, /^pm_standin_/);
        assert.equal(kept[0]!.consent_text, CARD_CONSENT.monthly, 'the exact words the buyer was shown');
        void customer;
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      for (const fault of ['hang-after-charge', 'charge-then-500'] as const) {
        test(`${fault}: the outcome is settled with the provider before anything else, even with a new card token: one charge, one policy`, async () => {
          const policy = await quote(s, { state: 'GA' });
          const [c0, r0] = [charged(), refunded()];
          standIn.script.push(fault);
          const failed = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
          // the bind asked the provider at once: the PaymentIntent succeeded, so the policy is written
          assert.equal(failed.status, 200, JSON.stringify(failed.body));
          assert.equal(charged(), c0 + 1, 'charged once at the provider');
          // a reload makes a new token and a new key: the quote is bought, and nothing is charged again
          const again = await bind(s, bindBody(policy, 'tok_mastercard', 'monthly', STRIPE_PK));
          assert.deepEqual([again.status, again.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
          assert.equal(JSON.stringify(again.body).includes(policy.policyOwners[0]!.lastName), false, 'nothing personal');
          await moneyHolds({ charges: c0 + 1, refunds: r0 });
        });
      }

      test('charged, then neither the answer nor a retrieve: 402 call us; a new card waits and is told the payment is in progress; the job settles it', async () => {
        const policy = await quote(s, { state: 'OH' });
        const [c0, r0] = [charged(), refunded()];
        standIn.script.push('hang-after-charge');
        standIn.failRetrieves = 1;
        const hung = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.deepEqual([hung.status, hung.body], [402, { error_messages: [MESSAGES.callUs], error_type: 'api_error' }]);
        assert.equal(charged(), c0 + 1, 'the provider did charge');
        const job = await runSettlement(settlementDeps(), 'test-holder');
        assert.equal(job?.bound, 0, 'the job leaves a young attempt to its request');
        now = new Date(now.getTime() + ATTEMPT_IN_PROGRESS_MS + 1000);
        try {
          const settled = await runSettlement(settlementDeps(), 'test-holder');
          assert.equal(settled?.bound, 1, 'the job found the charge and wrote the policy');
          // and kicked the documents job, whose timer never runs here
          await s.documents.settled();
          assert.deepEqual(await documentKindsOf(policy.policyNumber), ['application', 'card', 'declaration'], "the policy's documents, made without waiting for the timer");
          const again = await bind(s, bindBody(policy, 'tok_amex', 'monthly', STRIPE_PK));
          assert.deepEqual([again.status, again.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
        } finally {
          now = NOW;
        }
        assert.equal(charged(), c0 + 1, 'the second card was never charged');
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('a charge settled only after its quote expired is refunded through the provider, in the ledger, and the buyer is mailed', async () => {
        const policy = await quote(s, { state: 'TX' });
        const [c0, r0] = [charged(), refunded()];
        standIn.script.push('hang-after-charge');
        standIn.failRetrieves = 1;
        const hung = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(hung.status, 402);
        now = new Date(now.getTime() + (QUOTE_VALID_DAYS + 1) * 86_400_000);
        try {
          const settled = await runSettlement(settlementDeps(), 'test-holder');
          assert.equal(settled?.refunded, 1, JSON.stringify(settled));
        } finally {
          now = NOW;
        }
        assert.equal(standIn.refunds.at(-1)!.amount, billingSummary(policy, 'monthly').dueTodayCents, 'the whole charge, to the cent');
        await s.mail.settled();
        const mails = readdirSync(s.outboxDir).map((name) => readFileSync(join(s.outboxDir, name), 'utf8'));
        assert.ok(mails.some((text) => text.includes(policy.policyNumber) && /refunded/i.test(text)), 'the buyer is told');
        await moneyHolds({ charges: c0 + 1, refunds: r0 + 1 });
      });

      test('a 500 before anything is charged: the call-us text, nothing bound, and a retry binds', async () => {
        const policy = await quote(s, { state: 'OH' });
        const [c0, r0] = [charged(), refunded()];
        standIn.script.push('error-500');
        const failed = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.deepEqual([failed.status, failed.body], [402, { error_messages: [MESSAGES.callUs], error_type: 'api_error' }]);
        assert.equal(charged(), c0);
        // once the attempt is older than a request can run, the next bind settles it (nothing was charged) and pays
        now = new Date(now.getTime() + ATTEMPT_IN_PROGRESS_MS + 1000);
        try {
          const retried = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
          assert.equal(retried.status, 200, JSON.stringify(retried.body));
        } finally {
          now = NOW;
        }
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('3-D Secure (4000 0027 6000 3184): 202 with the client secret, then complete_payment after the bank: bound once', async () => {
        const policy = await quote(s, { state: 'AZ' });
        const [c0, r0] = [charged(), refunded()];
        const asked = await bind(s, bindBody(policy, 'tok_authenticationRequired', 'monthly', STRIPE_PK));
        assert.equal(asked.status, 202, JSON.stringify(asked.body));
        const pending = asked.body as unknown as PaymentNeedsAuthentication;
        assert.match(pending.authentication.clientSecret!, /^pi_standin_\d+_secret_/);
        const complete = (token: string | undefined) =>
          s.app.request(...postJson('/api/policy/complete_payment', { quoteNumber: policy.policyNumber }, token ? { 'Purchase-Token': token } : {}));
        assert.equal((await complete(undefined)).status, 401, 'only the person who paid');
        const early = await complete(pending.purchaseToken);
        assert.equal(early.status, 202, 'still waiting for the bank');
        standIn.authenticate(pending.authentication.clientSecret!.split('_secret_')[0]!, 'complete');
        const done = await complete(pending.purchaseToken);
        assert.equal(done.status, 200, await done.clone().text());
        assert.equal(((await done.json()) as BindResponse).amountChargedCents, billingSummary(policy, 'monthly').dueTodayCents);
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('3-D Secure failed at the bank: the decline text, and the quote is payable again', async () => {
        const policy = await quote(s, { state: 'CO' });
        const [c0, r0] = [charged(), refunded()];
        const asked = await bind(s, bindBody(policy, 'tok_threeDSecure2Required', 'monthly', STRIPE_PK));
        assert.equal(asked.status, 202);
        const pending = asked.body as unknown as PaymentNeedsAuthentication;
        standIn.authenticate(pending.authentication.clientSecret!.split('_secret_')[0]!, 'fail');
        const failed = await s.app.request(...postJson('/api/policy/complete_payment', { quoteNumber: policy.policyNumber }, { 'Purchase-Token': pending.purchaseToken }));
        assert.equal(failed.status, 402);
        assert.deepEqual(await failed.json(), { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' });
        const paid = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(paid.status, 200, JSON.stringify(paid.body));
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('an authentication abandoned (the buyer reloads and pays with another card): the first PaymentIntent is cancelled, the second charged', async () => {
        const policy = await quote(s, { state: 'TN' });
        const [c0, r0] = [charged(), refunded()];
        const asked = await bind(s, bindBody(policy, 'tok_authenticationRequired', 'monthly', STRIPE_PK));
        assert.equal(asked.status, 202);
        const first = (asked.body as unknown as PaymentNeedsAuthentication).authentication.clientSecret!.split('_secret_')[0]!;
        const paid = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.equal(paid.status, 200, JSON.stringify(paid.body));
        assert.equal(standIn.intents.get(first)!.status, 'canceled');
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('two tabs: A waits at the bank, B pays; A completes at the bank before B: A is the policy, B is told the truth and never charged', async () => {
        const policy = await quote(s, { state: 'TX' });
        const [c0, r0] = [charged(), refunded()];
        const asked = await bind(s, bindBody(policy, 'tok_authenticationRequired', 'monthly', STRIPE_PK));
        assert.equal(asked.status, 202);
        const intentA = (asked.body as unknown as PaymentNeedsAuthentication).authentication.clientSecret!.split('_secret_')[0]!;
        standIn.authenticate(intentA, 'complete');
        const b = await bind(s, bindBody(policy, 'tok_visa', 'monthly', STRIPE_PK));
        assert.deepEqual([b.status, b.body.error_messages], [409, [MESSAGES.quoteAlreadyBound]]);
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('an attempt written off as declined whose PaymentIntent the provider later reports succeeded still becomes the policy (its webhook settles it)', async () => {
        const policy = await quote(s, { state: 'GA' });
        const [c0, r0] = [charged(), refunded()];
        const asked = await bind(s, bindBody(policy, 'tok_authenticationRequired', 'monthly', STRIPE_PK));
        const intentId = (asked.body as unknown as PaymentNeedsAuthentication).authentication.clientSecret!.split('_secret_')[0]!;
        standIn.authenticate(intentId, 'fail');
        const failed = await s.app.request(...postJson('/api/policy/complete_payment', { quoteNumber: policy.policyNumber }, { 'Purchase-Token': (asked.body as unknown as PaymentNeedsAuthentication).purchaseToken }));
        assert.equal(failed.status, 402);
        // the bank's late word: the PaymentIntent succeeded after all
        const intent = standIn.intents.get(intentId)!;
        intent.status = 'succeeded';
        intent.payment_method = 'pm_standin_late';
        standIn.charges.push({ id: intentId, amount: intent.amount, idempotencyKey: undefined });
        const settled = await settleAttemptOfIntent({ db: testDb.db, gateway, clock: () => now, publicOrigin: PUBLIC_ORIGIN, documents: s.documents }, intentId);
        assert.equal(settled?.kind, 'bound');
        await moneyHolds({ charges: c0 + 1, refunds: r0 });
      });

      test('a decline from Stripe is card_error with the spec’s text', async () => {
        const policy = await quote(s, { state: 'TN' });
        for (const token of ['tok_chargeDeclined', 'tok_chargeDeclinedLostCard', 'tok_chargeDeclinedIncorrectCvc', 'tok_chargeDeclinedProcessingError']) {
          const declined = await bind(s, bindBody(policy, token, 'monthly', STRIPE_PK));
          assert.deepEqual([declined.status, declined.body], [402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' }], token);
        }
        const config = await s.app.request('http://localhost:4321/api/payments/config');
        assert.deepEqual(await config.json(), { mode: 'stripe', publishableKey: STRIPE_PK });
        await countsHold();
      });
    });
  });
}
