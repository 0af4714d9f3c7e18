/**
 * A stand-in for Stripe's API on loopback, for tests of the real Stripe gateway (stripe-node pointed at it
 * with STRIPE_API_URL). It speaks as much of Stripe as the purchase uses, the way Stripe does: form-encoded
 * bodies, Bearer auth, Stripe's error envelope, Idempotency-Key honoured per endpoint (the same key answers
 * the first result again and changes nothing), and these calls:
 *
 *   POST /v1/customers                      a Customer
 *   POST /v1/payment_intents                an unconfirmed PaymentIntent, for a kept card with `payment_method`
 *   POST /v1/payment_intents/:id/confirm    the charge: Stripe's test tokens decide (contract test-cards.ts);
 *                                           with `off_session=true`, the card's off-session outcome (a bank that
 *                                           asks for authentication answers authentication_required)
 *   GET  /v1/payment_intents/:id            what happened
 *   GET  /v1/payment_intents                the list, newest first, by `created[gte]`/`created[lt]`, in pages
 *                                           (`limit`, `starting_after`, `has_more`) as stripe-node pages them
 *   POST /v1/payment_intents/:id/cancel
 *   POST /v1/refunds
 *   GET  /v1/refunds                        the list, as the PaymentIntents' is
 *   POST /v1/setup_intents                  a SetupIntent for a Customer's next card (the account's card page)
 *   GET  /v1/setup_intents/:id              with `expand[]=payment_method`, the card's brand and last four
 *
 * A SetupIntent is confirmed by Stripe.js in the browser, never by our server: `confirmSetup` plays that part.
 * Each PaymentMethod it makes (a charge from a token, a saved SetupIntent) remembers the test token it came
 * from, so a later charge with its pm_ id behaves as that card, as in Stripe's test mode. `clock` stamps
 * `created` (whole seconds, as Stripe's), so a test can place charges and refunds in time.
 *
 * Its faults are scripted per confirmation, so a test can make the provider charge then fail, hang past the
 * client's timeout (having charged, or without charging), or refuse before charging, and then count what was
 * really charged and refunded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { offSessionOutcome, setupOutcome, testCardOfToken, type TestCard } from '../../contract/reference/test-cards.ts';

export type StandInStep =
  /** charge (or decline, or ask for authentication) as the token says, and answer */
  | 'normal'
  /** charge, then never answer (the client times out) */
  | 'hang-after-charge'
  /**
   * receive the confirmation and never carry it out nor answer: the PaymentIntent stays unconfirmed (as if the
   * request never got past the provider's door), so a retrieve finds nothing charged and no error
   */
  | 'hang-before-charge'
  /** charge, then answer 500 as if it had failed */
  | 'charge-then-500'
  /** answer 500 without charging anything */
  | 'error-500';

export interface StandInCharge {
  id: string;
  amount: number;
  idempotencyKey: string | undefined;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  client_secret: string;
  last_payment_error: Record<string, unknown> | null;
  metadata: Record<string, string>;
  created: number;
}

interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  status: string;
  payment_intent: string;
  created: number;
}

/** A PaymentMethod the stand-in made, with the test token that decides what charging it does. */
interface StandInPaymentMethod {
  id: string;
  token: string;
  customer: string | null;
}

interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  status: string;
  customer: string | null;
  usage: string | null;
  payment_method: string | null;
  client_secret: string;
  last_setup_error: Record<string, unknown> | null;
  /** the saved card (what the expanded PaymentMethod shows) */
  card: { brand: string; last4: string } | null;
}

export interface StripeStandIn {
  url: string;
  /** PaymentIntents that succeeded: what the card holder would see on their statement. */
  charges: StandInCharge[];
  /** Refunds given: what the card holder would see returned. */
  refunds: { id: string; paymentIntent: string; amount: number }[];
  /** Every request received, with its path, form body and headers. */
  requests: { method: string; path: string; idempotencyKey: string | undefined; form: URLSearchParams; authorization: string | undefined }[];
  /** What the next confirmations do, in order; 'normal' once the script is used up. */
  script: StandInStep[];
  /** How many of the next retrieves answer 500 (the provider cannot say what happened, for now). */
  failRetrieves: number;
  intents: Map<string, Intent>;
  setupIntents: Map<string, StandInSetupIntent>;
  /** What stamps `created` on PaymentIntents and refunds; the machine's clock unless a test sets it. */
  clock: () => Date;
  /**
   * Stripe.js's confirmCardSetup in the policyholder's browser: the test token decides (a declined card leaves
   * the SetupIntent in requires_payment_method, a 3-D Secure card in requires_action, any other is saved).
   */
  confirmSetup(setupIntentId: string, token: string): void;
  /** The buyer finishes 3-D Secure at the bank (Stripe.js's handleNextAction in a real browser). */
  authenticate(intentId: string, result: 'complete' | 'fail'): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const charges: StandInCharge[] = [];
  const refunds: StripeStandIn['refunds'] = [];
  const requests: StripeStandIn['requests'] = [];
  const intents = new Map<string, Intent>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const refundObjects: StandInRefund[] = [];
  /** the token (or kept pm_) of a confirmation waiting for the buyer's authentication, by PaymentIntent */
  const pendingTokens = new Map<string, string>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const hanging: ServerResponse[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_standin_${++counter}`;

  const seconds = () => Math.floor(standIn.clock().getTime() / 1000);

  /** A PaymentMethod made from `token`, kept on `customer` (null: used once, not kept). */
  function makePaymentMethod(token: string, customer: string | null): string {
    const method = { id: next('pm'), token, customer };
    paymentMethods.set(method.id, method);
    return method.id;
  }

  /** The test card a confirmation names: a PaymentMethod made here, or Stripe's test token or pm_card_ name. */
  function cardBehind(token: string): { card: TestCard; kept: StandInPaymentMethod | null } | null {
    const kept = paymentMethods.get(token) ?? null;
    const card = testCardOfToken(kept?.token ?? token);
    return card ? { card, kept } : null;
  }

  function charge(intent: Intent, key: string | undefined, token: string) {
    intent.status = 'succeeded';
    const kept = paymentMethods.get(token);
    intent.payment_method = kept ? kept.id : makePaymentMethod(token, intent.setup_future_usage ? intent.customer : null);
    charges.push({ id: intent.id, amount: intent.amount, idempotencyKey: key });
  }

  function confirm(intent: Intent, form: URLSearchParams, key: string | undefined): { status: number; body: unknown } {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
    }
    const token = form.get('payment_method_data[card][token]') ?? form.get('payment_method') ?? intent.payment_method ?? '';
    const behind = cardBehind(token);
    if (!behind) return error(400, 'invalid_request_error', `No such token: '${token}'`, { code: 'resource_missing' });
    // the customer is absent: nobody can authenticate, so the card's off-session outcome charges or refuses
    const outcome = form.get('off_session') === 'true' ? offSessionOutcome(behind.card) : behind.card.outcome;
    if (outcome.kind === 'declines') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode };
      const message = outcome.code === 'authentication_required' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.';
      return error(402, 'card_error', message, { code: outcome.code, decline_code: outcome.declineCode, payment_intent: intent });
    }
    intent.last_payment_error = null;
    if (outcome.kind === 'authenticates') {
      intent.status = 'requires_action';
      pendingTokens.set(intent.id, token);
      return { status: 200, body: intent };
    }
    charge(intent, key, token);
    return { status: 200, body: intent };
  }

  /**
   * One page of `items` (newest first, as Stripe lists) within the query's created[gte]/created[lt], after
   * `starting_after`, at most `limit`.
   */
  function page<T extends { id: string; created: number }>(items: T[], query: URLSearchParams, url: string) {
    const gte = Number(query.get('created[gte]') ?? -Infinity);
    const lt = Number(query.get('created[lt]') ?? Infinity);
    const limit = Number(query.get('limit') ?? 10);
    // insertion order breaks ties within a second, newest first as Stripe's
    const listed = items.map((item, order) => ({ item, order })).filter(({ item }) => item.created >= gte && item.created < lt)
      .sort((a, b) => b.item.created - a.item.created || b.order - a.order).map(({ item }) => item);
    const after = query.get('starting_after');
    const start = after ? listed.findIndex((item) => item.id === after) + 1 : 0;
    const data = listed.slice(start, start + limit);
    return { status: 200, body: { object: 'list', url, has_more: start + limit < listed.length, data } };
  }

  const standIn: StripeStandIn = {
    url: '', charges, refunds, requests, script: [], failRetrieves: 0, intents, setupIntents, clock: () => new Date(),
    confirmSetup(setupIntentId, token) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup || setup.status === 'succeeded' || setup.status === 'canceled') throw new Error(`${setupIntentId} cannot be confirmed`);
      const card = testCardOfToken(token);
      if (!card) throw new Error(`No such token: ${token}`);
      const outcome = setupOutcome(card);
      if (outcome.kind === 'declines') {
        setup.status = 'requires_payment_method';
        setup.last_setup_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode };
        return;
      }
      setup.card = { brand: card.brand.replace(/ \(.*\)$/, '').toLowerCase(), last4: card.number.slice(-4) };
      setup.last_setup_error = null;
      if (outcome.kind === 'authenticates') setup.status = 'requires_action';
      else {
        setup.status = 'succeeded';
        setup.payment_method = makePaymentMethod(token, setup.customer);
      }
    },
    authenticate(intentId, result) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`${intentId} is not waiting for authentication`);
      const token = pendingTokens.get(intentId) ?? '';
      pendingTokens.delete(intentId);
      if (result === 'complete') charge(intent, undefined, token);
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' };
      }
    },
    close: async () => undefined,
  };

  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    const [path = '', query = ''] = (request.url ?? '').split('?');
    const method = request.method ?? 'GET';
    requests.push({ method, path, idempotencyKey: key, form, authorization: request.headers.authorization });
    const answer = (result: { status: number; body: unknown }) => {
      response.writeHead(result.status, { 'Content-Type': 'application/json', 'Request-Id': `req_standin_${requests.length}` });
      response.end(JSON.stringify(result.body));
    };
    const keyed = key ? `${method} ${path} ${key}` : null;
    if (keyed && byKey.has(keyed)) {
      response.setHeader('Idempotent-Replayed', 'true');
      return answer(byKey.get(keyed)!);
    }
    const keep = (result: { status: number; body: unknown }) => {
      if (keyed) byKey.set(keyed, result);
      return result;
    };

    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm|\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/customers') {
      return answer(keep({ status: 200, body: { id: next('cus'), object: 'customer' } }));
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const kept = form.get('payment_method');
      if (kept && !cardBehind(kept)) return answer(keep(error(400, 'invalid_request_error', `No such PaymentMethod: '${kept}'`, { code: 'resource_missing' })));
      const id = next('pi');
      const metadata = Object.fromEntries([...form].flatMap(([name, value]) => {
        const field = /^metadata\[(.+)\]$/.exec(name);
        return field ? [[field[1]!, value]] : [];
      }));
      const intent: Intent = {
        id, object: 'payment_intent', status: 'requires_payment_method', amount: Number(form.get('amount')), currency: form.get('currency') ?? 'usd',
        customer: form.get('customer'), payment_method: kept, setup_future_usage: form.get('setup_future_usage'),
        client_secret: `${id}_secret_standin`, last_payment_error: null, metadata, created: seconds(),
      };
      intents.set(id, intent);
      return answer(keep({ status: 200, body: intent }));
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      return answer(page([...intents.values()], new URLSearchParams(query), '/v1/payment_intents'));
    }
    if (method === 'GET' && path === '/v1/refunds') {
      return answer(page(refundObjects, new URLSearchParams(query), '/v1/refunds'));
    }
    if (intentPath) {
      const intent = intents.get(intentPath[1]!);
      if (!intent) return answer(error(404, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing' }));
      if (method === 'GET' && !intentPath[2]) {
        if (standIn.failRetrieves > 0) {
          standIn.failRetrieves -= 1;
          return answer(error(500, 'api_error', 'An unknown error occurred.'));
        }
        return answer({ status: 200, body: intent });
      }
      if (method === 'POST' && intentPath[2] === '/cancel') {
        if (intent.status === 'succeeded') return answer(keep(error(400, 'invalid_request_error', 'You cannot cancel this PaymentIntent because it has a status of succeeded.', { code: 'payment_intent_unexpected_state' })));
        intent.status = 'canceled';
        return answer(keep({ status: 200, body: intent }));
      }
      if (method === 'POST' && intentPath[2] === '/confirm') {
        const step = standIn.script.shift() ?? 'normal';
        if (step === 'error-500') return answer(error(500, 'api_error', 'An unknown error occurred.'));
        if (step === 'hang-before-charge') return void hanging.push(response);
        const result = keep(confirm(intent, form, key));
        if (step === 'hang-after-charge') return void hanging.push(response);
        if (step === 'charge-then-500') return answer(error(500, 'api_error', 'An unknown error occurred.'));
        return answer(result);
      }
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      const setup: StandInSetupIntent = {
        id, object: 'setup_intent', status: 'requires_payment_method', customer: form.get('customer'), usage: form.get('usage'),
        payment_method: null, client_secret: `${id}_secret_standin`, last_setup_error: null, card: null,
      };
      setupIntents.set(id, setup);
      const { card: _card, ...body } = setup;
      return answer(keep({ status: 200, body }));
    }
    const setupPath = /^\/v1\/setup_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && setupPath) {
      const setup = setupIntents.get(setupPath[1]!);
      if (!setup) return answer(error(404, 'invalid_request_error', `No such setupintent: '${setupPath[1]}'`, { code: 'resource_missing' }));
      const { card, ...body } = setup;
      // stripe-node writes arrays with indices (expand[0]=payment_method)
      const expanded = [...new URLSearchParams(query)].some(([name, value]) => /^expand\[\d*\]$/.test(name) && value === 'payment_method');
      const paymentMethod = expanded && setup.payment_method
        ? { id: setup.payment_method, object: 'payment_method', type: 'card', card: card ? { brand: card.brand, last4: card.last4 } : null }
        : setup.payment_method;
      return answer({ status: 200, body: { ...body, payment_method: paymentMethod } });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded') return answer(keep(error(400, 'invalid_request_error', 'This charge cannot be refunded.', { code: 'charge_not_captured' })));
      const amount = Number(form.get('amount') ?? intent.amount);
      const refund: StandInRefund = { id: next('re'), object: 'refund', amount, status: 'succeeded', payment_intent: intent.id, created: seconds() };
      refunds.push({ id: refund.id, paymentIntent: intent.id, amount });
      refundObjects.push(refund);
      return answer(keep({ status: 200, body: refund }));
    }
    return answer(error(404, 'invalid_request_error', 'Unrecognized request URL.'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const response of hanging) response.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}
