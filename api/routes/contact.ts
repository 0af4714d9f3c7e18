import { Hono } from 'hono';
import {
  ALREADY_SUBSCRIBED, ContactRequest, IDEMPOTENCY_KEY, MESSAGES, SubscribeRequest, type ContactResponse, type SubscribeResponse,
} from '../../contract/index.ts';
import { addSubscriber } from '../contact/subscribers.ts';
import { submitContact } from '../contact/messages.ts';
import { clientAddress } from '../http/client.ts';
import { tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { subscribeConfirmation } from '../contact/subscribe-mail.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

export const SUBSCRIBED = 'Subscribed.';
/** The API's own word on a stored contact message; the form shows doc 1's success text. */
export const CONTACT_RECEIVED = 'Message received.';

export function contactRoutes(deps: Deps, limits: { subscribe: MiddlewareHandler; contact: RateLimit; contactMail: RateLimit }): Hono {
  const app = new Hono();

  /** Availability sign-up (doc 1 sections 3 and 7). 201 on a new address, 409 on a known one. */
  on(app, endpoints.subscribe, limits.subscribe, async (c) => {
    const request = await readBody(c, SubscribeRequest);
    const added = await addSubscriber(deps.db, request, deps.clock());
    if (!added) throw new ApiError(409, ALREADY_SUBSCRIBED);
    // Queued: the mail server's answer (and its retries) never holds up the visitor (api/mail/queue.ts).
    await deps.mail.send('subscribe confirmation mail', subscribeConfirmation(request, deps.config.publicOrigin));
    const body: SubscribeResponse = { msg: SUBSCRIBED };
    return c.json(body, 201);
  });

  /**
   * Contact Us (doc 1 sections 3 and 5): 201 { msg } when stored and queued, and the same 201 for a repeat of
   * the same Idempotency-Key and payload (marked Idempotent-Replayed), which sends nothing again.
   */
  on(app, endpoints.contactSubmit, async (c) => {
    const key = c.req.header('Idempotency-Key')?.trim() ?? '';
    const request = await readBody(c, ContactRequest);
    if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, MESSAGES.contactKeyRequired);
    const outcome = await submitContact(deps, { key, request, client: clientAddress(c, deps.config.trustProxy), limit: limits.contact, mailLimit: limits.contactMail });
    if (outcome.kind === 'key-reused') throw new ApiError(422, MESSAGES.contactKeyReused);
    if (outcome.kind === 'rate-limited') throw tooManyRequests(outcome.retryAfter);
    // Delivery starts now, after the commit, so the mails never leave for a message that was rolled back.
    if (outcome.kind === 'sent') void deps.mail.deliverDue();
    const body: ContactResponse = { msg: CONTACT_RECEIVED };
    return c.json(body, 201, { ...NO_STORE, ...(outcome.kind === 'replayed' ? { 'Idempotent-Replayed': 'true' } : {}) });
  });

  return app;
}
