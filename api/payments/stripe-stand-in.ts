/**
 * A stand-in for Stripe's API on loopback, for tests of the real Stripe gateway (stripe-node pointed at it
 * with STRIPE_API_URL). It speaks as much of Stripe as the purchase uses, the way Stripe does: form-encoded
 * bodies, Bearer auth, Stripe's error envelope, Idempotency-Key honoured per endpoint (the same key answers
 * the first result again and changes nothing), and these calls:
 *
 *   POST /v1/customers                      a Customer
 *   POST /v1/payment_intents                an unconfirmed PaymentIntent
 *   POST /v1/payment_intents/:id/confirm    the charge: Stripe's test tokens decide (contract test-cards.ts)
 *   GET  /v1/payment_intents/:id            what happened
 *   POST /v1/payment_intents/:id/cancel
 *   POST /v1/refunds
 *   POST /v1/setup_intents                  a SetupIntent for a Customer's next card (the account's card page)
 *   GET  /v1/setup_intents/:id              with `expand[]=payment_method`, the card's brand and last four
 *
 * A SetupIntent is confirmed by Stripe.js in the browser, never by our server: `confirmSetup` plays that part.
 *
 * Its faults are scripted per confirmation, so a test can make the provider charge then fail, hang past the
 * client's timeout (having charged, or without charging), or refuse before charging, and then count what was
 * really charged and refunded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCardOfToken } from '../../contract/reference/test-cards.ts';

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
  const byKey = new Map<string, { status: number; body: unknown }>();
  const hanging: ServerResponse[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_standin_${++counter}`;

  function charge(intent: Intent, key: string | undefined) {
    intent.status = 'succeeded';
    intent.payment_method = next('pm');
    charges.push({ id: intent.id, amount: intent.amount, idempotencyKey: key });
  }

  function confirm(intent: Intent, form: URLSearchParams, key: string | undefined): { status: number; body: unknown } {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(400, 'invalid_request_error', `This PaymentIntent's status is ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
    }
    const token = form.get('payment_method_data[card][token]') ?? form.get('payment_method') ?? '';
    const card = testCardOfToken(token.replace(/^pm_card_/, 'tok_'));
    if (!card) return error(400, 'invalid_request_error', `No such token: '${token}'`, { code: 'resource_missing' });
    if (card.outcome.kind === 'declines') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: card.outcome.code, decline_code: card.outcome.declineCode };
      return error(402, 'card_error', 'Your card was declined.', { code: card.outcome.code, decline_code: card.outcome.declineCode, payment_intent: intent });
    }
    if (card.outcome.kind === 'authenticates') {
      intent.status = 'requires_action';
      return { status: 200, body: intent };
    }
    charge(intent, key);
    return { status: 200, body: intent };
  }

  const standIn: StripeStandIn = {
    url: '', charges, refunds, requests, script: [], failRetrieves: 0, intents, setupIntents,
    confirmSetup(setupIntentId, token) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup || setup.status === 'succeeded' || setup.status === 'canceled') throw new Error(`${setupIntentId} cannot be confirmed`);
      const card = testCardOfToken(token);
      if (!card) throw new Error(`No such token: ${token}`);
      if (card.outcome.kind === 'declines') {
        setup.status = 'requires_payment_method';
        setup.last_setup_error = { type: 'card_error', code: card.outcome.code, decline_code: card.outcome.declineCode };
        return;
      }
      setup.card = { brand: card.brand.replace(/ \(.*\)$/, '').toLowerCase(), last4: card.number.slice(-4) };
      setup.last_setup_error = null;
      if (card.outcome.kind === 'authenticates') setup.status = 'requires_action';
      else {
        setup.status = 'succeeded';
        setup.payment_method = next('pm');
      }
    },
    authenticate(intentId, result) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`${intentId} is not waiting for authentication`);
      if (result === 'complete') charge(intent, undefined);
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
      const id = next('pi');
      const intent: Intent = {
        id, object: 'payment_intent', status: 'requires_payment_method', amount: Number(form.get('amount')), currency: form.get('currency') ?? 'usd',
        customer: form.get('customer'), payment_method: null, setup_future_usage: form.get('setup_future_usage'),
        client_secret: `${id}_secret_standin`, last_payment_error: null, metadata: {},
      };
      intents.set(id, intent);
      return answer(keep({ status: 200, body: intent }));
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
      const refund = { id: next('re'), object: 'refund', amount, status: 'succeeded', payment_intent: intent.id };
      refunds.push({ id: refund.id, paymentIntent: intent.id, amount });
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
