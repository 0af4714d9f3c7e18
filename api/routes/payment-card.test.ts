import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_REPLACE_CONSENT, localToday, MESSAGES, type BindResponse, type CardSetupAnswer, type PaymentCardAnswer, type QuotePolicy,
  type ReplaceCardAnswer,
} from '../../contract/index.ts';
import { signedInAccount, type SignedIn } from '../account/testing.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { createStripeGateway } from '../payments/stripe.ts';
import { startStripeStandIn, type StripeStandIn } from '../payments/stripe-stand-in.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, bindRequestFor, outboxTexts } from '../policies/testing.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { dbTargets, PARTNER_ORIGIN, postJson, suiteDb, testApp, uniqueEmail, type TestApp } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const STRIPE_PK = 'pk_test_cardStandIn123';
const CONSENT = CARD_REPLACE_CONSENT.monthly;

type Json = Record<string, unknown> & { error_messages?: string[]; error_type?: string };

interface CardRow {
  payment_method_id: string;
  customer_id: string;
  brand: string | null;
  last4: string | null;
  consent_text: string;
  consented_at: Date;
  replaced_at: Date | null;
}

for (const target of dbTargets()) {
  describe(`the account's card page on ${target}`, () => {
    const testDb = suiteDb(target);
    let now = NOW;

    const cardsOf = (policyId: number) =>
      testDb.db.query<CardRow>(
        `SELECT payment_method_id, customer_id, brand, last4, consent_text, consented_at, replaced_at FROM payment_cards
         WHERE policy_id = $1 ORDER BY id`,
        [policyId],
      );
    /** The card notices queued for `email` and delivered (to the outbox: the queue erases a sent message's content). */
    const noticesTo = async (t: TestApp, email: string) => {
      await t.mail.settled();
      return outboxTexts(t.outboxDir, /card for your monthly bill was changed/).filter((text) => text.includes(`To: ${email}`));
    };

    function client(t: TestApp) {
      const get = async (path: string, who?: SignedIn) => {
        const res = await t.app.request(`http://localhost:4321${path}`, { headers: who ? who.cookie : {} });
        return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
      };
      const post = async (path: string, body: unknown, who?: SignedIn, headers: Record<string, string> = {}) => {
        const res = await t.app.request(...postJson(path, body, { ...(who ? who.cookie : {}), ...headers }));
        return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
      };
      return {
        card: (policyNumber: string, who?: SignedIn) => get(`/api/account/card?policyNumber=${encodeURIComponent(policyNumber)}`, who),
        setup: (policyNumber: string, who?: SignedIn, headers?: Record<string, string>) => post('/api/account/card/setup', { policyNumber }, who, headers),
        replace: (body: Record<string, unknown>, who?: SignedIn, headers?: Record<string, string>) =>
          post('/api/account/card', { cardConsent: CONSENT, ...body }, who, headers),
      };
    }

    describe('in test mode', () => {
      let t: TestApp;
      let api: ReturnType<typeof client>;
      before(() => {
        t = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway(testDb.db) });
        api = client(t);
      });
      after(() => t.cleanup());

      async function holder() {
        const email = uniqueEmail('cardholder');
        const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', email });
        const who = await signedInAccount(testDb.db, email, now);
        return { policy, who, email };
      }

      test('signed out, every call is 401 and nothing is made', async () => {
        const { policy } = await holder();
        assert.equal((await api.card(policy.policyNumber)).status, 401);
        assert.equal((await api.setup(policy.policyNumber)).status, 401);
        const replaced = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: 'seti_testmode_x', paymentToken: 'tok_mastercard' });
        assert.equal(replaced.status, 401);
        assert.equal((await cardsOf(policy.policyId)).length, 1);
      });

      test("another user's policy is answered as one that does not exist, and its card stays", async () => {
        const owner = await holder();
        const other = await holder();
        const missing = await api.card('PPMP-ZZZZ-ZZZZ', other.who);
        const foreign = await api.card(owner.policy.policyNumber, other.who);
        assert.equal(foreign.status, 404);
        assert.deepEqual(foreign.body, missing.body);
        assert.deepEqual(foreign.body.error_messages, [MESSAGES.accountPolicyNotFound]);
        assert.equal((await api.setup(owner.policy.policyNumber, other.who)).status, 404);
        // the other user's own SetupIntent, pointed at the owner's policy
        const theirs = (await api.setup(other.policy.policyNumber, other.who)).body as CardSetupAnswer;
        const replaced = await api.replace({ policyNumber: owner.policy.policyNumber, setupIntentId: theirs.setupIntentId, paymentToken: 'tok_mastercard' }, other.who);
        assert.equal(replaced.status, 404);
        const cards = await cardsOf(owner.policy.policyId);
        assert.equal(cards.length, 1);
        assert.equal(cards[0]!.last4, '4242');
      });

      test('the card in force: brand, last four and since when, with the billing frequency', async () => {
        const { policy, who } = await holder();
        const { status, body, headers } = await api.card(policy.policyNumber, who);
        assert.equal(status, 200, JSON.stringify(body));
        const answer = body as unknown as PaymentCardAnswer;
        assert.equal(answer.policyNumber, policy.policyNumber);
        assert.equal(answer.billingFrequency, 'monthly');
        assert.equal(answer.card?.brand, 'Visa');
        assert.equal(answer.card?.last4, '4242');
        assert.ok(!Number.isNaN(Date.parse(answer.card!.since)));
        assert.match(headers.get('cache-control') ?? '', /no-store/);
      });

      test('a declined test card is 402 with the spec\'s text and the card in force stays', async () => {
        const { policy, who, email } = await holder();
        const setup = await api.setup(policy.policyNumber, who);
        assert.equal(setup.status, 200, JSON.stringify(setup.body));
        const answer = setup.body as CardSetupAnswer;
        assert.equal(answer.mode, 'test');
        assert.equal(answer.clientSecret, null);
        assert.match(answer.setupIntentId, /^seti_/);
        const declined = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: answer.setupIntentId, paymentToken: 'tok_chargeDeclined' }, who);
        assert.equal(declined.status, 402);
        assert.deepEqual(declined.body.error_messages, [MESSAGES.paymentDeclined]);
        assert.equal(declined.body.error_type, 'card_error');
        const cards = await cardsOf(policy.policyId);
        assert.equal(cards.length, 1);
        assert.equal(cards[0]!.last4, '4242');
        assert.equal(cards[0]!.replaced_at, null);
        assert.equal((await noticesTo(t, email)).length, 0);
        // the same form, another (good) card: the SetupIntent is confirmed again, as Stripe.js would
        const good = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: answer.setupIntentId, paymentToken: 'tok_mastercard' }, who);
        assert.equal(good.status, 200, JSON.stringify(good.body));
      });

      test('a good card replaces the one in force, with the consent words and time, and the policyholder is mailed', async () => {
        const { policy, who, email } = await holder();
        const before = (await cardsOf(policy.policyId))[0]!;
        now = new Date(NOW.getTime() + 5 * 60_000);
        try {
          const setup = (await api.setup(policy.policyNumber, who)).body as CardSetupAnswer;
          const replaced = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_mastercard' }, who);
          assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
          const answer = replaced.body as unknown as ReplaceCardAnswer;
          assert.equal(answer.msg, MESSAGES.cardReplaced);
          assert.deepEqual(answer.card, { brand: 'Mastercard', last4: '4444', since: now.toISOString() });

          const cards = await cardsOf(policy.policyId);
          assert.equal(cards.length, 2);
          const inForce = cards.filter((card) => card.replaced_at === null);
          assert.equal(inForce.length, 1, 'exactly one card in force');
          assert.equal(inForce[0]!.last4, '4444');
          assert.equal(inForce[0]!.brand, 'Mastercard');
          assert.equal(inForce[0]!.consent_text, CONSENT);
          assert.equal(inForce[0]!.consented_at.toISOString(), now.toISOString());
          assert.equal(inForce[0]!.customer_id, before.customer_id, 'the same Customer');
          assert.notEqual(inForce[0]!.payment_method_id, before.payment_method_id);
          const old = cards.find((card) => card.payment_method_id === before.payment_method_id)!;
          assert.equal(old.replaced_at?.toISOString(), now.toISOString(), 'the old card is marked replaced');

          const shown = (await api.card(policy.policyNumber, who)).body as unknown as PaymentCardAnswer;
          assert.equal(shown.card?.last4, '4444');

          const notices = await noticesTo(t, email);
          assert.equal(notices.length, 1, 'one notice');
          assert.match(notices[0]!, new RegExp(policy.policyNumber));
          assert.match(notices[0]!, /Mastercard ending 4444/);
          assert.doesNotMatch(notices[0]!, /5555|4242/, 'no card data beyond brand and last four');

          // the same SetupIntent sent again (a second press): the card already in force, not kept twice
          const again = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_mastercard' }, who);
          assert.equal(again.status, 200);
          assert.equal((await cardsOf(policy.policyId)).length, 2);
          assert.equal((await noticesTo(t, email)).length, 1, 'no second notice');
        } finally {
          now = NOW;
        }
      });

      test("a SetupIntent of another customer is refused, and the card stays", async () => {
        const mine = await holder();
        const theirs = await holder();
        const foreign = (await api.setup(theirs.policy.policyNumber, theirs.who)).body as CardSetupAnswer;
        const refused = await api.replace({ policyNumber: mine.policy.policyNumber, setupIntentId: foreign.setupIntentId, paymentToken: 'tok_mastercard' }, mine.who);
        assert.equal(refused.status, 409);
        assert.deepEqual(refused.body.error_messages, [MESSAGES.cardSetupNotOurs]);
        // not even confirmed: their SetupIntent is still waiting for a card
        const confirmed = await api.replace({ policyNumber: theirs.policy.policyNumber, setupIntentId: foreign.setupIntentId, paymentToken: 'tok_visa' }, theirs.who);
        assert.equal(confirmed.status, 200);
        assert.equal((await cardsOf(mine.policy.policyId)).length, 1);
        const unknown = await api.replace({ policyNumber: mine.policy.policyNumber, setupIntentId: 'seti_testmode_nosuch', paymentToken: 'tok_mastercard' }, mine.who);
        assert.equal(unknown.status, 409);
      });

      test("a card that asks for the bank's check is refused plainly; the card stays", async () => {
        const { policy, who } = await holder();
        const setup = (await api.setup(policy.policyNumber, who)).body as CardSetupAnswer;
        const refused = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_threeDSecure2Required' }, who);
        assert.equal(refused.status, 402);
        assert.deepEqual(refused.body.error_messages, [MESSAGES.cardNeedsAuthentication]);
        assert.equal(refused.body.error_type, 'authentication_required');
        assert.equal((await cardsOf(policy.policyId)).length, 1);
      });

      test('the consent must be the words shown for the policy, and the calls take our own origin only', async () => {
        const { policy, who } = await holder();
        const setup = (await api.setup(policy.policyNumber, who)).body as CardSetupAnswer;
        const wrong = await api.replace(
          { policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_mastercard', cardConsent: CARD_REPLACE_CONSENT.biannually },
          who,
        );
        assert.equal(wrong.status, 400);
        assert.deepEqual(wrong.body.error_messages, [MESSAGES.cardReplaceConsentRequired]);
        const missing = await t.app.request(
          ...postJson('/api/account/card', { policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_mastercard' }, who.cookie),
        );
        assert.equal(missing.status, 400);
        assert.equal((await api.setup(policy.policyNumber, who, { Origin: PARTNER_ORIGIN })).status, 403);
        const partner = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: 'tok_mastercard' }, who, { Origin: PARTNER_ORIGIN });
        assert.equal(partner.status, 403);
        assert.equal((await cardsOf(policy.policyId)).length, 1);
      });

      test('a card number is refused as a token: only tokens are taken', async () => {
        const { policy, who } = await holder();
        const setup = (await api.setup(policy.policyNumber, who)).body as CardSetupAnswer;
        const number = await api.replace({ policyNumber: policy.policyNumber, setupIntentId: setup.setupIntentId, paymentToken: '5555555555554444' }, who);
        assert.equal(number.status, 409);
        assert.equal((await cardsOf(policy.policyId)).length, 1);
      });
    });

    describe('through stripe-node against the Stripe stand-in', () => {
      let standIn: StripeStandIn;
      let gateway: PaymentGateway;
      let s: TestApp;
      let api: ReturnType<typeof client>;
      before(async () => {
        standIn = await startStripeStandIn();
        gateway = createStripeGateway({ secretKey: 'sk_test_standIn123', publishableKey: STRIPE_PK, apiUrl: standIn.url, timeoutMs: 2000, maxNetworkRetries: 0 });
        s = testApp(testDb.db, { clock: () => now, payments: gateway });
        api = client(s);
      });
      after(async () => {
        s.cleanup();
        await standIn.close();
      });

      async function holder() {
        const email = uniqueEmail('stripeholder');
        const quoted = await s.app.request(...postJson('/api/policy/quote', quoteRequestFixture({ today: TODAY, email, state: 'TX' })));
        assert.equal(quoted.status, 200, await quoted.clone().text());
        const quote = ((await quoted.json()) as { policies: QuotePolicy[] }).policies[0]!;
        const bound = await s.app.request(...postJson('/api/policy/bind', bindRequestFor(quote, { publishableKey: STRIPE_PK }), { 'Idempotency-Key': `card-${quote.policyNumber}` }));
        assert.equal(bound.status, 200, await bound.clone().text());
        const policyNumber = ((await bound.json()) as BindResponse).policies[0]!.policyNumber;
        const policyId = (await testDb.db.query<{ id: number }>('SELECT id FROM policies WHERE policy_number = $1', [policyNumber]))[0]!.id;
        const who = await signedInAccount(testDb.db, email, now);
        return { policyNumber, policyId, who, email };
      }

      test("a SetupIntent for the policy's Customer, confirmed by Stripe.js, replaces the card", async () => {
        const { policyNumber, policyId, who, email } = await holder();
        const customer = (await cardsOf(policyId))[0]!.customer_id;
        const setup = await api.setup(policyNumber, who);
        assert.equal(setup.status, 200, JSON.stringify(setup.body));
        const answer = setup.body as CardSetupAnswer;
        assert.equal(answer.mode, 'stripe');
        assert.equal(answer.publishableKey, STRIPE_PK);
        assert.match(answer.clientSecret ?? '', /_secret_/);
        const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/setup_intents' && r.form.get('customer') === customer);
        assert.ok(created, 'created for the policy’s Customer');
        assert.equal(created.form.get('usage'), 'off_session');
        assert.ok(created.idempotencyKey, 'under an idempotency key');

        // not confirmed yet: nothing is kept
        const early = await api.replace({ policyNumber, setupIntentId: answer.setupIntentId }, who);
        assert.equal(early.status, 409);
        assert.deepEqual(early.body.error_messages, [MESSAGES.cardSetupNotFinished]);

        standIn.confirmSetup(answer.setupIntentId, 'tok_mastercard');
        const replaced = await api.replace({ policyNumber, setupIntentId: answer.setupIntentId }, who);
        assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
        assert.deepEqual((replaced.body as unknown as ReplaceCardAnswer).card.brand, 'Mastercard');
        assert.deepEqual((replaced.body as unknown as ReplaceCardAnswer).card.last4, '4444');
        const cards = await cardsOf(policyId);
        assert.equal(cards.filter((card) => card.replaced_at === null).length, 1);
        const inForce = cards.find((card) => card.replaced_at === null)!;
        assert.equal(inForce.payment_method_id, standIn.setupIntents.get(answer.setupIntentId)!.payment_method);
        assert.equal(inForce.consent_text, CONSENT);
        assert.equal(standIn.charges.length, standIn.charges.filter((c) => c.amount > 0).length);
        assert.equal((await noticesTo(s, email)).length, 1);
      });

      test('a card Stripe declined leaves the card in force; a token is not taken with Stripe keys', async () => {
        const { policyNumber, policyId, who } = await holder();
        const charges = standIn.charges.length;
        const answer = (await api.setup(policyNumber, who)).body as CardSetupAnswer;
        standIn.confirmSetup(answer.setupIntentId, 'tok_chargeDeclined');
        const declined = await api.replace({ policyNumber, setupIntentId: answer.setupIntentId }, who);
        assert.equal(declined.status, 402);
        assert.deepEqual(declined.body.error_messages, [MESSAGES.paymentDeclined]);
        const token = await api.replace({ policyNumber, setupIntentId: answer.setupIntentId, paymentToken: 'tok_visa' }, who);
        assert.equal(token.status, 400);
        assert.deepEqual(token.body.error_messages, [MESSAGES.paymentTokenNotExpected]);
        assert.equal((await cardsOf(policyId)).length, 1);
        assert.equal(standIn.charges.length, charges, 'a SetupIntent charges nothing');
      });

      test("another customer's SetupIntent is refused", async () => {
        const mine = await holder();
        const theirs = await holder();
        const foreign = (await api.setup(theirs.policyNumber, theirs.who)).body as CardSetupAnswer;
        standIn.confirmSetup(foreign.setupIntentId, 'tok_mastercard');
        const refused = await api.replace({ policyNumber: mine.policyNumber, setupIntentId: foreign.setupIntentId }, mine.who);
        assert.equal(refused.status, 409);
        assert.deepEqual(refused.body.error_messages, [MESSAGES.cardSetupNotOurs]);
        assert.equal((await cardsOf(mine.policyId)).length, 1);
      });
    });
  });
}
