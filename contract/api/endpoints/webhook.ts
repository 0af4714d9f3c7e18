/**
 * The card provider's events (an entry of contract/api/endpoints.ts). Its own module: no widget calls it, so
 * no bundle carries it.
 */
import { WebhookReceived } from '../payment-events.ts';
import { endpoint } from './endpoint.ts';

export const webhook = endpoint({
  method: 'POST', path: '/api/payments/webhook', request: null, answer: WebhookReceived,
  // Stripe's events are a few KiB and Stripe names no ceiling: room for a charge with its refunds listed, and
  // still a bound on what an unsigned sender can make us read before the signature is checked
  body: { kind: 'json', limitBytes: 256 * 1024 }, session: false,
  headers: ['Stripe-Signature'],
});
