/**
 * Accounts: sign-up (issue 7) and the signed-in account area (issue 9). (Entries of contract/api/endpoints.ts.)
 * `session: true` entries answer 401 without a live session cookie (api/auth/session-guard.ts); every other
 * entry answers the same whether or not an account exists.
 */
import {
  CardRequest, CardRequestAnswer, ClearSessionRequest, LoginWithTokenRequest, MessageAnswer, PolicyNumberQuery, StatementsAnswer,
} from '../account.ts';
import {
  ChangePasswordRequest, ConfirmAccountRequest, ConfirmAccountResponse, CreatePasswordRequest, LoginRequest, MagicLinkRequest,
  ResetPasswordRequest, RetrieveSessionQuery, SaveQuoteRequest, SessionAnswer, SignUpRequest, SignUpResponse,
} from '../auth.ts';
import { QuoteResponse } from '../quote.ts';
import { endpoint, json, none } from './endpoint.ts';

export const signUp = endpoint({
  method: 'POST', path: '/api/user/signup', request: SignUpRequest, answer: SignUpResponse, body: json, session: false,
  summary:
    'creates an account (password hashed with argon2id) and e-mails its single-use confirmation link; the same answer ' +
    'when the address already has an account, which gets an e-mail saying so; rate limited',
});

export const confirmAccount = endpoint({
  method: 'POST', path: '/api/user/confirm_account', request: ConfirmAccountRequest, answer: ConfirmAccountResponse, body: json, session: false,
  summary: 'spends the confirmation link (the page `/account/confirm` calls it) and confirms the account; 404 for a used or expired link',
});

export const loginWithPassword = endpoint({
  method: 'POST', path: '/api/user/login_with_password', request: LoginRequest, answer: SessionAnswer, body: json, session: false,
  summary:
    'signs in (a new session cookie `__Host-ppm_session` each time) and answers user and policies; one 401 for an unknown ' +
    'address and a wrong password; 429 past 100 failures per account or per client',
});

export const loginWithMagicLink = endpoint({
  method: 'POST', path: '/api/user/login_with_magic_link', request: MagicLinkRequest, answer: MessageAnswer, body: json, session: false,
  summary: 'e-mails a single-use sign-in link (10 minutes) to `returnUrl?token=`; the same answer for an unknown address; rate limited',
});

export const loginWithToken = endpoint({
  method: 'POST', path: '/api/user/login_with_token', request: LoginWithTokenRequest, answer: SessionAnswer, body: json, session: false,
  summary: "spends an e-mailed sign-in link's token (the `token` query parameter's session check) and starts a session; 401 when used or expired",
});

export const retrieveSession = endpoint({
  method: 'GET', path: '/api/user/retrieve_session', request: RetrieveSessionQuery, answer: SessionAnswer, body: none, session: true,
  summary: "the signed-in user and their policies and saved quotes; 401 without a live session",
});

export const clearSession = endpoint({
  method: 'POST', path: '/api/user/clear_session', request: ClearSessionRequest, answer: MessageAnswer, body: json, session: false,
  summary: 'signs out: the session is deleted on the server and its cookie cleared (200 also without one)',
});

export const resetPassword = endpoint({
  method: 'POST', path: '/api/user/reset_password', request: ResetPasswordRequest, answer: MessageAnswer, body: json, session: false,
  summary: 'e-mails a single-use link to `returnUrl?token=` (the create-password page, 10 minutes); the same answer for an unknown address; rate limited',
});

export const changePasswordWithToken = endpoint({
  method: 'POST', path: '/api/user/change_password_with_token', request: CreatePasswordRequest, answer: MessageAnswer, body: json, session: false,
  summary: "sets the password from a reset or account-setup link (spent once), confirms the account, ends the account's sessions and e-mails a notice",
});

export const changePassword = endpoint({
  method: 'POST', path: '/api/user/change_password', request: ChangePasswordRequest, answer: MessageAnswer, body: json, session: true,
  summary: "changes the password after checking the current one; ends the user's other sessions and e-mails a notice",
});

export const saveQuote = endpoint({
  method: 'POST', path: '/api/user/update', request: SaveQuoteRequest, answer: SessionAnswer, body: json, session: true,
  summary: "Save My Quote: saves quotes made with the signed-in user's e-mail address to the account; answers user and policies",
});

export const accountQuote = endpoint({
  method: 'GET', path: '/api/user/quote', request: PolicyNumberQuery, answer: QuoteResponse, body: none, session: true,
  summary: "one of the user's saved quotes as the wizard's quote response (lookup quotes open it at step 5)",
});

export const requestCard = endpoint({
  method: 'POST', path: '/api/user/request_card', request: CardRequest, answer: CardRequestAnswer, body: json, session: true,
  summary: "an ID card for the user's own vehicles: e-mailed as a PDF (electronic), or stored as a request for the post and confirmed (mail)",
});

export const statements = endpoint({
  method: 'GET', path: '/api/user/statements', request: PolicyNumberQuery, answer: StatementsAnswer, body: none, session: true,
  summary: "the policy's odometer intervals per vehicle with miles and mileage charge, and the link for this interval's photo",
});

export const accountIdCard = endpoint({
  method: 'GET', path: '/api/user/id_card/:policyNumber', request: null, answer: null, body: none, session: true,
  summary: "the newest ID card PDF of one of the user's policies (the dashboard's insuranceCardUri; `Cache-Control: private, no-store`)",
});
