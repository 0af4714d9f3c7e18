import { literal, type, type Infer } from 'superstruct';

/**
 * POST /api/payments/webhook: the card provider's events. The body is Stripe's event, read as the raw text its
 * signature covers (api/payments/webhooks.ts), so the contract has no struct for it; the answer is what Stripe
 * takes for 'delivered': any 2xx, here with this body.
 */
export const WebhookReceived = type({ received: literal(true) });
export type WebhookReceived = Infer<typeof WebhookReceived>;
