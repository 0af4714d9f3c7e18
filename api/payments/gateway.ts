/**
 * The card gateway behind POST /api/policy/bind (DESIGN.md "The API": payments). Two implementations:
 *
 * - stripe.ts: Stripe's API through stripe-node, when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set;
 * - test-mode.ts: without keys, Stripe's documented test tokens and PaymentMethods, and nothing else.
 *
 * The browser turns the card into a token with the gateway's publishable key (Stripe.js, or the test-mode
 * form that follows Stripe's test cards); no card number ever reaches our server. A charge names an
 * idempotency key that the bind derives from an attempt it recorded before calling: asking twice with one
 * key is one charge, whichever gateway answers.
 */
export type PaymentErrorType = 'card_error' | 'invalid_request_error' | 'api_error';

export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  /** tok_... (a card token) or pm_... (a PaymentMethod), as the browser made it. */
  paymentToken: string;
  /** The same key for the same attempt: a retry finds the first charge instead of making a second. */
  idempotencyKey: string;
  /** Shown on the card statement and the provider's dashboard: the quote number, never personal data. */
  description: string;
  metadata: Record<string, string>;
}

export type ChargeResult =
  | { ok: true; chargeId: string }
  | {
      ok: false;
      type: PaymentErrorType;
      /** The provider's decline or error code (card_declined, insufficient_funds, ...), for the record. */
      code: string | undefined;
      /**
       * True when the outcome is unknown (a timeout, a 5xx): the card may have been charged, so a retry must
       * reuse the same idempotency key. False for a definite refusal.
       */
      outcomeUnknown: boolean;
    };

export interface PaymentGateway {
  readonly mode: 'stripe' | 'test';
  /** 'stripe' or 'test-mode', stored with each payment. */
  readonly name: string;
  /** The publishable key the browser tokenises with; a bind naming another key is refused. */
  readonly publishableKey: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
