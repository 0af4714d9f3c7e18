/**
 * The account's card page (issue 19 deliverable 6; api/payments/card-replacement.ts has the use cases):
 *
 * GET  /api/account/card?policyNumber=      -> 200 PaymentCardAnswer | 401 | 404
 * POST /api/account/card/setup              -> 200 CardSetupAnswer | 401 | 404 | 409 noCardOnFile | 429 | 503
 * POST /api/account/card                    -> 200 ReplaceCardAnswer | 400 | 401 | 402 declined or needs the
 *                                              bank's check | 404 | 409 | 503
 *
 * Every call needs a live session and acts on a policy of the session's own account; another person's policy
 * is answered exactly as one that does not exist. The two POSTs take our own origin only, not a partner's: a
 * card is replaced on our site alone (DESIGN.md "Embedding"). Answers are never cached.
 */
import { Hono, type Context } from 'hono';
import type { ClientErrorStatusCode, ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { ownPolicyId } from '../account/session-answer.ts';
import { requireSession, sessionOf } from '../auth/session-guard.ts';
import type { Deps } from '../deps.ts';
import { on } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { allowedOrigin, checkOrigin } from '../http/guards.ts';
import { hit, tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { cardOfPolicy, replaceCard, startCardSetup, type ReplaceOutcome } from '../payments/card-replacement.ts';

const notOnAccount = () => new ApiError(404, MESSAGES.accountPolicyNotFound, { headers: NO_STORE });
const refused = (status: ContentfulStatusCode, message: string) => new ApiError(status, message, { headers: NO_STORE });

/** The replacement's refusals, in one table: the status and the words the page shows. */
const REFUSALS: Record<Exclude<ReplaceOutcome['kind'], 'replaced'>, { status: ClientErrorStatusCode | 503; message: string; errorType?: string }> = {
  'no-card': { status: 409, message: MESSAGES.noCardOnFile },
  'consent-mismatch': { status: 400, message: MESSAGES.cardReplaceConsentRequired },
  'not-ours': { status: 409, message: MESSAGES.cardSetupNotOurs },
  declined: { status: 402, message: MESSAGES.paymentDeclined, errorType: 'card_error' },
  'needs-authentication': { status: 402, message: MESSAGES.cardNeedsAuthentication, errorType: 'authentication_required' },
  'not-finished': { status: 409, message: MESSAGES.cardSetupNotFinished },
  'token-not-expected': { status: 400, message: MESSAGES.paymentTokenNotExpected },
  'provider-failed': { status: 503, message: MESSAGES.callUs },
};

export function paymentCardRoutes(deps: Deps, limits: { cardSetup: RateLimit }): Hono {
  const app = new Hono();
  const guard = requireSession(deps);
  const ownOrigin = checkOrigin(allowedOrigin(deps.config.publicOrigin, []));

  async function ownPolicy(c: Context, policyNumber: string): Promise<number> {
    const policyId = await ownPolicyId(deps.db, sessionOf(c).accountId, policyNumber);
    if (policyId === null) throw notOnAccount();
    return policyId;
  }

  on(app, endpoints.paymentCard, guard, async (c, { policyNumber }) => {
    const found = await cardOfPolicy(deps, await ownPolicy(c, policyNumber));
    if (!found) throw notOnAccount();
    return { body: found, headers: NO_STORE };
  });

  on(app, endpoints.cardSetup, guard, ownOrigin, async (c, { policyNumber }) => {
    const policyId = await ownPolicy(c, policyNumber);
    // each SetupIntent is a card form the person may try cards in: a few an hour is plenty for a person
    const allowed = await hit(deps.db, limits.cardSetup, `account:${sessionOf(c).accountId}`, deps.clock());
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfter, NO_STORE);
    const outcome = await startCardSetup(deps, policyId);
    if (outcome.kind === 'no-card') throw refused(409, MESSAGES.noCardOnFile);
    if (outcome.kind === 'provider-failed') throw refused(503, MESSAGES.callUs);
    const { kind: _kind, ...answer } = outcome;
    return { body: answer, headers: NO_STORE };
  });

  on(app, endpoints.replaceCard, guard, ownOrigin, async (c, request) => {
    const outcome = await replaceCard(deps, await ownPolicy(c, request.policyNumber), request);
    if (outcome.kind === 'replaced') {
      if (outcome.mailed) void deps.mail.deliverDue();
      return { body: { msg: MESSAGES.cardReplaced, card: outcome.card }, headers: NO_STORE };
    }
    const refusal = REFUSALS[outcome.kind];
    // a card refusal says which, as the bind's 402 does (error_type), so the page can ask for another card
    const other = { error_messages: [refusal.message], ...(refusal.errorType ? { error_type: refusal.errorType } : {}) };
    return { status: refusal.status, other, headers: NO_STORE };
  });

  return app;
}
