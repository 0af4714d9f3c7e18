/** The sale: the card form's mode, the bind and the lienholders. (Entries of contract/api/endpoints.ts.) */
import { BindRequest, BindResponse, PaymentsConfig } from '../bind.ts';
import { LienholderRequest, LienholderSaved } from '../lienholder.ts';
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
    "pays the down payment and binds the quote (doc 3's payment submission); the charge and the policy (vehicles, " +
    "drivers, coverages) are written in one transaction; a payment failure is 402 with the spec's text and `error_type`",
});

export const lienholder = endpoint({
  method: 'POST', path: '/api/policy/lienholder', request: LienholderRequest, answer: LienholderSaved, body: json, session: false,
  summary: "a financed or leased vehicle's lienholder, once the policy is bound (replaces an earlier answer)",
});
