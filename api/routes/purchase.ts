/**
 * The sale's calls (doc 3 sections 3 and 7; DESIGN.md "The API"):
 *
 * GET  /api/payments/config     -> { mode: 'stripe' | 'test', publishableKey }: which card form step 6 shows
 * POST /api/policy/bind         BindRequest + Idempotency-Key -> 200 BindResponse | 402 payment failed | 4xx
 * POST /api/policy/lienholder   LienholderRequest -> 200 { ok: true } | 404 | 422
 *
 * A payment failure answers 402 with the spec's text and `error_type` (card_error, invalid_request_error or
 * api_error), so the widget can tell a decline from an outage without reading the text. Nothing about the
 * card or the person is logged.
 */
import { Hono, type Context } from 'hono';
import { BindRequest, LienholderRequest, type LienholderSaved, type PaymentsConfig } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { doNotKeepAnswer, idempotent, type StoredAnswer } from '../http/idempotency.ts';
import { bindQuote, type BindOutcome } from '../policies/bind.ts';
import { saveLienholder } from '../policies/lienholders.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { makeDocuments, makeMissingDocuments } from '../documents/generate.ts';
import { logError } from '../log.ts';

function answerOf(outcome: BindOutcome): StoredAnswer {
  if (outcome.kind === 'bound') return { status: 200, body: outcome.body };
  if (outcome.kind === 'payment-failed') return { status: 402, body: { error_messages: outcome.messages, error_type: outcome.errorType } };
  return { status: outcome.status, body: { error_messages: outcome.messages } };
}

function send(c: Context, answer: StoredAnswer): Response {
  return c.json(answer.body as object, answer.status as 200, NO_STORE);
}

export function paymentsRoutes(deps: Deps): Hono {
  const app = new Hono();
  on(app, endpoints.paymentsConfig, (c) => c.json({ mode: deps.payments.mode, publishableKey: deps.payments.publishableKey } satisfies PaymentsConfig));
  return app;
}

export function purchaseRoutes(deps: Deps): Hono {
  const app = new Hono();

  // The Idempotency-Key (api/http/idempotency.ts): replays, 422 and 409 are answered before this runs; a
  // throw releases the key, and the answer returned is kept unless the handler says otherwise.
  on(app, endpoints.bind, idempotent(deps), async (c) => {
    const request = await readBody(c, BindRequest);
    const outcome = await bindQuote(
      { db: deps.db, gateway: deps.payments, clock: deps.clock, publicOrigin: deps.config.publicOrigin },
      request,
    );
    const answer = answerOf(outcome);
    // An unknown outcome is not kept: a retry under this key must run again (and reuse the attempt).
    if (outcome.kind === 'payment-failed' && outcome.outcomeUnknown) doNotKeepAnswer(c);
    if (outcome.kind === 'bound') {
      void deps.mail.deliverDue();
      // The binder's documents, after the answer: the documents page makes whatever is still missing
      // when it is opened, so a failure here costs a delay, never a document.
      void makeMissingDocuments(deps, outcome.policyId, false).catch((error: unknown) => logError(deps.log, 'bind documents', error));
    }
    return send(c, answer);
  });

  on(app, endpoints.lienholder, async (c) => {
    const request = await readBody(c, LienholderRequest);
    const outcome = await saveLienholder(deps.db, request, deps.clock());
    if (outcome.kind === 'refused') throw new ApiError(outcome.status, outcome.message);
    // The declarations page lists lienholders: made again with this one (the newest is the one shown).
    await makeDocuments(deps, outcome.policyId, ['declaration']);
    const body: LienholderSaved = { ok: true };
    return c.json(body, 200, NO_STORE);
  });

  return app;
}
