/**
 * Paying a failed bill from the e-mailed or texted link (issue 21; api/billing/pay.ts has the use cases):
 *
 * GET  /api/bill-payment?token=                 -> 200 BillPaymentView | 404 link expired | 429
 * POST /api/bill-payment/pay                    { token } + Idempotency-Key -> 200 paid | 200 requires_action |
 *                                               402 declined | 404 | 409 not payable, no card or in progress | 429 | 503
 * POST /api/bill-payment/settle                 { token } -> as pay answers, after the bank's check
 * POST /api/bill-payment/test_authentication    { token, result } -> 200 { ok: true } | 404 (test mode only)
 *
 * The link's token opens the bill, and nothing else: no policy number, no session. Each call counts against
 * the client's rate limit, so nobody can try tokens in bulk. A decline answers 402 with doc 3's text and
 * `error_type`, as the bind's does. Nothing about the person or the card is logged; answers are never cached.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import { MESSAGES, type BillPaymentAnswer } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { billOfToken, billView, payBill, settleBillPayment, testAuthenticateBill, type PayOutcome } from '../billing/pay.ts';
import type { BillRecord } from '../billing/bills.ts';
import type { Deps } from '../deps.ts';
import { on, type Reply } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { doNotKeepAnswer, idempotent } from '../http/idempotency.ts';
import { NO_STORE } from '../http/security-headers.ts';

const linkExpired = () => new ApiError(404, MESSAGES.billPaymentLinkExpired, { headers: NO_STORE });

/** The refusals of a payment, in one table: the status and the words the page shows. */
const REFUSALS: Record<Exclude<PayOutcome['kind'], 'paid' | 'needs-authentication' | 'declined'>, { status: ClientErrorStatusCode | 503; message: string; retryAfter?: string }> = {
  'not-payable': { status: 409, message: MESSAGES.billNotPayable },
  'no-card': { status: 409, message: MESSAGES.noCardOnFile },
  'authentication-not-finished': { status: 409, message: MESSAGES.billAuthenticationNotFinished },
  'in-progress': { status: 409, message: MESSAGES.paymentInProgress, retryAfter: '5' },
  unavailable: { status: 503, message: MESSAGES.callUs },
};

/** The one table from a payment's outcome to HTTP. */
function answerOf(outcome: PayOutcome, mode: 'stripe' | 'test'): Reply<BillPaymentAnswer> {
  const headers = NO_STORE;
  switch (outcome.kind) {
    case 'paid':
      return { body: { outcome: 'paid', amountCents: outcome.amountCents, paidOn: outcome.paidOn, noticeWithdrawn: outcome.noticeWithdrawn }, headers };
    case 'needs-authentication':
      return { body: { outcome: 'requires_action', amountCents: 0, paidOn: null, noticeWithdrawn: false, authentication: { mode, clientSecret: outcome.clientSecret } }, headers };
    case 'declined':
      return { status: 402, other: { error_messages: [outcome.errorType === 'card_error' ? MESSAGES.paymentDeclined : MESSAGES.paymentNotProcessed], error_type: outcome.errorType }, headers };
    default: {
      const refusal = REFUSALS[outcome.kind];
      return { status: refusal.status, other: { error_messages: [refusal.message] }, headers: refusal.retryAfter ? { ...headers, 'Retry-After': refusal.retryAfter } : headers };
    }
  }
}

export function billPaymentRoutes(deps: Deps, limits: { link: MiddlewareHandler }): Hono {
  const app = new Hono();

  async function billOf(token: string): Promise<BillRecord> {
    const bill = await billOfToken(deps.db, token, deps.clock());
    if (!bill) throw linkExpired();
    return bill;
  }

  const afterPaid = (outcome: PayOutcome) => {
    // the receipt was queued with the payment's record
    if (outcome.kind === 'paid') void deps.mail.deliverDue();
  };

  on(app, endpoints.billPaymentView, limits.link, async (_c, { token }) => {
    const view = await billView(deps, await billOf(token));
    if (!view) throw linkExpired();
    return { body: { ...view, payment: { mode: deps.payments.mode, publishableKey: deps.payments.publishableKey } }, headers: NO_STORE };
  });

  on(app, endpoints.billPay, limits.link, idempotent(deps), async (c: Context, { token }) => {
    const bill = await billOf(token);
    const outcome = await payBill(deps, bill.id, deps.clock());
    // an answer that may change (a check waiting, an outcome unknown) is not kept under the key: a retry asks again
    if (outcome.kind !== 'paid' && outcome.kind !== 'declined' && outcome.kind !== 'not-payable') doNotKeepAnswer(c);
    afterPaid(outcome);
    return answerOf(outcome, deps.payments.mode);
  });

  on(app, endpoints.billPaySettle, limits.link, async (_c, { token }) => {
    const bill = await billOf(token);
    const outcome = await settleBillPayment(deps, bill.id, deps.clock());
    afterPaid(outcome);
    return answerOf(outcome, deps.payments.mode);
  });

  on(app, endpoints.billTestAuthentication, limits.link, async (_c, { token, result }) => {
    const bill = await billOf(token);
    const done = await testAuthenticateBill(deps, bill.id, result);
    if (done === 'test-mode-only') throw new ApiError(404, MESSAGES.testAuthenticationOnly, { headers: NO_STORE });
    if (done === 'not-pending') throw new ApiError(404, MESSAGES.billAuthenticationNotPending, { headers: NO_STORE });
    return { body: { ok: true as const }, headers: NO_STORE };
  });

  return app;
}
