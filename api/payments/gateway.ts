/**
 * The card provider behind the purchase (DESIGN.md "The API": payments). Two implementations:
 *
 * - stripe.ts: Stripe's API through stripe-node, when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set;
 * - test-mode.ts: without keys, Stripe's documented test cards (contract/reference/test-cards.ts), its
 *   objects kept in our database so an outcome can be settled after a restart as Stripe's can.
 *
 * The shape is Stripe's PaymentIntent flow, in the steps a payment that must never be doubled needs
 * (api/payments/attempts.ts drives them):
 *
 *   createIntent   unconfirmed: nothing is charged, so a create whose answer is lost is harmless, and
 *                  asking again under the same idempotency key returns the same PaymentIntent;
 *   confirmIntent  the one call that moves money, made on a PaymentIntent whose id is already on record,
 *                  so an unknown outcome (a timeout, a 5xx, a crash) is settled by retrieveIntent;
 *   retrieveIntent what the provider says happened, never a search (Stripe's search is eventually
 *                  consistent) and never an idempotency replay (keys expire after about a day);
 *   cancelIntent   an attempt that will never be charged (abandoned authentication, a settled failure);
 *   refund         a charge that cannot become a policy.
 *
 * The monthly bill charges the card kept at purchase with the customer absent: createIntent names the kept
 * PaymentMethod (paymentMethodId) and confirmIntent says offSession. Nobody can authenticate then, so a bank
 * that asks is answered as a card_error with code authentication_required, and the PaymentIntent waits in
 * requires_payment_method for the customer to pay it on our site: confirmed again on-session with the same
 * card, it asks for authentication (requires_action) as a purchase does.
 *
 * The daily reconciliation reads what the provider charged and refunded in a range of time (listCharges,
 * listRefunds), to hold it against our ledger.
 *
 * Replacing the kept card from the account (issue 19) is Stripe's SetupIntent flow, which moves no money:
 *
 *   createSetupIntent    for the policy's Customer, off_session, cards only; Stripe.js confirms it in the
 *                        browser with the card fields (confirmCardSetup), the test mode on our server with
 *                        the browser's test token (test-mode.ts confirmSetupIntent);
 *   retrieveSetupIntent  what the provider says: its status, its Customer and the card it saved (brand and
 *                        last four), which the server checks before it keeps that card.
 *
 * Every call that can move money names an idempotency key: asking twice with one key is one effect,
 * whichever gateway answers. No card number ever reaches our server: paymentToken is what the browser made.
 */
export type PaymentErrorType = 'card_error' | 'invalid_request_error' | 'api_error';

/** A failed call: a definite refusal, or an outcome we do not know (the money may have moved). */
export interface GatewayFailure {
  ok: false;
  type: PaymentErrorType;
  /** The provider's error code (card_declined, expired_card, resource_missing, ...), for the record. */
  code: string | undefined;
  /** The bank's reason for a card_declined (insufficient_funds, lost_card, ...). */
  declineCode?: string | undefined;
  /**
   * True when the outcome is unknown (a timeout, a 5xx, a lost connection): settle it with retrieveIntent
   * before anything else. False for a definite refusal (the provider answered and nothing moved).
   */
  outcomeUnknown: boolean;
}

export type GatewayResult<T> = { ok: true; value: T } | GatewayFailure;

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** A PaymentIntent as the provider holds it. */
export interface Intent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  /** What Stripe.js completes authentication with; null in test mode. */
  clientSecret: string | null;
  /** The card kept on the customer (setup_future_usage), once confirmed. */
  paymentMethodId: string | null;
  customerId: string | null;
  /** The last confirmation's refusal (the intent went back to requires_payment_method). */
  lastError: { type: PaymentErrorType; code: string | undefined; declineCode: string | undefined } | null;
  /** The kept card's brand and last four digits, once confirmed (shown in the account, never the number). */
  card: { brand: string; last4: string } | null;
}

export interface CreateIntentRequest {
  idempotencyKey: string;
  amountCents: number;
  currency: 'usd';
  customerId: string;
  /** Keep the card on the customer for the monthly bill (setup_future_usage: off_session). */
  keepCard: boolean;
  /** Shown on the provider's dashboard: the quote number, never personal data. */
  description: string;
  metadata: Record<string, string>;
  /** The kept card (pm_...) the PaymentIntent is for, set at creation (Stripe's payment_method): the monthly bill's. */
  paymentMethodId?: string | undefined;
}

export interface ConfirmIntentRequest {
  intentId: string;
  idempotencyKey: string;
  /**
   * tok_... (a card token) or pm_... (a PaymentMethod), as the browser made it; with offSession, the kept
   * PaymentMethod (pm_...).
   */
  paymentToken: string;
  /**
   * Where a redirect-based authentication returns the buyer (Stripe needs one for 3-D Secure on-session).
   * Off-session there is nobody to return, so none is sent.
   */
  returnUrl?: string | undefined;
  /**
   * The customer is absent (the monthly bill): Stripe's off_session. A bank that asks for authentication is
   * answered as a card_error with code authentication_required, never as requires_action.
   */
  offSession?: boolean | undefined;
}

export interface RefundRequest {
  intentId: string;
  amountCents: number;
  idempotencyKey: string;
  /** Ours, for the record and the provider's dashboard. */
  reason: string;
}

export interface Refund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountCents: number;
}

/** A stretch of time, `from` included and `to` excluded, as the reconciliation reads a day. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** A PaymentIntent that succeeded, as the reconciliation holds it against the ledger. */
export interface ListedCharge {
  /** The PaymentIntent's id (what the ledger's provider_ref and the payment record name). */
  id: string;
  amountCents: number;
  /** When the PaymentIntent was created (Stripe keeps whole seconds). */
  created: Date;
  metadata: Record<string, string>;
}

/** A refund, as the reconciliation holds it against the ledger. */
export interface ListedRefund {
  id: string;
  /** The PaymentIntent it gives money back from. */
  intentId: string;
  amountCents: number;
  status: Refund['status'];
  created: Date;
}

/** A provider event (Stripe's webhook payload), verified by its signature before anything reads it. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Stripe gives a SetupIntent the same statuses as a PaymentIntent. */
export type SetupIntentStatus = IntentStatus;

/** A SetupIntent as the provider holds it: a card saved for later charges, nothing charged now. */
export interface SetupIntent {
  id: string;
  status: SetupIntentStatus;
  /** What Stripe.js confirms it with in the browser; null in test mode (our server confirms it there). */
  clientSecret: string | null;
  /** The saved card, once succeeded. */
  paymentMethodId: string | null;
  /** The saved card's brand and last four digits (never the number). */
  card: { brand: string; last4: string } | null;
  customerId: string | null;
  /** The last confirmation's refusal (the SetupIntent went back to requires_payment_method). */
  lastError: { type: PaymentErrorType; code: string | undefined; declineCode: string | undefined } | null;
}

export interface PaymentGateway {
  readonly mode: 'stripe' | 'test';
  /** 'stripe' or 'test-mode', stored with each payment. */
  readonly name: string;
  /** The publishable key the browser tokenises with; a bind naming another key is refused. */
  readonly publishableKey: string;
  createCustomer(request: { idempotencyKey: string; metadata: Record<string, string> }): Promise<GatewayResult<{ id: string }>>;
  createIntent(request: CreateIntentRequest): Promise<GatewayResult<Intent>>;
  /** A card refusal answers ok: false with type card_error (and the intent is back to requires_payment_method). */
  confirmIntent(request: ConfirmIntentRequest): Promise<GatewayResult<Intent>>;
  retrieveIntent(intentId: string): Promise<GatewayResult<Intent>>;
  cancelIntent(intentId: string, idempotencyKey: string): Promise<GatewayResult<Intent>>;
  refund(request: RefundRequest): Promise<GatewayResult<Refund>>;
  /** A SetupIntent for `customerId`'s next card (off_session, cards only); nothing is charged. */
  createSetupIntent(request: { idempotencyKey: string; customerId: string }): Promise<GatewayResult<SetupIntent>>;
  retrieveSetupIntent(setupIntentId: string): Promise<GatewayResult<SetupIntent>>;
  /** Every PaymentIntent created in `range` that succeeded, all pages of them, oldest first. */
  listCharges(range: TimeRange): Promise<GatewayResult<ListedCharge[]>>;
  /** Every refund created in `range`, whatever its status, all pages of them, oldest first. */
  listRefunds(range: TimeRange): Promise<GatewayResult<ListedRefund[]>>;
}
