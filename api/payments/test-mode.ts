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
 *
 * Kept cards behave as Stripe's test PaymentMethods do. Each PaymentMethod this gateway makes (a purchase that
 * keeps the card, a SetupIntent that saves one, a purchase completed after authentication) is a row of kind
 * 'payment_method' holding the test token it was made from, so a later charge with its pm_ id behaves as that
 * card: off-session (the monthly bill, `offSession`) by the card's off-session outcome in the contract's table,
 * where a card whose bank asks for authentication is refused with authentication_required; on-session (the
 * customer paying that bill on our site) as at purchase.
 *
 * The reconciliation's lists read the rows by their created_at, which `clock` stamps (the machine's by default).
 */
import { createHash } from 'node:crypto';
import { TEST_MODE_PUBLISHABLE_KEY } from '../../contract/index.ts';
import { offSessionOutcome, setupOutcome, testCardOfToken, type TestCard } from '../../contract/reference/test-cards.ts';
import type { Queryable } from '../db/db.ts';
import type { GatewayFailure, GatewayResult, Intent, ListedCharge, ListedRefund, PaymentGateway, Refund, SetupIntent } from './gateway.ts';

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

/** A PaymentMethod this gateway made: the test token it came from decides what charging it does. */
interface StoredPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string };
  token: string;
}

interface StoredRefund {
  id: string;
  object: 'refund';
  amount: number;
  status: Refund['status'];
  payment_intent: string;
  metadata: Record<string, string>;
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
  /** the token (or kept pm_) of a confirmation waiting for the buyer's authentication */
  pending_token: string | null;
  card: { brand: string; last4: string } | null;
  last_payment_error: { type: 'card_error' | 'invalid_request_error'; code: string; decline_code?: string } | null;
  metadata: Record<string, string>;
  description: string;
}

/** The card's brand as Stripe names it on a PaymentMethod and its last four digits (never the number). */
const cardShown = (card: TestCard) => ({ brand: card.brand.replace(/ \(.*\)$/, ''), last4: card.number.slice(-4) });

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

export interface TestModeOptions {
  /** What stamps each object's created_at (the reconciliation lists by it); the machine's clock by default. */
  clock?: () => Date;
}

export function createTestModeGateway(db: Queryable, options: TestModeOptions = {}): TestModeGateway {
  const clock = options.clock ?? (() => new Date());
  let emit: EmitEvent | null = null;

  async function load(id: string): Promise<StoredIntent | null> {
    const rows = await db.query<{ object: StoredIntent }>(`SELECT object FROM test_mode_objects WHERE id = $1 AND kind = 'payment_intent'`, [id]);
    return rows[0]?.object ?? null;
  }
  /**
   * How a change at the provider is written: at once, or (a call under an idempotency key, once) kept and
   * written with the call's answer in one statement, its events told after that statement.
   */
  interface Writer {
    /** A new object (made again under the same key, the one already there stands). */
    create(id: string, kind: string, object: unknown): Promise<void>;
    /** An object as it now is. */
    replace(id: string, object: unknown): Promise<void>;
    /**
     * Tells the webhook after the call has answered, as Stripe's events arrive on their own: the request that
     * made the change and the event about it race, as they do with Stripe. The receiver logs its own failures.
     */
    tell(type: string, object: Record<string, unknown>): Promise<void>;
  }
  const atOnce: Writer = {
    async create(id, kind, object) {
      await db.query(
        `INSERT INTO test_mode_objects (id, kind, object, created_at) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT DO NOTHING`,
        [id, kind, JSON.stringify(object), clock()],
      );
    },
    async replace(id, object) {
      await db.query(`UPDATE test_mode_objects SET object = $2::jsonb WHERE id = $1`, [id, JSON.stringify(object)]);
    },
    async tell(type, object) {
      const send = emit;
      if (send) setImmediate(() => void send(type, structuredClone(object)).catch(() => undefined));
    },
  };
  const save = (intent: StoredIntent, writer: Writer) => writer.replace(intent.id, intent);
  async function loadPaymentMethod(id: string): Promise<StoredPaymentMethod | null> {
    const rows = await db.query<{ object: StoredPaymentMethod }>(`SELECT object FROM test_mode_objects WHERE id = $1 AND kind = 'payment_method'`, [id]);
    return rows[0]?.object ?? null;
  }
  /**
   * The PaymentMethod made from `token` under `key` (its id derived from the key, so making it again is the same
   * one), kept on `customer`: what a later charge with its id is read from.
   */
  async function makePaymentMethod(key: string, token: string, card: TestCard, customer: string | null, writer: Writer): Promise<string> {
    const method: StoredPaymentMethod = { id: idFrom('pm', key), object: 'payment_method', type: 'card', customer, card: cardShown(card), token };
    await writer.create(method.id, 'payment_method', method);
    return method.id;
  }
  /**
   * The test card behind what a confirmation names: a kept PaymentMethod this gateway made (`kept`), else
   * Stripe's test token or test PaymentMethod name; null for what Stripe would not know.
   */
  async function cardBehind(paymentToken: string): Promise<{ card: TestCard; kept: StoredPaymentMethod | null } | null> {
    const kept = paymentToken.startsWith('pm_') ? await loadPaymentMethod(paymentToken) : null;
    const card = testCardOfToken(kept?.token ?? paymentToken);
    return card ? { card, kept } : null;
  }
  /**
   * The PaymentMethod a succeeded PaymentIntent charged: the kept one it was confirmed with, or one made from
   * the token, kept on the customer when the purchase asked to keep the card (setup_future_usage) as Stripe does.
   */
  async function chargedMethod(intent: StoredIntent, token: string, writer: Writer): Promise<string> {
    const behind = await cardBehind(token);
    if (behind?.kept) return behind.kept.id;
    const key = `${intent.id}:${token}`;
    if (behind && intent.setup_future_usage) return makePaymentMethod(key, token, behind.card, intent.customer, writer);
    return idFrom('pm', key);
  }
  async function loadSetup(id: string): Promise<StoredSetupIntent | null> {
    const rows = await db.query<{ object: StoredSetupIntent }>(`SELECT object FROM test_mode_objects WHERE id = $1 AND kind = 'setup_intent'`, [id]);
    return rows[0]?.object ?? null;
  }
  /**
   * A request's answer kept under its idempotency key, as Stripe keeps it: the same key answers it again.
   * What the call changed is written with its answer, in one statement (all of it or none), and its events
   * are told once that is done.
   *
   * The work runs first, its changes only collected, and the statement keeps them only when it is the first to
   * keep an answer under the key; otherwise nothing it did stands and the answer kept stands instead. So a
   * call is one statement, not a look-up and then a write, and two calls with one key at once change the
   * objects once (the second's changes, computed from the same objects, are dropped with its answer).
   */
  async function once<T>(key: string, work: (writer: Writer) => Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
    const created: { id: string; kind: string; object: unknown }[] = [];
    const replaced: { id: string; object: unknown }[] = [];
    const told: [string, Record<string, unknown>][] = [];
    const result = await work({
      async create(id, kind, object) {
        created.push({ id, kind, object });
      },
      async replace(id, object) {
        replaced.push({ id, object });
      },
      async tell(type, object) {
        told.push([type, structuredClone(object)]);
      },
    });
    const first = await db.query(
      `WITH request AS (
         INSERT INTO test_mode_objects (id, kind, idempotency_key, object, created_at) VALUES ($1, 'request', $2, $3::jsonb, $4)
         ON CONFLICT DO NOTHING RETURNING id
       ), created AS (
         INSERT INTO test_mode_objects (id, kind, object, created_at)
         SELECT id, kind, object, $4 FROM jsonb_to_recordset($5::jsonb) AS c (id text, kind text, object jsonb)
         WHERE EXISTS (SELECT 1 FROM request)
         ON CONFLICT DO NOTHING
       ), replaced AS (
         UPDATE test_mode_objects SET object = r.object FROM jsonb_to_recordset($6::jsonb) AS r (id text, object jsonb)
         WHERE test_mode_objects.id = r.id AND EXISTS (SELECT 1 FROM request)
       )
       SELECT 1 FROM request`,
      [idFrom('req', key), key, JSON.stringify(result), clock(), JSON.stringify(created), JSON.stringify(replaced)],
    );
    if (first.length === 0) {
      // read apart: the statement's snapshot predates an answer kept by a call that committed while it waited
      const kept = await db.query<{ object: GatewayResult<T> }>(`SELECT object FROM test_mode_objects WHERE idempotency_key = $1 AND kind = 'request'`, [key]);
      return kept[0]!.object;
    }
    for (const [type, object] of told) await atOnce.tell(type, object);
    return result;
  }
  const failedEvent = (intent: StoredIntent, writer: Writer) => writer.tell('payment_intent.payment_failed', intent as unknown as Record<string, unknown>);

  return {
    mode: 'test',
    name: 'test-mode',
    publishableKey: TEST_MODE_PUBLISHABLE_KEY,
    setEmitter(next) {
      emit = next;
    },

    createCustomer({ idempotencyKey, metadata }) {
      return once(idempotencyKey, async (writer) => {
        const id = idFrom('cus', idempotencyKey);
        await writer.create(id, 'customer', { id, object: 'customer', metadata });
        return { ok: true, value: { id } };
      });
    },

    createIntent(request) {
      return once(request.idempotencyKey, async (writer): Promise<GatewayResult<Intent>> => {
        // the monthly bill names the kept card at creation; Stripe refuses a PaymentMethod it does not know
        const kept = request.paymentMethodId ? await cardBehind(request.paymentMethodId) : null;
        if (request.paymentMethodId && !kept) return invalid('resource_missing');
        const intent: StoredIntent = {
          id: idFrom('pi', request.idempotencyKey), object: 'payment_intent', status: 'requires_payment_method',
          amount: request.amountCents, currency: request.currency, customer: request.customerId,
          setup_future_usage: request.keepCard ? 'off_session' : null, payment_method: request.paymentMethodId ?? null, pending_token: null,
          card: kept ? cardShown(kept.card) : null, last_payment_error: null, metadata: request.metadata, description: request.description,
        };
        await writer.create(intent.id, 'payment_intent', intent);
        return { ok: true, value: view(intent) };
      });
    },

    confirmIntent({ intentId, idempotencyKey, paymentToken, offSession }) {
      return once(idempotencyKey, async (writer): Promise<GatewayResult<Intent>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          return invalid('payment_intent_unexpected_state');
        }
        const behind = await cardBehind(paymentToken);
        if (!behind) {
          intent.last_payment_error = { type: 'invalid_request_error', code: 'resource_missing' };
          await save(intent, writer);
          return invalid('resource_missing');
        }
        const { card } = behind;
        // with the customer absent nobody can authenticate: the card's off-session outcome charges or refuses
        const outcome = offSession ? offSessionOutcome(card) : card.outcome;
        if (outcome.kind === 'declines') {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode };
          await save(intent, writer);
          await failedEvent(intent, writer);
          return { ok: false, type: 'card_error', code: outcome.code, declineCode: outcome.declineCode, outcomeUnknown: false };
        }
        intent.card = cardShown(card);
        intent.last_payment_error = null;
        if (outcome.kind === 'authenticates') {
          intent.status = 'requires_action';
          intent.pending_token = paymentToken;
          await save(intent, writer);
          return { ok: true, value: view(intent) };
        }
        intent.status = 'succeeded';
        intent.payment_method = await chargedMethod(intent, paymentToken, writer);
        await save(intent, writer);
        await writer.tell('payment_intent.succeeded', intent as unknown as Record<string, unknown>);
        return { ok: true, value: view(intent) };
      });
    },

    async authenticate(intentId, result) {
      const intent = await load(intentId);
      if (!intent || intent.status !== 'requires_action') return invalid('payment_intent_unexpected_state');
      if (result === 'complete') {
        intent.status = 'succeeded';
        intent.payment_method = await chargedMethod(intent, intent.pending_token ?? '', atOnce);
      } else {
        intent.status = 'requires_payment_method';
        intent.card = null;
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' };
      }
      intent.pending_token = null;
      await save(intent, atOnce);
      if (intent.status === 'succeeded') await atOnce.tell('payment_intent.succeeded', intent as unknown as Record<string, unknown>);
      else await failedEvent(intent, atOnce);
      return { ok: true, value: view(intent) };
    },

    async retrieveIntent(intentId) {
      const intent = await load(intentId);
      return intent ? { ok: true, value: view(intent) } : invalid('resource_missing');
    },

    cancelIntent(intentId, idempotencyKey) {
      return once(idempotencyKey, async (writer): Promise<GatewayResult<Intent>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status === 'succeeded' || intent.status === 'processing') return invalid('payment_intent_unexpected_state');
        intent.status = 'canceled';
        intent.pending_token = null;
        await save(intent, writer);
        return { ok: true, value: view(intent) };
      });
    },

    createSetupIntent({ idempotencyKey, customerId }) {
      return once(idempotencyKey, async (writer): Promise<GatewayResult<SetupIntent>> => {
        const customer = await db.query(`SELECT 1 FROM test_mode_objects WHERE id = $1 AND kind = 'customer'`, [customerId]);
        if (customer.length === 0) return invalid('resource_missing');
        const intent: StoredSetupIntent = {
          id: idFrom('seti', idempotencyKey), object: 'setup_intent', status: 'requires_payment_method', customer: customerId,
          usage: 'off_session', payment_method: null, card: null, last_setup_error: null,
        };
        await writer.create(intent.id, 'setup_intent', intent);
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
      // saving differs from charging for some cards (4000 0000 0000 0341 saves, then every charge is declined)
      const outcome = setupOutcome(card);
      if (outcome.kind === 'declines') {
        intent.status = 'requires_payment_method';
        intent.card = null;
        intent.last_setup_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode };
        await atOnce.replace(intent.id, intent);
        return { ok: false, type: 'card_error', code: outcome.code, declineCode: outcome.declineCode, outcomeUnknown: false };
      }
      intent.card = cardShown(card);
      intent.last_setup_error = null;
      if (outcome.kind === 'authenticates') {
        intent.status = 'requires_action';
      } else {
        intent.status = 'succeeded';
        intent.payment_method = await makePaymentMethod(`${intent.id}:${paymentToken}`, paymentToken, card, intent.customer, atOnce);
      }
      await atOnce.replace(intent.id, intent);
      return { ok: true, value: setupView(intent) };
    },

    refund({ intentId, amountCents, idempotencyKey, reason }) {
      return once(idempotencyKey, async (writer): Promise<GatewayResult<Refund>> => {
        const intent = await load(intentId);
        if (!intent) return invalid('resource_missing');
        if (intent.status !== 'succeeded') return invalid('charge_not_captured');
        if (amountCents > intent.amount) return invalid('amount_too_large');
        const refund: StoredRefund = {
          id: idFrom('re', idempotencyKey), object: 'refund', amount: amountCents, status: 'succeeded', payment_intent: intent.id, metadata: { reason },
        };
        await writer.create(refund.id, 'refund', refund);
        await writer.tell('charge.refunded', {
          id: idFrom('ch', intent.id), object: 'charge', payment_intent: intent.id, amount: intent.amount, amount_refunded: amountCents,
          refunded: amountCents === intent.amount, refunds: { object: 'list', data: [refund] },
        });
        return { ok: true, value: { id: refund.id, status: 'succeeded', amountCents } };
      });
    },

    async listCharges({ from, to }) {
      const rows = await db.query<{ object: StoredIntent; created_at: Date | string }>(
        `SELECT object, created_at FROM test_mode_objects
         WHERE kind = 'payment_intent' AND object->>'status' = 'succeeded' AND created_at >= $1 AND created_at < $2
         ORDER BY created_at, id`,
        [from, to],
      );
      const charges: ListedCharge[] = rows.map(({ object, created_at }) => ({
        id: object.id, amountCents: object.amount, created: new Date(created_at), metadata: object.metadata,
      }));
      return { ok: true, value: charges };
    },

    async listRefunds({ from, to }) {
      const rows = await db.query<{ object: StoredRefund; created_at: Date | string }>(
        `SELECT object, created_at FROM test_mode_objects WHERE kind = 'refund' AND created_at >= $1 AND created_at < $2 ORDER BY created_at, id`,
        [from, to],
      );
      const refunds: ListedRefund[] = rows.map(({ object, created_at }) => ({
        id: object.id, intentId: object.payment_intent, amountCents: object.amount, status: object.status, created: new Date(created_at),
      }));
      return { ok: true, value: refunds };
    },
  };
}
