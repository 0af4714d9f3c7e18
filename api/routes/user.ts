/**
 * The account calls under /api/user (doc 1 section 7). Issue 7 brings the two a visitor needs on the
 * thank-you page: sign-up and the confirmation of its e-mailed link. Sign-in, sessions and the password
 * pages arrive with the account area.
 *
 * - POST /signup: 200 { message } with doc 3's success text whatever happened (api/auth/signup.ts);
 *   400 with the rule's message for a bad e-mail or password or a returnUrl off our site; rate limited per
 *   client (429 with Retry-After), because every sign-up costs an argon2id hash and may send an e-mail.
 * - POST /confirm_account: 200 { message, returnUrl } once per link; 404 with one message for a link that is
 *   unknown, used or expired.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  ConfirmAccountRequest, MESSAGES, SignUpRequest, type ConfirmAccountResponse, type SignUpResponse,
} from '../../contract/index.ts';
import { ownReturnPath } from '../auth/return-url.ts';
import { confirmAccount, signUp } from '../auth/signup.ts';
import type { Deps } from '../deps.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';
import { NO_STORE } from '../http/security-headers.ts';

export function userRoutes(deps: Deps, limits: { signUp: MiddlewareHandler; accountMail: RateLimit }): Hono {
  const app = new Hono();

  on(app, endpoints.signUp, limits.signUp, async (c) => {
    const request = await readBody(c, SignUpRequest);
    const returnPath = ownReturnPath(request.returnUrl, deps.config.publicOrigin);
    if (returnPath === null) throw new ApiError(400, MESSAGES.returnUrl, { fields: [{ path: 'returnUrl', message: MESSAGES.returnUrl }] });
    await signUp(deps, { request, returnPath }, limits.accountMail);
    const body: SignUpResponse = { message: MESSAGES.signUpSuccess };
    return c.json(body, 200, NO_STORE);
  });

  on(app, endpoints.confirmAccount, async (c) => {
    const { token } = await readBody(c, ConfirmAccountRequest);
    const confirmed = await confirmAccount(deps, token);
    if (!confirmed) throw new ApiError(404, MESSAGES.accountConfirmationLinkInvalid);
    const body: ConfirmAccountResponse = { message: MESSAGES.accountConfirmed, returnUrl: confirmed.returnUrl };
    return c.json(body, 200, NO_STORE);
  });

  return app;
}
