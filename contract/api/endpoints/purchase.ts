/** The sale: the card form's mode, the bind and the lienholders. (Entries of contract/api/endpoints.ts.) */
import {
  BindRequest, BindResponse, CompletePaymentRequest, PaymentsConfig, TestAuthenticationAnswer, TestAuthenticationRequest,
} from '../bind.ts';
import { LienholderRequest, LienholderSaved } from '../lienholder.ts';
import { WebhookReceived } from '../payment-events.ts';
import { endpoint, json, none } from './endpoint.ts';

export const paymentsConfig = endpoint({
  method: 'GET', path: '/api/payments/config', request: null, answer: PaymentsConfig, body: none, session: false,
  summary: "which card form step 6 shows: `{ mode: 'stripe', publishableKey }` with Stripe keys, else `{ mode: 'test', ... }`",
});

export const bind = endpoint({
  method: 'POST', path: '/api/policy/bind', request: BindRequest, answer: BindResponse, body: json, session: false,
  headers: ['Idempotency-Key'],
  idempotency: { scope: 'bind', each: 'payment attempt', reused: 'idempotencyKeyReused', inFlight: 'paymentInProgress' },
  summary:
    "pays the down payment and binds the quote (doc 3's payment submission, with the `quoteVersion` and `amountDueCents` " +
    'the buyer saw and the card consent shown): another version or amount is 409 `quote_changed` with the version in force ' +
    'and nothing charged; an earlier attempt whose outcome is unknown is settled with the provider first; a card that asks ' +
    'for 3-D Secure is 202 with what Stripe.js needs; the payment, the policy, the ledger entry and the kept card are ' +
    "written in one transaction; a payment failure is 402 with the spec's text and `error_type`; the answer carries the " +
    'amount charged and a short-lived purchase token',
});

export const completePayment = endpoint({
  method: 'POST', path: '/api/policy/complete_payment', request: CompletePaymentRequest, answer: BindResponse, body: json, session: false,
  headers: ['Purchase-Token'],
  summary:
    'finishes a bind whose card asked for 3-D Secure, once the buyer authenticated (the `Purchase-Token` header of the ' +
    "bind's 202): settles the payment with the provider, then answers as the bind does (200, 402 or 409)",
});

export const testAuthentication = endpoint({
  method: 'POST', path: '/api/payments/test_authentication', request: TestAuthenticationRequest, answer: TestAuthenticationAnswer,
  body: json, session: false, headers: ['Purchase-Token'],
  summary: "test mode only: the test authentication window's Complete or Fail for a card that asks for 3-D Secure (404 with Stripe keys)",
});

export const lienholder = endpoint({
  method: 'POST', path: '/api/policy/lienholder', request: LienholderRequest, answer: LienholderSaved, body: json, session: false,
  headers: ['Purchase-Token'],
  summary: "a financed or leased vehicle's lienholder, once the policy is bound, with the bind's `Purchase-Token` header (replaces an earlier answer)",
});

export const webhook = endpoint({
  method: 'POST', path: '/api/payments/webhook', request: null, answer: WebhookReceived,
  // Stripe's events are a few KiB and Stripe names no ceiling: room for a charge with its refunds listed, and
  // still a bound on what an unsigned sender can make us read before the signature is checked
  body: { kind: 'json', limitBytes: 256 * 1024 }, session: false,
  headers: ['Stripe-Signature'],
  summary:
    "the card provider's events (Stripe's webhook; without keys the test mode's), verified by their `Stripe-Signature` " +
    'with `STRIPE_WEBHOOK_SECRET` over the raw body (a missing or wrong signature, or one older than 5 minutes, is 400 and ' +
    'changes nothing) and processed once by event id: a PaymentIntent that succeeded or failed settles its bind attempt, a ' +
    'refund is a ledger entry, a dispute flags the policy and mails the team; 200 `{ received: true }`, 503 when the ' +
    'database is unreachable (Stripe retries)',
});
