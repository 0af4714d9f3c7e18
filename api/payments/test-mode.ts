/**
 * The test-mode gateway: what runs without Stripe keys. It follows Stripe's documented test cards
 * (contract/reference/test-cards.ts: by brand, by decline code, and the cards that ask for 3-D Secure), and
 * the payment step says plainly that no real charge is made.
 *
 * It behaves as Stripe's API does where the purchase depends on it:
 * - a PaymentIntent is created unconfirmed and confirmed apart; one idempotency key is one effect (the ids are
 *   derived from the key, and a request's answer is kept under its key and given again);
 * - its objects live in our database (test_mode_objects, this module's table), so an outcome left unknown
 *   by a crash is settled after a restart by retrieving the PaymentIntent, as with Stripe;
 * - a card that asks for authentication leaves the PaymentIntent in requires_action until the buyer's
 *   answer in our plainly labelled test authentication window (`authenticate`);
 * - what changes is told as Stripe's webhook events (payment_intent.succeeded, payment_intent.payment_failed,
 *   charge.refunded) through `emit`, which signs them and sends them through the webhook's own path.
 *
 * A SetupIntent (the account's card replacement) is kept the same way. Stripe.js confirms one in the browser;
 * here the server does, with the test token the browser made (`confirmSetupIntent`), by the same table: a card
 * that succeeds is saved, a declined one leaves it in requires_payment_method with the decline, and a card that
 * asks for 3-D Secure leaves it in requires_action (there is no test authentication step for a SetupIntent:
 * the page asks for another card).
 */
import { createHash } from 'node:crypto';
import { TEST_MODE_PUBLISHABLE_KEY } from '../../contract/index.ts';
import { testCardOfToken } from '../../contract/reference/test-cards.ts';
import type { Queryable } from '../db/db.ts';
import type { GatewayFailure, GatewayResult, Intent, PaymentGateway, Refund, SetupIntent } from './gateway.ts';

/** Sends a Stripe-shaped event through the webhook's path (api/payments/webhooks.ts). */
export type EmitEvent = (type: string, object: Record<string, unknown>) => Promise<void>;

export interface TestModeGateway extends PaymentGateway {
  readonly mode: 'test';
  /** The test authentication window's answer for a PaymentIntent in requires_action. */
  authenticate(intentId: string, result: 'complete' | 'fail'): Promise<GatewayResult<Intent>>;
  /** Where events go; set once the webhook's receiver exists (the app wires it). */
  setEmitter(emit: EmitEvent | null): void;
  /**
   * Test mode only: confirms a SetupIntent with the browser's test token, as Stripe.js's confirmCardSetup
   * does with Stripe. A declined card answers ok: false (card_error); 3-D Secure answers requires_action.
   */
  confirmSetupIntent(setupIntentId: string, paymentToken: string): Promise<GatewayResult<SetupIntent>>;
}

interface StoredSetupIntent {
  id: string;
  object: 'setup_intent';
  status: SetupIntent['status'];
  customer: string;
  usage: 'off_session';
  payment_method: string | null;
  card: { brand: string; last4: string } | null;
  last_setup_error: { type: 'card_error' | 'invalid_request_error'; code: string; decline_code?: string } | null;
}

function setupView(intent: StoredSetupIntent): SetupIntent {
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: null,
    paymentMethodId: intent.payment_method,
    card: intent.card,
    customerId: intent.customer,
    lastError: intent.last_setup_error
      ? { type: intent.last_setup_error.type, code: intent.last_setup_error.code, declineCode: intent.last_setup_error.decline_code }
      : null,
  };
}

interface StoredIntent {
  id: string;
  object: 'payment_intent';
  status: Intent['status'];
  amount: number;
  currency: string;
  customer: string | null;
  setup_future_usage: string | null;
  payment_method: string | null;
  /** the token of a confirmation waiting for the buyer's authentication */
  pending_token: string | null;
  card: { brand: string; last4: string } | null;
  last_payment_error: { type: 'card_error' | 'invalid_request_error'; code: string; decline_code?: string } | null;
  metadata: Record<string, string>;
  description: string;
}

const idFrom = (prefix: string, key: string) => `${prefix}_testmode_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

function view(intent: StoredIntent): Intent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    clientSecret: null,
    paymentMethodId: intent.payment_method,
    customerId: intent.customer,
    lastError: intent.last_payment_error
      ? { type: intent.last_payment_error.type, code: intent.last_payment_error.code, declineCode: intent.last_payment_error.decline_code }
      : null,
    card: intent.card,
  };
}

const invalid = (code: string): GatewayFailure => ({ ok: false, type: 'invalid_request_error', code, outcomeUnknown: false });

export function isTestModeGateway(gateway: PaymentGateway): gateway is TestModeGateway {
  return gateway.mode === 'test' && 'setEmitter' in gateway;
}

export function createTestModeGateway(db: Queryable): TestModeGateway {
  let emit: EmitEvent | null = null;

  async function load(id: string): Promise<StoredIntent | null> {
    const rows = await db.query<{ object: StoredIntent }>(`SELECT object FROM test_mode_objects WHERE id = $1 AND kind = 'payment_intent'`, [id]);
    return rows[0]?.object ?? null;
  }
  async function save(intent: StoredIntent): Promise<void> {
    await db.query(`UPDATE test_mode_objects SET object = $2::jsonb WHERE id = $1`, [intent.id, JSON.stringify(intent)]);
  }
  async function loadSetup(id: string): Promise<StoredSetupIntent | null> {
    const rows = await db.query<{ object: StoredSetupIntent }>(`SELECT object FROM test_mode_objects WHERE id = $1 AND kind = 'setup_intent'`, [id]);
    return rows[0]?.object ?? null;
  }
  /** A request's answer kept under its idempotency key, as Stripe keeps it: the same key answers it again. */
  async function once<T>(key: string, work: () => Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
    const kept = await db.query<{ object: GatewayResult<T> }>(`SELECT object FROM test_mode_objects WHERE idempotency_key = $1 AND kind = 'request'`, [key]);
    if (kept[0]) return kept[0].object;
    const result = await work();
    await db.query(
      `INSERT INTO test_mode_objects (id, kind, idempotency_key, object, created_at) VALUES ($1, 'request', $2, $3::jsonb, now())
       ON CONFLICT DO NOTHING`,
      [idFrom('req', key), key, JSON.stringify(result)],
    );
    return result;
  }
  /**
   * Tells the webhook after the call has answered, as Stripe's events arrive on their own: the request that
   * made the change and the event about it race, as they do with Stripe. The receiver logs its own failures.
   */
  async function tell(type: string, object: Record<string, unknown>): Promise<void> {
    const send = emit;
    if (send) setImmediate(() => void send(type, structuredClone(object)).catch(() => undefined));
  }
  const failedEvent = (intent: StoredIntent) => tell('payment_intent.payment_failed', intent as unknown as Record<string, unknown>);

  return {
    mode: 'test',
    name: 'test-mode',
    publishableKey: TEST_MODE_PUBLISHABLE_KEY,
    setEmitter(next) {
      emit = next;
    },

    createCustomer({ idempotencyKey, metadata }) {
      return once(idempotencyKey, async () => {
        const id = idFrom('cus', idempotencyKey);
        await db.query(
          `INSERT INTO test_mode_objects (id, kind, object, created_at) VALUES ($1, 'customer', $2::jsonb, now()) ON CONFLICT DO NOTHING`,
          [id, JSON.stringify({ id, object: 'customer', metadata })],
        );
        return { ok: true, value: { id } };
      });
    },

    createIntent(request) {
      return once(request.idempotencyKey, async () => {
        const intent: StoredIntent = {
          id: idFrom('pi', request.idempotencyKey), object: 'payment_intent', status: 'requires_payment_method',
          amount: request.amountCents, currency: request.currency, customer: request.customerId,
          setup_future_usage: request.keepCard ? 'off_session' : null, payment_method: null, pending_token: null, card: null,
          last_payment_error: null, metadata: request.metadata, description: request.description,
        };
        await db.query(
          `INSERT INTO test_mode_objects (id, kind, object, created_at) VALUES ($1, 'payment_intent', $2::jsonb, now()) ON CONFLICT DO NOTHING`,
          [intent.id, JSON.stringify(intent)],
        );
        return { ok: true, value: view(intent) };
      });
    },

    confirmIntent({ intentId, idempotencyKey, paymentToken }) {
      return once(idempotencyKey, async (): Promise<GatewayResult<Intent>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          return invalid('payment_intent_unexpected_state');
        }
        const card = testCardOfToken(paymentToken);
        if (!card) {
          intent.last_payment_error = { type: 'invalid_request_error', code: 'resource_missing' };
          await save(intent);
          return invalid('resource_missing');
        }
        const last4 = card.number.slice(-4);
        const brand = card.brand.replace(/ \(.*\)$/, '');
        if (card.outcome.kind === 'declines') {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = { type: 'card_error', code: card.outcome.code, decline_code: card.outcome.declineCode };
          await save(intent);
          await failedEvent(intent);
          return { ok: false, type: 'card_error', code: card.outcome.code, declineCode: card.outcome.declineCode, outcomeUnknown: false };
        }
        intent.card = { brand, last4 };
        intent.last_payment_error = null;
        if (card.outcome.kind === 'authenticates') {
          intent.status = 'requires_action';
          intent.pending_token = paymentToken;
          await save(intent);
          return { ok: true, value: view(intent) };
        }
        intent.status = 'succeeded';
        intent.payment_method = idFrom('pm', `${intent.id}:${paymentToken}`);
        await save(intent);
        await tell('payment_intent.succeeded', intent as unknown as Record<string, unknown>);
        return { ok: true, value: view(intent) };
      });
    },

    async authenticate(intentId, result) {
      const intent = await load(intentId);
      if (!intent || intent.status !== 'requires_action') return invalid('payment_intent_unexpected_state');
      if (result === 'complete') {
        intent.status = 'succeeded';
        intent.payment_method = idFrom('pm', `${intent.id}:${intent.pending_token}`);
      } else {
        intent.status = 'requires_payment_method';
        intent.card = null;
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' };
      }
      intent.pending_token = null;
      await save(intent);
      if (intent.status === 'succeeded') await tell('payment_intent.succeeded', intent as unknown as Record<string, unknown>);
      else await failedEvent(intent);
      return { ok: true, value: view(intent) };
    },

    async retrieveIntent(intentId) {
      const intent = await load(intentId);
      return intent ? { ok: true, value: view(intent) } : invalid('resource_missing');
    },

    cancelIntent(intentId, idempotencyKey) {
      return once(idempotencyKey, async (): Promise<GatewayResult<Intent>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status === 'succeeded' || intent.status === 'processing') return invalid('payment_intent_unexpected_state');
        intent.status = 'canceled';
        intent.pending_token = null;
        await save(intent);
        return { ok: true, value: view(intent) };
      });
    },

    createSetupIntent({ idempotencyKey, customerId }) {
      return once(idempotencyKey, async (): Promise<GatewayResult<SetupIntent>> => {
        const customer = await db.query(`SELECT 1 FROM test_mode_objects WHERE id = $1 AND kind = 'customer'`, [customerId]);
        if (customer.length === 0) return invalid('resource_missing');
        const intent: StoredSetupIntent = {
          id: idFrom('seti', idempotencyKey), object: 'setup_intent', status: 'requires_payment_method', customer: customerId,
          usage: 'off_session', payment_method: null, card: null, last_setup_error: null,
        };
        await db.query(
          `INSERT INTO test_mode_objects (id, kind, object, created_at) VALUES ($1, 'setup_intent', $2::jsonb, now()) ON CONFLICT DO NOTHING`,
          [intent.id, JSON.stringify(intent)],
        );
        return { ok: true, value: setupView(intent) };
      });
    },

    async retrieveSetupIntent(setupIntentId) {
      const intent = await loadSetup(setupIntentId);
      return intent ? { ok: true, value: setupView(intent) } : invalid('resource_missing');
    },

    async confirmSetupIntent(setupIntentId, paymentToken) {
      const intent = await loadSetup(setupIntentId);
      if (!intent) return invalid('resource_missing');
      // confirmed already: what it saved stands, as Stripe answers a second confirmCardSetup
      if (intent.status === 'succeeded' || intent.status === 'canceled') return { ok: true, value: setupView(intent) };
      const card = testCardOfToken(paymentToken);
      if (!card) return invalid('resource_missing');
      if (card.outcome.kind === 'declines') {
        intent.status = 'requires_payment_method';
        intent.card = null;
        intent.last_setup_error = { type: 'card_error', code: card.outcome.code, decline_code: card.outcome.declineCode };
        await db.query(`UPDATE test_mode_objects SET object = $2::jsonb WHERE id = $1`, [intent.id, JSON.stringify(intent)]);
        return { ok: false, type: 'card_error', code: card.outcome.code, declineCode: card.outcome.declineCode, outcomeUnknown: false };
      }
      intent.card = { brand: card.brand.replace(/ \(.*\)$/, ''), last4: card.number.slice(-4) };
      intent.last_setup_error = null;
      if (card.outcome.kind === 'authenticates') {
        intent.status = 'requires_action';
      } else {
        intent.status = 'succeeded';
        intent.payment_method = idFrom('pm', `${intent.id}:${paymentToken}`);
      }
      await db.query(`UPDATE test_mode_objects SET object = $2::jsonb WHERE id = $1`, [intent.id, JSON.stringify(intent)]);
      return { ok: true, value: setupView(intent) };
    },

    refund({ intentId, amountCents, idempotencyKey, reason }) {
      return once(idempotencyKey, async (): Promise<GatewayResult<Refund>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status !== 'succeeded') return invalid('charge_not_captured');
        if (amountCents > intent.amount) return invalid('amount_too_large');
        const refund = { id: idFrom('re', idempotencyKey), object: 'refund', amount: amountCents, status: 'succeeded', payment_intent: intent.id, metadata: { reason } };
        await db.query(
          `INSERT INTO test_mode_objects (id, kind, object, created_at) VALUES ($1, 'refund', $2::jsonb, now()) ON CONFLICT DO NOTHING`,
          [refund.id, JSON.stringify(refund)],
        );
        await tell('charge.refunded', {
          id: idFrom('ch', intent.id), object: 'charge', payment_intent: intent.id, amount: intent.amount, amount_refunded: amountCents,
          refunded: amountCents === intent.amount, refunds: { object: 'list', data: [refund] },
        });
        return { ok: true, value: { id: refund.id, status: 'succeeded', amountCents } };
      });
    },
  };
}
