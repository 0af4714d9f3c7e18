/**
 * POST /api/policy/handover          HandoverRequest -> 200 { token } | 400 | 404 | 429
 * POST /api/policy/redeem_handover   { token } -> 200 HandoverAnswer | 404
 *
 * Issuing a hand-over proves knowledge of the quote's birth date and ZIP, so it shares the quote lookup's
 * per-client limit (guessing birth dates must stay slow). Answers hold personal data: no-store.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { issueHandover, redeemHandover } from '../quotes/handover.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { refusal } from './refusals.ts';

export function handoverRoutes(deps: Deps, limits: { issue: MiddlewareHandler }): Hono {
  const app = new Hono();

  on(app, endpoints.handover, limits.issue, async (_c, request) => {
    const outcome = await issueHandover(deps.db, request, deps.clock());
    if (outcome.kind === 'refused') throw refusal(outcome, NO_STORE);
    return { body: { token: outcome.token, quoteNumber: outcome.quoteNumber }, headers: NO_STORE };
  });

  on(app, endpoints.redeemHandover, async (_c, request) => {
    const answer = await redeemHandover(deps.db, request.token, deps.clock());
    if (answer === null) throw new ApiError(404, MESSAGES.handoverNotFound, { headers: NO_STORE });
    return { body: answer, headers: NO_STORE };
  });

  return app;
}
