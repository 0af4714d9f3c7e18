/**
 * POST /api/payments/webhook: the card provider's events (api/payments/webhooks.ts).
 *
 * Stripe calls from its servers: no session, no Origin header (the Origin check lets a call without one through
 * unless a browser marks it cross-site), `application/json; charset=utf-8` (the JSON guard compares the media
 * type only). The body is read as text before anything parses it, because the signature covers the exact bytes
 * Stripe sent, spacing and key order included.
 *
 * The outcomes, as HTTP: processed or a repeat delivery 200 (a repeat must be 200, or Stripe would keep sending
 * it); refused 400 with what was wrong, for the endpoint's delivery log in Stripe's dashboard; a failure that
 * passes on its own 503, which Stripe retries.
 */
import { Hono } from 'hono';
import * as endpoints from '../../contract/api/endpoints.ts';
import type { Deps } from '../deps.ts';
import { on } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { receiveEvent, WEBHOOK_TOLERANCE_SECONDS, type RefusalReason } from '../payments/webhooks.ts';

export const WEBHOOK_MESSAGES: Readonly<Record<RefusalReason | 'tryAgain', string>> = {
  'no-signature': 'The Stripe-Signature header is missing: only events signed by the card provider are taken.',
  'bad-signature': "The Stripe-Signature header does not match this body and the endpoint's signing secret.",
  'stale-signature': `The event's signature is more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes old: a replayed delivery is not taken.`,
  'not-an-event': 'The body is not a card provider event.',
  tryAgain: 'The event could not be recorded just now; it will be taken when it is sent again.',
};

/** Seconds a 503 suggests; Stripe keeps its own schedule, anything else reading the answer may use it. */
const RETRY_AFTER_SECONDS = '60';

export function webhookRoutes(deps: Deps): Hono {
  const app = new Hono();
  on(app, endpoints.webhook, async (c) => {
    const rawBody = await c.req.text();
    const outcome = await receiveEvent(deps, rawBody, c.req.header('stripe-signature'));
    if (outcome.kind === 'refused') throw new ApiError(400, WEBHOOK_MESSAGES[outcome.reason]);
    if (outcome.kind === 'try-again') throw new ApiError(503, WEBHOOK_MESSAGES.tryAgain, { headers: { 'Retry-After': RETRY_AFTER_SECONDS } });
    return { body: { received: true }, headers: NO_STORE };
  });
  return app;
}
