/**
 * The Stripe gateway (stripe-node), in the steps api/payments/gateway.ts describes: a PaymentIntent created
 * unconfirmed for the buyer's Customer (setup_future_usage off_session keeps the card for the monthly bill),
 * its id stored by the caller, then confirmed with the card the browser tokenised; retrieved to settle an
 * unknown outcome; cancelled or refunded when it cannot become a policy.
 *
 * - A card token (tok_...) from Stripe.js's createToken is confirmed as payment_method_data; a PaymentMethod
 *   (pm_...) as payment_method. Only cards (doc 3 section 1).
 * - Every call names its idempotency key: stripe-node's own retry of a timed-out request, and a later retry of
 *   the same step, get the first answer instead of a second effect.
 * - Errors by Stripe's type: StripeCardError -> card_error (with the bank's decline_code);
 *   StripeInvalidRequestError -> invalid_request_error; connection, timeout, rate-limit and API errors ->
 *   api_error with an unknown outcome, settled by retrieving the PaymentIntent.
 * - A PaymentIntent in requires_action (3-D Secure) is answered as it is: the browser completes it with
 *   Stripe.js's handleNextAction and its client secret.
 * - Off-session (the monthly bill charging the kept card): the PaymentIntent is created with the kept
 *   PaymentMethod and confirmed with off_session and no return_url; a bank that asks for authentication is a
 *   StripeCardError with code authentication_required, mapped as any card_error.
 * - The reconciliation's lists read every page (`for await` over the list): a cap such as autoPagingToArray's
 *   would drop the rest of a busy day without a word. Stripe filters by created only, in whole seconds, so a
 *   range is taken to the seconds it covers and a PaymentIntent's status is checked here.
 * - STRIPE_API_URL points the client at another host, port and protocol: the tests' stand-in on loopback.
 */
import Stripe from 'stripe';
import type {
  GatewayFailure, GatewayResult, Intent, IntentStatus, ListedCharge, ListedRefund, PaymentGateway, PaymentErrorType, Refund, SetupIntent,
  SetupIntentStatus, TimeRange,
} from './gateway.ts';

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

type StripeErrorLike = { type?: string; code?: string; decline_code?: string; rawType?: string };

/** The Stripe client the gateway and the webhook's verification share, pointed where the options say. */
function stripeClient(options: Pick<StripeGatewayOptions, 'secretKey' | 'apiUrl' | 'timeoutMs' | 'maxNetworkRetries'>): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    ...(url
      ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

function failure(error: unknown): GatewayFailure {
  const e = error as StripeErrorLike;
  if (e.type === 'StripeCardError') return { ok: false, type: 'card_error', code: e.code, declineCode: e.decline_code, outcomeUnknown: false };
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeIdempotencyError') {
    return { ok: false, type: 'invalid_request_error', code: e.code ?? e.type, outcomeUnknown: false };
  }
  return { ok: false, type: 'api_error', code: e.code ?? e.type, outcomeUnknown: true };
}

function errorType(type: string): PaymentErrorType {
  return type === 'card_error' ? 'card_error' : type === 'invalid_request_error' ? 'invalid_request_error' : 'api_error';
}

/** What a PaymentIntent and a SetupIntent say alike: the card (brand and last four, never the number), whose it is, and the last refusal. */
function cardSide(intent: Stripe.PaymentIntent | Stripe.SetupIntent, error: Stripe.PaymentIntent.LastPaymentError | Stripe.SetupIntent.LastSetupError | null) {
  const method = intent.payment_method;
  return {
    paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
    card: typeof method === 'object' && method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    lastError: error ? { type: errorType(error.type), code: error.code, declineCode: error.decline_code } : null,
  };
}

function intentOf(intent: Stripe.PaymentIntent): Intent {
  return {
    id: intent.id, status: intent.status as IntentStatus, amountCents: intent.amount, clientSecret: intent.client_secret,
    ...cardSide(intent, intent.last_payment_error),
  };
}

function setupIntentOf(intent: Stripe.SetupIntent): SetupIntent {
  return { id: intent.id, status: intent.status as SetupIntentStatus, clientSecret: intent.client_secret, ...cardSide(intent, intent.last_setup_error) };
}

/**
 * Stripe's created filter for `range`: whole seconds, the first second that starts at or after `from`, up to the
 * first that starts at or after `to`, so back-to-back ranges (one day, the next) share no second and miss none.
 */
function createdWithin(range: TimeRange): { gte: number; lt: number } {
  return { gte: Math.ceil(range.from.getTime() / 1000), lt: Math.ceil(range.to.getTime() / 1000) };
}

const dateOf = (seconds: number) => new Date(seconds * 1000);
/** Stripe lists newest first; the reconciliation reads oldest first. */
const oldestFirst = <T extends { created: Date; id: string }>(items: T[]) =>
  items.sort((a, b) => a.created.getTime() - b.created.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function call<T>(work: () => Promise<T>): Promise<GatewayResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return failure(error);
  }
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = stripeClient(options);
  // The card's brand and last four come with the PaymentMethod: the account shows them, never the number.
  const expand = ['payment_method'];
  return {
    mode: 'stripe',
    name: 'stripe',
    publishableKey: options.publishableKey,

    createCustomer: ({ idempotencyKey, metadata }) =>
      call(async () => ({ id: (await stripe.customers.create({ metadata }, { idempotencyKey })).id })),

    createIntent: (request) =>
      call(async () =>
        intentOf(
          await stripe.paymentIntents.create(
            {
              amount: request.amountCents,
              currency: request.currency,
              customer: request.customerId,
              allowed_payment_method_types: ['card'],
              description: request.description,
              metadata: request.metadata,
              ...(request.keepCard ? { setup_future_usage: 'off_session' as const } : {}),
              ...(request.paymentMethodId ? { payment_method: request.paymentMethodId } : {}),
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        ),
      ),

    confirmIntent: ({ intentId, idempotencyKey, paymentToken, returnUrl, offSession }) =>
      call(async () => {
        if (offSession) {
          return intentOf(await stripe.paymentIntents.confirm(intentId, { payment_method: paymentToken, off_session: true, expand }, { idempotencyKey }));
        }
        const card = paymentToken.startsWith('pm_')
          ? { payment_method: paymentToken }
          : { payment_method_data: { type: 'card' as const, card: { token: paymentToken } } };
        return intentOf(await stripe.paymentIntents.confirm(intentId, { ...card, ...(returnUrl ? { return_url: returnUrl } : {}), expand }, { idempotencyKey }));
      }),

    retrieveIntent: (intentId) => call(async () => intentOf(await stripe.paymentIntents.retrieve(intentId, { expand }))),

    cancelIntent: (intentId, idempotencyKey) => call(async () => intentOf(await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }))),

    refund: ({ intentId, amountCents, idempotencyKey, reason }) =>
      call(async () => {
        const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents, metadata: { reason } }, { idempotencyKey });
        return { id: refund.id, status: (refund.status ?? 'pending') as 'pending', amountCents: refund.amount };
      }),

    // A card saved for the monthly bill from the account: Stripe.js confirms it in the browser (confirmCardSetup)
    createSetupIntent: ({ idempotencyKey, customerId }) =>
      call(async () =>
        setupIntentOf(
          await stripe.setupIntents.create({ customer: customerId, allowed_payment_method_types: ['card'], usage: 'off_session' }, { idempotencyKey }),
        ),
      ),

    retrieveSetupIntent: (setupIntentId) => call(async () => setupIntentOf(await stripe.setupIntents.retrieve(setupIntentId, { expand }))),

    listCharges: (range) =>
      call(async () => {
        const charges: ListedCharge[] = [];
        for await (const intent of stripe.paymentIntents.list({ created: createdWithin(range), limit: 100 })) {
          if (intent.status !== 'succeeded') continue;
          charges.push({ id: intent.id, amountCents: intent.amount, created: dateOf(intent.created), metadata: { ...intent.metadata } });
        }
        return oldestFirst(charges);
      }),

    listRefunds: (range) =>
      call(async () => {
        const refunds: ListedRefund[] = [];
        for await (const refund of stripe.refunds.list({ created: createdWithin(range), limit: 100 })) {
          const intent = refund.payment_intent;
          refunds.push({
            id: refund.id,
            intentId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
            amountCents: refund.amount,
            status: (refund.status ?? 'pending') as Refund['status'],
            created: dateOf(refund.created),
          });
        }
        return oldestFirst(refunds);
      }),
  };
}
