/**
 * The monthly bill's side of the gateway, for both implementations alike: the card kept at purchase (or saved
 * from the account) charged with the customer absent, as Stripe's test cards do it, and the reconciliation's
 * lists of what was charged and refunded in a range of time.
 *
 * The Stripe gateway runs through stripe-node against the stand-in (./stripe-stand-in.ts); the test mode on the
 * test database. Each names its own way of playing the customer's part (the browser's SetupIntent confirmation,
 * the bank's authentication window), and both are held to the same expectations.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dbTargets, suiteDb } from '../testing/harness.ts';
import type { GatewayResult, Intent, PaymentGateway } from './gateway.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createStripeGateway } from './stripe.ts';
import { createTestModeGateway, type TestModeGateway } from './test-mode.ts';

/** One implementation under test, with the customer's part played its own way. */
interface Provider {
  gateway: PaymentGateway;
  /** The customer saves `token` from the account page (Stripe.js's confirmCardSetup). */
  confirmSetup(setupIntentId: string, token: string): Promise<void>;
  /** The customer completes the bank's authentication; answers the PaymentIntent as the provider then holds it. */
  authenticate(intentId: string): Promise<GatewayResult<Intent>>;
  /** Sets the provider's clock (what `created` is stamped with); null for the machine's. */
  setNow(now: Date | null): void;
}

let counter = 0;
const key = (what: string) => `off-session-${what}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`;

function ok<T>(result: GatewayResult<T>, what: string): T {
  assert.ok(result.ok, `${what}: ${JSON.stringify(result)}`);
  return result.value;
}

function offSessionBehaviour(provider: () => Provider) {
  const customer = async () => ok(await provider().gateway.createCustomer({ idempotencyKey: key('cus'), metadata: {} }), 'customer').id;

  /** A purchase that keeps `token` on a new customer (authenticating when the bank asks); answers the kept card. */
  async function keptAtPurchase(token: string) {
    const { gateway } = provider();
    const customerId = await customer();
    const intent = ok(
      await gateway.createIntent({
        idempotencyKey: key('pi'), amountCents: 12_000, currency: 'usd', customerId, keepCard: true, description: 'Q-purchase', metadata: {},
      }),
      'purchase intent',
    );
    let paid = ok(
      await gateway.confirmIntent({ intentId: intent.id, idempotencyKey: key('confirm'), paymentToken: token, returnUrl: 'http://localhost/return' }),
      'purchase',
    );
    if (paid.status === 'requires_action') paid = ok(await provider().authenticate(intent.id), 'purchase authentication');
    assert.equal(paid.status, 'succeeded');
    assert.match(paid.paymentMethodId ?? '', /^pm_/);
    return { customerId, paymentMethodId: paid.paymentMethodId! };
  }

  /** A card saved from the account with a SetupIntent; answers the SetupIntent as the provider then holds it. */
  async function savedFromAccount(token: string) {
    const customerId = await customer();
    const setup = ok(await provider().gateway.createSetupIntent({ idempotencyKey: key('seti'), customerId }), 'setup intent');
    await provider().confirmSetup(setup.id, token);
    return { customerId, setup: ok(await provider().gateway.retrieveSetupIntent(setup.id), 'retrieve setup intent') };
  }

  /** The monthly bill: a PaymentIntent for the kept card, confirmed with the customer absent. */
  async function bill(kept: { customerId: string; paymentMethodId: string }, amountCents = 4_321, metadata: Record<string, string> = {}) {
    const { gateway } = provider();
    const intent = ok(
      await gateway.createIntent({
        idempotencyKey: key('bill'), amountCents, currency: 'usd', customerId: kept.customerId, keepCard: false, description: 'bill',
        metadata, paymentMethodId: kept.paymentMethodId,
      }),
      'bill intent',
    );
    assert.equal(intent.paymentMethodId, kept.paymentMethodId, 'the kept card is on the PaymentIntent from its creation');
    const charged = await gateway.confirmIntent({ intentId: intent.id, idempotencyKey: key('bill-confirm'), paymentToken: kept.paymentMethodId, offSession: true });
    return { intentId: intent.id, charged };
  }

  test('a card kept at purchase with 4242 4242 4242 4242 is charged off-session', async () => {
    const kept = await keptAtPurchase('tok_visa');
    const { intentId, charged } = await bill(kept);
    const intent = ok(charged, 'off-session charge');
    assert.equal(intent.status, 'succeeded');
    assert.equal(intent.amountCents, 4_321);
    assert.equal(intent.paymentMethodId, kept.paymentMethodId, 'the kept card was charged, not a new one');
    assert.equal(ok(await provider().gateway.retrieveIntent(intentId), 'retrieve').status, 'succeeded');
  });

  test('4000 0000 0000 0341 is saved from the account, then declined off-session with the PaymentIntent waiting for a card', async () => {
    const { customerId, setup } = await savedFromAccount('tok_chargeCustomerFail');
    assert.equal(setup.status, 'succeeded', 'attaching it to the customer succeeds');
    const { intentId, charged } = await bill({ customerId, paymentMethodId: setup.paymentMethodId! });
    assert.deepEqual(charged, { ok: false, type: 'card_error', code: 'card_declined', declineCode: 'generic_decline', outcomeUnknown: false });
    const intent = ok(await provider().gateway.retrieveIntent(intentId), 'retrieve');
    assert.equal(intent.status, 'requires_payment_method');
    assert.deepEqual(intent.lastError, { type: 'card_error', code: 'card_declined', declineCode: 'generic_decline' });
  });

  test('4000 0027 6000 3184 kept at purchase asks for authentication off-session; the customer then pays the same PaymentIntent on-session', async () => {
    const kept = await keptAtPurchase('tok_authenticationRequired');
    const { intentId, charged } = await bill(kept);
    assert.deepEqual(charged, {
      ok: false, type: 'card_error', code: 'authentication_required', declineCode: 'authentication_required', outcomeUnknown: false,
    });
    const waiting = ok(await provider().gateway.retrieveIntent(intentId), 'retrieve');
    assert.equal(waiting.status, 'requires_payment_method');
    assert.equal(waiting.lastError?.code, 'authentication_required');

    // the customer, on our site, pays it with the kept card: the bank asks, the customer completes it
    const asked = ok(
      await provider().gateway.confirmIntent({
        intentId, idempotencyKey: key('on-session'), paymentToken: kept.paymentMethodId, returnUrl: 'http://localhost/return',
      }),
      'on-session confirmation',
    );
    assert.equal(asked.status, 'requires_action');
    const paid = ok(await provider().authenticate(intentId), 'authentication');
    assert.equal(paid.status, 'succeeded');
    assert.equal(paid.paymentMethodId, kept.paymentMethodId);
    assert.equal(ok(await provider().gateway.retrieveIntent(intentId), 'retrieve').status, 'succeeded');
  });

  test('4000 0000 0000 3220 kept at purchase is refused off-session with authentication_required too', async () => {
    const { charged } = await bill(await keptAtPurchase('tok_threeDSecure2Required'));
    assert.equal(charged.ok ? 'charged' : charged.code, 'authentication_required');
  });

  test('4000 0025 0000 3155 asks for authentication when saved, and once saved its off-session charge succeeds', async () => {
    const { setup } = await savedFromAccount('tok_authenticationRequiredOnSetup');
    assert.equal(setup.status, 'requires_action', 'saving it from the account asks for authentication');
    const kept = await keptAtPurchase('tok_authenticationRequiredOnSetup');
    const { charged } = await bill(kept);
    assert.equal(ok(charged, 'off-session charge').status, 'succeeded');
  });

  test('a PaymentIntent for a PaymentMethod the provider does not know is refused', async () => {
    const customerId = await customer();
    const refused = await provider().gateway.createIntent({
      idempotencyKey: key('unknown-pm'), amountCents: 100, currency: 'usd', customerId, keepCard: false, description: 'bill', metadata: {},
      paymentMethodId: 'pm_nobodyMadeThis',
    });
    assert.deepEqual(refused.ok ? 'created' : [refused.type, refused.code], ['invalid_request_error', 'resource_missing']);
  });

  test('listing returns exactly what was charged and refunded in the range, every page of it', async () => {
    const { gateway } = provider();
    const day = (n: number, hour = 12) => new Date(Date.UTC(2031, 0, n, hour));
    try {
      provider().setNow(day(1));
      const kept = await keptAtPurchase('tok_visa');
      const dayBefore = await bill(kept, 1_000);

      provider().setNow(day(2, 0));
      const first = await bill(kept, 2_000, { quoteNumber: 'Q-2031-1' });
      provider().setNow(day(2, 23));
      const second = await bill(kept, 3_000, { quoteNumber: 'Q-2031-2' });
      const declinedCard = await savedFromAccount('tok_chargeCustomerFail');
      await bill({ customerId: declinedCard.customerId, paymentMethodId: declinedCard.setup.paymentMethodId! }, 5_000);
      // created, never confirmed: nothing was charged
      ok(
        await gateway.createIntent({ idempotencyKey: key('unconfirmed'), amountCents: 6_000, currency: 'usd', customerId: kept.customerId, keepCard: false, description: 'bill', metadata: {} }),
        'unconfirmed intent',
      );
      const refundOfDayBefore = ok(await gateway.refund({ intentId: dayBefore.intentId, amountCents: 400, idempotencyKey: key('refund'), reason: 'test' }), 'refund');

      provider().setNow(day(3, 0));
      await bill(kept, 7_000);
      ok(await gateway.refund({ intentId: first.intentId, amountCents: 2_000, idempotencyKey: key('refund'), reason: 'test' }), 'refund');

      const range = { from: day(2, 0), to: day(3, 0) };
      assert.deepEqual(ok(await gateway.listCharges(range), 'charges'), [
        { id: first.intentId, amountCents: 2_000, created: day(2, 0), metadata: { quoteNumber: 'Q-2031-1' } },
        { id: second.intentId, amountCents: 3_000, created: day(2, 23), metadata: { quoteNumber: 'Q-2031-2' } },
      ]);
      assert.deepEqual(ok(await gateway.listRefunds(range), 'refunds'), [
        { id: refundOfDayBefore.id, intentId: dayBefore.intentId, amountCents: 400, status: 'succeeded', created: day(2, 23) },
      ]);

      // more than one page of Stripe's list (100 a page): every charge of the day is there, once
      provider().setNow(day(10));
      const many = [];
      for (let n = 0; n < 105; n++) many.push((await bill(kept, 100 + n)).intentId);
      const listed = ok(await gateway.listCharges({ from: day(10, 0), to: day(11, 0) }), 'a busy day');
      assert.deepEqual(listed.map((charge) => charge.id).sort(), [...many].sort());
    } finally {
      provider().setNow(null);
    }
  });
}

describe('off-session charges and listings through stripe-node against the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let provider: Provider;
  before(async () => {
    standIn = await startStripeStandIn();
    let now: Date | null = null;
    standIn.clock = () => now ?? new Date();
    const gateway = createStripeGateway({ secretKey: 'sk_test_offSession', publishableKey: 'pk_test_offSession', apiUrl: standIn.url, timeoutMs: 2000, maxNetworkRetries: 0 });
    provider = {
      gateway,
      confirmSetup: async (setupIntentId, token) => standIn.confirmSetup(setupIntentId, token),
      authenticate: async (intentId) => {
        standIn.authenticate(intentId, 'complete');
        return gateway.retrieveIntent(intentId);
      },
      setNow: (next) => void (now = next),
    };
  });
  after(async () => {
    await standIn?.close();
  });

  offSessionBehaviour(() => provider);

  test('the off-session confirmation is sent as Stripe documents it: the kept PaymentMethod, off_session, no return_url', async () => {
    const confirmations = standIn.requests.filter((request) => request.path.endsWith('/confirm') && request.form.get('off_session') === 'true');
    assert.ok(confirmations.length > 0);
    for (const { form } of confirmations) {
      assert.match(form.get('payment_method') ?? '', /^pm_/);
      assert.equal(form.get('return_url'), null);
      assert.equal(form.get('payment_method_data[card][token]'), null);
    }
  });

  test('the lists are read page after page: 105 charges in a day take two of Stripe\'s pages of 100', () => {
    const lists = standIn.requests.filter((request) => request.method === 'GET' && request.path === '/v1/payment_intents');
    assert.equal(lists.length, 3, 'one page for the day of two charges, two for the busy day of 105');
  });
});

for (const target of dbTargets()) {
  describe(`off-session charges and listings in test mode on ${target}`, () => {
    const testDb = suiteDb(target);
    let provider: Provider;
    before(() => {
      let now: Date | null = null;
      const gateway: TestModeGateway = createTestModeGateway(testDb.db, { clock: () => now ?? new Date() });
      provider = {
        gateway,
        confirmSetup: async (setupIntentId, token) => void (await gateway.confirmSetupIntent(setupIntentId, token)),
        authenticate: (intentId) => gateway.authenticate(intentId, 'complete'),
        setNow: (next) => void (now = next),
      };
    });

    offSessionBehaviour(() => provider);

    /** Runs `check` with the test mode's gateway, every event it tells meanwhile collected in `events`. */
    async function withEventsTold(check: (gateway: TestModeGateway, events: { type: string; object: Record<string, unknown> }[]) => Promise<void>) {
      const events: { type: string; object: Record<string, unknown> }[] = [];
      const gateway = provider.gateway as TestModeGateway;
      gateway.setEmitter(async (type, object) => void events.push({ type, object }));
      try {
        await check(gateway, events);
      } finally {
        gateway.setEmitter(null);
      }
    }

    test('an off-session refusal is told as payment_intent.payment_failed, as a refusal at purchase is', async () => {
      await withEventsTold(async (gateway, events) => {
        const customerId = ok(await gateway.createCustomer({ idempotencyKey: key('cus'), metadata: {} }), 'customer').id;
        const setup = ok(await gateway.createSetupIntent({ idempotencyKey: key('seti'), customerId }), 'setup intent');
        const saved = ok(await gateway.confirmSetupIntent(setup.id, 'tok_chargeCustomerFail'), 'saved');
        const intent = ok(
          await gateway.createIntent({
            idempotencyKey: key('bill'), amountCents: 900, currency: 'usd', customerId, keepCard: false, description: 'bill', metadata: {},
            paymentMethodId: saved.paymentMethodId!,
          }),
          'bill intent',
        );
        await gateway.confirmIntent({ intentId: intent.id, idempotencyKey: key('bill-confirm'), paymentToken: saved.paymentMethodId!, offSession: true });
        await new Promise((resolve) => setImmediate(resolve));
        const failed = events.filter((event) => event.type === 'payment_intent.payment_failed' && event.object.id === intent.id);
        assert.equal(failed.length, 1);
        assert.deepEqual(failed[0]!.object.last_payment_error, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
        assert.equal(failed[0]!.object.status, 'requires_payment_method');
      });
    });

    test('one idempotency key is one effect: a confirmation sent again, or twice at once, charges once, is told once and answers as the first did', async () => {
      await withEventsTold(async (gateway, events) => {
        const customerId = ok(await gateway.createCustomer({ idempotencyKey: key('cus'), metadata: {} }), 'customer').id;
        const intentKey = key('pi');
        const create = () => gateway.createIntent({
          idempotencyKey: intentKey, amountCents: 4_200, currency: 'usd', customerId, keepCard: true, description: 'Q-once', metadata: {},
        });
        const [intent, sameIntent] = await Promise.all([create(), create()]);
        assert.deepEqual(sameIntent, intent, 'two creations at once under one key answer the same PaymentIntent');
        const intentId = ok(intent, 'intent').id;

        const confirmKey = key('confirm');
        const confirm = (paymentToken: string) => gateway.confirmIntent({ intentId, idempotencyKey: confirmKey, paymentToken, returnUrl: 'http://localhost/return' });
        const [first, atOnce] = await Promise.all([confirm('tok_visa'), confirm('tok_visa')]);
        assert.equal(ok(first, 'confirmation').status, 'succeeded');
        assert.deepEqual(atOnce, first, 'the confirmation sent twice at once answers as the first');
        // sent again later, with another card even: the answer kept under the key, not a second confirmation
        // (a fresh one would be refused: the PaymentIntent has succeeded)
        assert.deepEqual(await confirm('tok_chargeDeclined'), first);
        await new Promise((resolve) => setImmediate(resolve));

        const told = events.filter((event) => event.type === 'payment_intent.succeeded' && event.object.id === intentId);
        assert.equal(told.length, 1, 'payment_intent.succeeded told once');
        const methods = await testDb.db.query(`SELECT 1 FROM test_mode_objects WHERE kind = 'payment_method' AND object->>'customer' = $1`, [customerId]);
        assert.equal(methods.length, 1, 'one card kept');
        const requests = await testDb.db.query(`SELECT 1 FROM test_mode_objects WHERE kind = 'request' AND idempotency_key = ANY($1::text[])`, [[intentKey, confirmKey]]);
        assert.equal(requests.length, 2, 'one answer kept for each key');
        const charged = ok(await gateway.retrieveIntent(intentId), 'retrieved');
        assert.equal(charged.status, 'succeeded');
        assert.equal(charged.card?.last4, '4242', 'the first confirmation\'s card, not the one sent again');
      });
    });

    test('each PaymentMethod the test mode made is on record with the test card it came from', async () => {
      const rows = await testDb.db.query<{ object: { token: string; customer: string | null } }>(
        `SELECT object FROM test_mode_objects WHERE kind = 'payment_method'`,
      );
      const tokens = new Set(rows.map((row) => row.object.token));
      for (const token of ['tok_visa', 'tok_chargeCustomerFail', 'tok_authenticationRequired', 'tok_authenticationRequiredOnSetup']) assert.ok(tokens.has(token), token);
      assert.ok(rows.every((row) => row.object.customer?.startsWith('cus_')), 'each is kept on its customer');
    });
  });
}
