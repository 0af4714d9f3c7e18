import { Hono } from 'hono';
import { ALREADY_SUBSCRIBED, SubscribeRequest, type SubscribeResponse } from '../../contract/index.ts';
import { addSubscriber } from '../contact/subscribers.ts';
import { subscribeConfirmation } from '../contact/subscribe-mail.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

export const SUBSCRIBED = 'Subscribed.';

export function contactRoutes(deps: Deps, limits: { subscribe: MiddlewareHandler }): Hono {
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

  return app;
}
