/** The sale: the card form's mode, the bind and the lienholders. (Entries of contract/api/endpoints.ts.) */
import {
  BindRequest, BindResponse, CompletePaymentRequest, PaymentsConfig, TestAuthenticationAnswer, TestAuthenticationRequest,
} from '../bind.ts';
import { LienholderRequest, LienholderSaved } from '../lienholder.ts';
import { endpoint, json, none } from './endpoint.ts';

export const paymentsConfig = endpoint({
  method: 'GET', path: '/api/payments/config', request: null, answer: PaymentsConfig, body: none, session: false,
});

export const bind = endpoint({
  method: 'POST', path: '/api/policy/bind', request: BindRequest, answer: BindResponse, body: json, session: false,
  headers: ['Idempotency-Key'],
  idempotency: { scope: 'bind', each: 'payment attempt', reused: 'idempotencyKeyReused', inFlight: 'paymentInProgress' },
});

export const completePayment = endpoint({
  method: 'POST', path: '/api/policy/complete_payment', request: CompletePaymentRequest, answer: BindResponse, body: json, session: false,
  headers: ['Purchase-Token'],
});

export const testAuthentication = endpoint({
  method: 'POST', path: '/api/payments/test_authentication', request: TestAuthenticationRequest, answer: TestAuthenticationAnswer,
  body: json, session: false, headers: ['Purchase-Token'],
});

export const lienholder = endpoint({
  method: 'POST', path: '/api/policy/lienholder', request: LienholderRequest, answer: LienholderSaved, body: json, session: false,
  headers: ['Purchase-Token'],
});

