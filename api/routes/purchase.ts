/**
 * The sale's calls (doc 3 sections 3 and 7; DESIGN.md "The API"; issue 19):
 *
 * GET  /api/payments/config               -> { mode: 'stripe' | 'test', publishableKey }: which card form step 6 shows
 * POST /api/policy/bind                   BindRequest + Idempotency-Key -> 200 BindResponse | 202 authenticate |
 *                                         402 payment failed | 409 quote changed or in progress | 4xx
 * POST /api/policy/complete_payment       after 3-D Secure, with the Purchase-Token header: as the bind answers
 * POST /api/payments/test_authentication  the test mode's authentication window (Complete or Fail)
 * POST /api/policy/lienholder             LienholderRequest + Purchase-Token (or the owner's session) -> 200 { ok: true } |
 *                                         401 | 404 | 422 | 429
 *
 * A payment failure answers 402 with the spec's text and `error_type` (card_error, invalid_request_error or
 * api_error), so the widget can tell a decline from an outage without reading the text. A quote that is not
 * the version the buyer saw answers 409 with `error_type: 'quote_changed'` and the version in force. Nothing
 * about the card or the person is logged.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES, PURCHASE_TOKEN_HEADER, type BindResponse, type QuoteChangedAnswer } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { doNotKeepAnswer, idempotencyOf, idempotent } from '../http/idempotency.ts';
import {
  bindQuote, completePayment, testAuthentication, type BindContext, type BindOutcome,
} from '../policies/bind.ts';
import { saveLienholder } from '../policies/lienholders.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on, type Reply } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { sessionCookieOf } from '../auth/session-guard.ts';
import { readSession } from '../auth/sessions.ts';
import { refusal, REFUSAL_STATUS } from './refusals.ts';

/** The one table from the bind's outcomes to HTTP (its plain refusals' statuses are ./refusals.ts's). */
function answerOf(outcome: BindOutcome): Reply<BindResponse> {
  const headers = NO_STORE;
  switch (outcome.kind) {
    case 'bound':
      return { body: outcome.body, headers };
    case 'needs-authentication':
      return { status: 202, other: outcome.body, headers };
    case 'payment-failed':
      return { status: 402, other: { error_messages: [outcome.message], error_type: outcome.errorType }, headers };
    case 'quote-changed':
      return { status: 409, other: { error_messages: [MESSAGES.quoteChanged], error_type: 'quote_changed', current: outcome.current } satisfies QuoteChangedAnswer, headers };
    case 'in-progress':
      return { status: 409, other: { error_messages: [MESSAGES.paymentInProgress] }, headers: { ...headers, 'Retry-After': '5' } };
    case 'refused':
      return { status: REFUSAL_STATUS[outcome.reason], other: { error_messages: [outcome.message] }, headers };
  }
}

/** An answer whose payment outcome is not settled yet: never kept under the key, so a retry asks again. */
function unsettled(outcome: BindOutcome): boolean {
  return (outcome.kind === 'payment-failed' && outcome.outcomeUnknown) || outcome.kind === 'in-progress';
}

/** After a bind's policy was written: its mail leaves (its documents are the bind's own to kick). */
function afterBound(deps: Deps): void {
  void deps.mail.deliverDue();
}

function bindContext(deps: Deps): BindContext {
  return { db: deps.db, gateway: deps.payments, clock: deps.clock, publicOrigin: deps.config.publicOrigin, documents: deps.documents };
}

export function paymentsRoutes(deps: Deps): Hono {
  const app = new Hono();
  on(app, endpoints.paymentsConfig, () => ({ body: { mode: deps.payments.mode, publishableKey: deps.payments.publishableKey } }));
  return app;
}

export function purchaseRoutes(deps: Deps, limits: { lienholder: MiddlewareHandler }): Hono {
  const app = new Hono();

  // The Idempotency-Key (api/http/idempotency.ts): replays, 422 and 409 are answered before this runs; a
  // throw releases the key, and the answer returned is kept unless the handler says otherwise.
  on(app, endpoints.bind, idempotent(deps), async (c, request) => {
    const outcome = await bindQuote(bindContext(deps), request, idempotencyOf(c).key);
    // An unknown outcome is not kept: a retry under this key must run again (and settle the attempt first).
    if (unsettled(outcome)) doNotKeepAnswer(c);
    if (outcome.kind === 'bound') afterBound(deps);
    return answerOf(outcome);
  });

  on(app, endpoints.completePayment, async (c, request) => {
    const outcome = await completePayment(bindContext(deps), request.quoteNumber, c.req.header(PURCHASE_TOKEN_HEADER));
    if (outcome.kind === 'bound') afterBound(deps);
    return answerOf(outcome);
  });

  on(app, endpoints.testAuthentication, async (c, request) => {
    const outcome = await testAuthentication(bindContext(deps), request.quoteNumber, c.req.header(PURCHASE_TOKEN_HEADER), request.result);
    if (outcome.kind === 'refused') throw refusal(outcome);
    return { body: { ok: true }, headers: NO_STORE };
  });

  // Only the person who just paid (the purchase token of the bind's answer) or the policy's owner signed in
  // names a lienholder; rate limited, as each change prints the declarations again (issue 22 item 2).
  on(app, endpoints.lienholder, limits.lienholder, async (c, request) => {
    const now = deps.clock();
    const sessionId = sessionCookieOf(c);
    const session = sessionId === null ? null : await readSession(deps.db, sessionId, now);
    const sender = { purchaseToken: c.req.header(PURCHASE_TOKEN_HEADER), accountId: session?.accountId ?? null };
    const outcome = await saveLienholder(deps, request, sender, now);
    if (outcome.kind === 'refused') throw refusal(outcome);
    return { body: { ok: true }, headers: NO_STORE };
  });

  return app;
}
