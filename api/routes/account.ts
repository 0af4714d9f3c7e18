/**
 * The signed-in account's data (issue 9; doc 1 sections 2, 4 and 7). Every route needs a live session
 * (requireSession) and reads only what the session's account owns:
 *
 * POST /api/user/update { policyNumbers, emailAddress }  Save My Quote -> 200 SessionAnswer
 *                                                         | 400 accountEmailMismatch | 404 accountPolicyNotFound
 * GET  /api/user/quote?policyNumber=                      a saved quote as the wizard's QuoteResponse | 404
 * POST /api/user/request_card { policyNumber, vins, delivery } -> 200 { msg, delivery } | 400 | 404 | 409 | 429
 * GET  /api/user/statements?policyNumber=                 -> 200 StatementsAnswer | 404
 * GET  /api/user/id_card/:policyNumber                    -> the newest ID card PDF | 404
 * GET  /api/user/odometer_photo/:readingId                -> the photo of an accepted reading of an own policy | 404
 * GET  /api/user/bill_pdf/:billId                         -> the PDF of a bill of an own policy, as its records stand | 404
 *
 * Another person's policy or quote is answered exactly as one that does not exist (same status, body and
 * headers): a number changed by hand learns nothing. Answers hold personal data and are never cached.
 */
import { Hono, type Context } from 'hono';
import { check, MESSAGES, wholeId, policyNumber as policyNumberRule, type CardRequestAnswer } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { requestCard } from '../account/card-request.ts';
import { idCardFileName, newestIdCard } from '../account/id-card.ts';
import { savedQuoteAnswer, saveQuotes } from '../account/saved-quotes.ts';
import { accountById, ownPolicyId, sessionAnswer, type AccountIdentity } from '../account/session-answer.ts';
import { photoShown, statementsOf } from '../account/statements.ts';
import { requireSession, sessionOf } from '../auth/session-guard.ts';
import { billById, chargesOfPolicy } from '../billing/bills.ts';
import { standingOf } from '../billing/bill-standing.ts';
import { buildPdf } from '../documents/pdf/apart.ts';
import type { Deps } from '../deps.ts';
import { documentBytes } from '../documents/store.ts';
import { on } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { hit, tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE, privatePdfResponse } from '../http/security-headers.ts';
import { readingById } from '../odometer/readings.ts';
import { policyById, readPolicyRecord } from '../policies/records.ts';

const notOnAccount = () => new ApiError(404, MESSAGES.accountPolicyNotFound, { headers: NO_STORE });

export function accountRoutes(deps: Deps, limits: { cardRequest: RateLimit }): Hono {
  const app = new Hono();
  const guard = requireSession(deps);

  /** The session's account; a session whose account is gone is no session (401, as the guard answers). */
  async function accountOf(c: Context): Promise<AccountIdentity> {
    const account = await accountById(deps.db, sessionOf(c).accountId);
    if (!account) throw new ApiError(401, MESSAGES.signInRequired, { headers: NO_STORE });
    return account;
  }

  /** The id of the account's own policy `policyNumber`, or the one 404 for every other number. */
  async function ownPolicy(c: Context, policyNumber: string): Promise<number> {
    const policyId = await ownPolicyId(deps.db, sessionOf(c).accountId, policyNumber);
    if (policyId === null) throw notOnAccount();
    return policyId;
  }

  on(app, endpoints.saveQuote, guard, async (c, request) => {
    const account = await accountOf(c);
    const now = deps.clock();
    const outcome = await saveQuotes(deps.db, account, request, now);
    if (outcome.kind === 'other-address') throw new ApiError(400, MESSAGES.accountEmailMismatch, { headers: NO_STORE });
    if (outcome.kind === 'not-found') throw notOnAccount();
    const answer = await sessionAnswer(deps.db, account.id, now);
    if (!answer) throw new ApiError(401, MESSAGES.signInRequired, { headers: NO_STORE });
    return { body: answer, headers: NO_STORE };
  });

  on(app, endpoints.accountQuote, guard, async (c, { policyNumber }) => {
    const found = await savedQuoteAnswer(deps.db, sessionOf(c).accountId, policyNumber);
    if (found === null) throw notOnAccount();
    // The stored answer text, as POST /api/policy/lookup_quote sends it.
    return { jsonText: `{"policies":[${found}]}`, headers: NO_STORE };
  });

  on(app, endpoints.requestCard, guard, async (c, request) => {
    const account = await accountOf(c);
    // Counted once the request is well formed and before anything is looked up: guessing numbers costs too.
    const allowed = await hit(deps.db, limits.cardRequest, `account:${account.id}`, deps.clock());
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfter, NO_STORE);
    const outcome = await requestCard(deps, account, request);
    switch (outcome.kind) {
      case 'not-found':
        throw notOnAccount();
      case 'vehicle':
        throw new ApiError(400, MESSAGES.cardVehicle, { headers: NO_STORE });
      case 'not-ready':
        throw new ApiError(409, MESSAGES.cardNotReady, { headers: NO_STORE });
      case 'cancelled':
        throw new ApiError(409, MESSAGES.cardPolicyCancelled, { headers: NO_STORE });
      case 'emailed':
      case 'mailed': {
        void deps.mail.deliverDue();
        const answer: CardRequestAnswer =
          outcome.kind === 'emailed' ? { msg: MESSAGES.cardEmailed, delivery: 'electronic' } : { msg: MESSAGES.cardMailed, delivery: 'mail' };
        return { body: answer, headers: NO_STORE };
      }
    }
  });

  on(app, endpoints.statements, guard, async (c, { policyNumber }) => {
    const policyId = await ownPolicy(c, policyNumber);
    const data = await statementsOf(deps, policyId, deps.clock());
    if (!data) throw notOnAccount();
    return { body: { data }, headers: NO_STORE };
  });

  // The statements' thumbnail: the reading's id is all the URL carries. Another account's reading, one not
  // accepted, or one whose photo is gone is the one 404 of a number that does not exist.
  on(app, endpoints.accountOdometerPhoto, guard, async (c) => {
    const readingId = wholeId(c.req.param('readingId')) ?? 0;
    const reading = readingId > 0 ? await readingById(deps.db, readingId) : null;
    const policy = reading && photoShown(reading) ? await policyById(deps.db, reading.policyId) : null;
    if (!reading || !policy) throw notOnAccount();
    await ownPolicy(c, policy.policyNumber);
    const blob = await deps.blobs.get(reading.photoBlobKey);
    if (!blob) throw notOnAccount();
    return new Response(blob.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'Content-Type': reading.photoContentType,
        'Content-Length': String(blob.bytes.byteLength),
        // the photo never changes: the browser may keep it, no shared cache may
        'Cache-Control': 'private, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  on(app, endpoints.accountBillPdf, guard, async (c) => {
    const billId = wholeId(c.req.param('billId')) ?? 0;
    const bill = billId > 0 ? await billById(deps.db, billId) : null;
    const policy = bill ? await readPolicyRecord(deps.db, bill.policyId) : null;
    if (!bill || !policy) throw notOnAccount();
    await ownPolicy(c, policy.policyNumber);
    const charge = (await chargesOfPolicy(deps.db, policy.id)).get(bill.id);
    const bytes = await buildPdf('bill', policy, bill, standingOf(bill, charge), deps.clock());
    return privatePdfResponse(bytes, `Bill-${policy.policyNumber}-${bill.billDate}.pdf`);
  });

  on(app, endpoints.accountIdCard, guard, async (c) => {
    const checked = check(c.req.param('policyNumber'), policyNumberRule);
    if (!checked.ok) throw new ApiError(400, MESSAGES.policyNumber, { headers: NO_STORE });
    const policyNumber = checked.value;
    const policyId = await ownPolicy(c, policyNumber);
    const card = await newestIdCard(deps, policyId);
    if (!card) throw new ApiError(409, MESSAGES.cardNotReady, { headers: NO_STORE });
    if (card === 'cancelled') throw new ApiError(409, MESSAGES.cardPolicyCancelled, { headers: NO_STORE });
    const bytes = await documentBytes(deps.blobs, card);
    return privatePdfResponse(bytes, idCardFileName(policyNumber));
  });

  return app;
}
