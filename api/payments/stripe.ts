/**
 * The Stripe gateway (stripe-node): a PaymentIntent created and confirmed in one call for the down payment.
 *
 * - A card token (tok_...) from Stripe.js's createToken is passed as payment_method_data; a PaymentMethod
 *   (pm_...) as payment_method. Only cards: allowed_payment_method_types ['card'] (doc 3 section 1).
 * - The bind's attempt names the idempotency key, so stripe-node's own retry of a timed-out request, and a
 *   later retry of the same attempt, find the first PaymentIntent at Stripe instead of charging again.
 * - Errors by Stripe's type: StripeCardError -> card_error; StripeInvalidRequestError -> invalid_request_error;
 *   connection, timeout, rate-limit and API errors -> api_error with an unknown outcome (the card may have
 *   been charged: the same attempt is retried with the same key). A PaymentIntent that needs the person
 *   (3-D Secure: requires_action) cannot finish server-side; it is answered as a card_error.
 * - STRIPE_API_URL points the client at another host, port and protocol: the tests' stand-in on loopback.
 */
import Stripe from 'stripe';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** e.g. http://127.0.0.1:12111; default Stripe's own API. */
  apiUrl?: string | undefined;
  /** How long one HTTP request to Stripe may take before it counts as a timeout. */
  timeoutMs?: number;
  /** stripe-node's own retries of a failed request, with the same idempotency key. */
  maxNetworkRetries?: number;
}

type StripeErrorLike = { type?: string; code?: string; rawType?: string };

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    ...(url
      ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });

  return {
    mode: 'stripe',
    name: 'stripe',
    publishableKey: options.publishableKey,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const card = request.paymentToken.startsWith('pm_')
        ? { payment_method: request.paymentToken }
        : { payment_method_data: { type: 'card' as const, card: { token: request.paymentToken } } };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            confirm: true,
            allowed_payment_method_types: ['card'],
            description: request.description,
            metadata: request.metadata,
            ...card,
          } satisfies Stripe.PaymentIntentCreateParams,
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: true, chargeId: intent.id };
        return { ok: false, type: 'card_error', code: intent.status, outcomeUnknown: false };
      } catch (error) {
        const e = error as StripeErrorLike;
        if (e.type === 'StripeCardError') return { ok: false, type: 'card_error', code: e.code, outcomeUnknown: false };
        if (e.type === 'StripeInvalidRequestError') return { ok: false, type: 'invalid_request_error', code: e.code, outcomeUnknown: false };
        return { ok: false, type: 'api_error', code: e.code ?? e.type, outcomeUnknown: true };
      }
    },
  };
}
