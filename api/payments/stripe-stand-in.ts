/**
 * A stand-in for Stripe's API on loopback, for tests of the real Stripe gateway (stripe-node pointed at it
 * with STRIPE_API_URL). It speaks as much of POST /v1/payment_intents as the bind uses, the way Stripe
 * does: form-encoded bodies, Bearer auth, Stripe's error envelope, and Idempotency-Key honoured (the same
 * key answers the first result again and creates nothing). Its behaviour is scripted per request, so a test
 * can make it time out, fail with a 500, or decline, and then count what was really charged.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInStep =
  /** succeed (or decline for Stripe's decline tokens) */
  | 'normal'
  /** create the PaymentIntent, then never answer (the client times out) */
  | 'hang-after-charge'
  /** answer 500 without creating anything */
  | 'error-500';

export interface StandInCharge {
  id: string;
  amount: number;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  /** PaymentIntents that succeeded: what the card holder would see on their statement. */
  charges: StandInCharge[];
  /** Every POST /v1/payment_intents received, with its form body. */
  requests: { idempotencyKey: string | undefined; form: URLSearchParams; authorization: string | undefined }[];
  /** What the next requests do, in order; 'normal' once the script is used up. */
  script: StandInStep[];
  close(): Promise<void>;
}

const DECLINES: Record<string, string> = {
  tok_chargeDeclined: 'card_declined',
  tok_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  tok_chargeDeclinedExpiredCard: 'expired_card',
  pm_card_chargeDeclined: 'card_declined',
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const charges: StandInCharge[] = [];
  const requests: StripeStandIn['requests'] = [];
  const byKey = new Map<string, { status: number; body: unknown }>();
  const hanging: ServerResponse[] = [];
  let counter = 0;
  const standIn: StripeStandIn = { url: '', charges, requests, script: [], close: async () => undefined };

  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    requests.push({ idempotencyKey: key, form, authorization: request.headers.authorization });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_standin_${requests.length}` });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/payment_intents') {
      return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
    }
    if (key && byKey.has(key)) {
      const first = byKey.get(key)!;
      response.setHeader('Idempotent-Replayed', 'true');
      return answer(first.status, first.body);
    }
    const step = standIn.script.shift() ?? 'normal';
    if (step === 'error-500') return answer(500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });

    const token = form.get('payment_method_data[card][token]') ?? form.get('payment_method') ?? '';
    const amount = Number(form.get('amount'));
    let result: { status: number; body: unknown };
    if (DECLINES[token]) {
      result = {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: DECLINES[token], message: 'Your card was declined.' } },
      };
    } else if (token === 'tok_visa' || token === 'pm_card_visa') {
      counter += 1;
      const id = `pi_standin_${counter}`;
      charges.push({ id, amount, idempotencyKey: key });
      result = { status: 200, body: { id, object: 'payment_intent', amount, currency: form.get('currency'), status: 'succeeded' } };
    } else {
      result = { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such token: '${token}'` } } };
    }
    if (key) byKey.set(key, result);
    if (step === 'hang-after-charge') {
      hanging.push(response);
      return;
    }
    answer(result.status, result.body);
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
