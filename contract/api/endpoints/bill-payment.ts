/**
 * Paying a failed bill from the e-mailed link (issue 21). (Entries of contract/api/endpoints.ts.) Every call
 * opens through the link's token, never a policy number or a session.
 */
import {
  BillPaymentAnswer, BillPaymentQuery, BillPaymentRequest, BillPaymentView, BillTestAuthenticationAnswer, BillTestAuthenticationRequest,
} from '../bill-payment.ts';
import { endpoint, json, none } from './endpoint.ts';

export const billPaymentView = endpoint({
  method: 'GET', path: '/api/bill-payment', request: BillPaymentQuery, answer: BillPaymentView, body: none, session: false,
});

export const billPay = endpoint({
  method: 'POST', path: '/api/bill-payment/pay', request: BillPaymentRequest, answer: BillPaymentAnswer, body: json, session: false,
  headers: ['Idempotency-Key'],
  idempotency: { scope: 'bill-payment', each: 'payment attempt', reused: 'idempotencyKeyReused', inFlight: 'paymentInProgress' },
});

export const billPaySettle = endpoint({
  method: 'POST', path: '/api/bill-payment/settle', request: BillPaymentRequest, answer: BillPaymentAnswer, body: json, session: false,
});

export const billTestAuthentication = endpoint({
  method: 'POST', path: '/api/bill-payment/test_authentication', request: BillTestAuthenticationRequest, answer: BillTestAuthenticationAnswer,
  body: json, session: false,
});
