/**
 * The account calls under /api/user (doc 1 section 7). Sign-up and its confirmation (issue 7); sign-in,
 * sessions and passwords (issue 9). The use cases live in api/auth/; these routes read the body, call them
 * and shape the answer.
 *
 * - POST /signup: 200 { message } with doc 3's success text whatever happened (api/auth/signup.ts); the
 *   password takes effect at once only with the purchase's Purchase-Token header, else it is never stored;
 *   400 with the rule's message for a bad e-mail or password or a returnUrl off our site (any of our own
 *   origins, api/auth/return-url.ts); rate limited per
 *   client (429 with Retry-After), because every sign-up costs an argon2id hash and may send an e-mail.
 * - POST /confirm_account: 200 { message, returnUrl } once per link; 404 with one message for a link that is
 *   unknown, used or expired.
 * - POST /login_with_password: a new session cookie and { user, policies }; one 401 for an unknown address,
 *   an account without a password and a wrong password; 429 past 100 failures per account or per client.
 * - POST /login_with_magic_link and /reset_password: one 200 { msg } whether or not the address has an
 *   account, answered before the e-mail work starts (api/auth/after-answer.ts); rate limited per client,
 *   and the e-mails per mailbox.
 * - POST /login_with_token: spends the magic link; a new session cookie and { user, policies }, or 401.
 * - GET /retrieve_session: { user, policies } of the live session, or 401 (requireSession).
 * - POST /clear_session: ends the session on the server and clears the cookie; 200 also without one.
 * - POST /change_password_with_token: sets the password from a reset or setup link; 400 for a used link.
 * - POST /change_password (signed in): 400, never 401, for a wrong current password: a 401 would sign the
 *   person out of every widget on the page (doc 1 section 4).
 *
 * Every answer that carries a session or a person's data is Cache-Control: no-store.
 */
import { Hono, type Context } from 'hono';
import { MESSAGES, PURCHASE_TOKEN_HEADER, type MessageAnswer, type SessionResponse } from '../../contract/index.ts';
import { sessionAnswer } from '../account/session-answer.ts';
import { afterAnswer } from '../auth/after-answer.ts';
import { sendMagicLink } from '../auth/magic-link.ts';
import { changePassword } from '../auth/password-change.ts';
import { changePasswordWithToken, sendPasswordReset } from '../auth/password-reset.ts';
import { ownOrigins, ownReturnPath } from '../auth/return-url.ts';
import type { OwnPath } from '../../contract/pages.ts';
import { clearSessionCookie, requireSession, sessionCookieOf, sessionOf } from '../auth/session-guard.ts';
import { destroySession } from '../auth/sessions.ts';
import { signInWithLink, signInWithPassword, startSession } from '../auth/sign-in.ts';
import { confirmAccount, signUp } from '../auth/signup.ts';
import type { Deps } from '../deps.ts';
import { clientAddress } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import { limiterOf, rateLimit, tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on, type Answer } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';

/** The limits these routes use (RATE_LIMITS in api/app.ts; tests pass smaller ones). */
export interface UserLimits {
  /** Failed sign-ins per account (its e-mail address). */
  loginFailuresAccount: RateLimit;
  /** Failed sign-ins per client address. */
  loginFailuresClient: RateLimit;
  /** Sign-ups per client. */
  signUp: RateLimit;
  /** Sign-up e-mails per recipient. */
  accountMail: RateLimit;
  /** Magic-link requests per client. */
  magicLink: RateLimit;
  /** Password-reset requests per client. */
  passwordReset: RateLimit;
  /** Magic-link and reset e-mails per recipient. */
  signInMail: RateLimit;
}


export function userRoutes(deps: Deps, limits: UserLimits): Hono {
  const app = new Hono();
  const clientOf = (c: Context) => clientAddress(c, deps.config.trustProxy);
  const perClient = (rule: RateLimit) => rateLimit(deps.db, rule, clientOf, deps.clock);
  const accountMail = limiterOf(deps.db, limits.accountMail, deps.clock);
  const signInMail = limiterOf(deps.db, limits.signInMail, deps.clock);
  const login = {
    perAccount: limiterOf(deps.db, limits.loginFailuresAccount, deps.clock),
    perClient: limiterOf(deps.db, limits.loginFailuresClient, deps.clock),
  };
  const origins = ownOrigins(deps.config);
  const returnPathOf = (returnUrl: string): OwnPath => {
    const path = ownReturnPath(returnUrl, origins);
    if (path === null) throw new ApiError(400, MESSAGES.returnUrl, { fields: [{ path: 'returnUrl', message: MESSAGES.returnUrl }] });
    return path;
  };
  /** { user, policies } of a signed-in account, not cached anywhere. */
  const answerSession = async (accountId: number): Promise<Answer<SessionResponse>> => {
    const answer = await sessionAnswer(deps.db, accountId, deps.clock());
    if (!answer) throw new Error('the account of a live session is gone');
    return { body: answer, headers: NO_STORE };
  };
  const message = (msg: string): Answer<MessageAnswer> => ({ body: { msg }, headers: NO_STORE });

  on(app, endpoints.signUp, perClient(limits.signUp), async (c, request) => {
    const returnPath = returnPathOf(request.returnUrl);
    await signUp(deps, { request, returnPath, purchaseToken: c.req.header(PURCHASE_TOKEN_HEADER) }, accountMail);
    return { body: { message: MESSAGES.signUpSuccess }, headers: NO_STORE };
  });

  on(app, endpoints.confirmAccount, async (_c, { token }) => {
    const confirmed = await confirmAccount(deps, token);
    if (!confirmed) throw new ApiError(404, MESSAGES.accountConfirmationLinkInvalid);
    return { body: { message: MESSAGES.accountConfirmed, returnUrl: confirmed.returnUrl }, headers: NO_STORE };
  });

  on(app, endpoints.loginWithPassword, async (c, request) => {
    const outcome = await signInWithPassword(deps, login, request, clientOf(c));
    if (outcome.kind === 'limited') throw tooManyRequests(outcome.retryAfterSeconds);
    if (outcome.kind === 'refused') throw new ApiError(401, outcome.message, { headers: NO_STORE });
    await startSession(c, deps, outcome.accountId);
    return answerSession(outcome.accountId);
  });

  on(app, endpoints.loginWithMagicLink, perClient(limits.magicLink), async (_c, request) => {
    const returnPath = returnPathOf(request.returnUrl);
    afterAnswer(deps, 'magic link', async () => {
      await sendMagicLink(deps, { emailAddress: request.accountIdentifier, returnPath }, signInMail);
    });
    return message(MESSAGES.magicLinkSent);
  });

  on(app, endpoints.loginWithToken, async (c, { token }) => {
    const accountId = await signInWithLink(deps, token);
    if (accountId === null) throw new ApiError(401, MESSAGES.magicLinkInvalid, { headers: NO_STORE });
    await startSession(c, deps, accountId);
    return answerSession(accountId);
  });

  on(app, endpoints.retrieveSession, requireSession(deps), async (c) => {
    const session = sessionOf(c);
    const answer = await sessionAnswer(deps.db, session.accountId, deps.clock());
    if (!answer) {
      clearSessionCookie(c);
      throw new ApiError(401, MESSAGES.signInRequired, { headers: NO_STORE });
    }
    return { body: answer, headers: NO_STORE };
  });

  on(app, endpoints.clearSession, async (c) => {
    const presented = sessionCookieOf(c);
    if (presented !== null) await destroySession(deps.db, presented);
    clearSessionCookie(c);
    return message(MESSAGES.signedOut);
  });

  on(app, endpoints.resetPassword, perClient(limits.passwordReset), async (_c, request) => {
    const returnPath = returnPathOf(request.returnUrl);
    afterAnswer(deps, 'password reset', async () => {
      await sendPasswordReset(deps, { emailAddress: request.emailAddress, returnPath }, signInMail);
    });
    return message(MESSAGES.resetSent);
  });

  on(app, endpoints.changePasswordWithToken, async (_c, request) => {
    const outcome = await changePasswordWithToken(deps, request);
    if (outcome === 'link-invalid') throw new ApiError(400, MESSAGES.passwordLinkInvalid);
    if (outcome === 'personal') throw personalPassword();
    return message(MESSAGES.passwordUpdated);
  });

  on(app, endpoints.changePassword, requireSession(deps), async (c, request) => {
    const outcome = await changePassword(deps, login, sessionOf(c), request, clientOf(c));
    if (outcome.kind === 'limited') throw tooManyRequests(outcome.retryAfterSeconds);
    if (outcome.kind === 'wrong-current') {
      throw new ApiError(400, MESSAGES.currentPasswordWrong, { fields: [{ path: 'oldPassword', message: MESSAGES.currentPasswordWrong }] });
    }
    if (outcome.kind === 'personal') throw personalPassword();
    return message(MESSAGES.passwordUpdated);
  });

  return app;
}

function personalPassword(): ApiError {
  return new ApiError(400, MESSAGES.passwordPersonal, { fields: [{ path: 'newPassword', message: MESSAGES.passwordPersonal }] });
}
