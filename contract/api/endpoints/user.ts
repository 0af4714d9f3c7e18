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
});

export const confirmAccount = endpoint({
  method: 'POST', path: '/api/user/confirm_account', request: ConfirmAccountRequest, answer: ConfirmAccountResponse, body: json, session: false,
});

export const loginWithPassword = endpoint({
  method: 'POST', path: '/api/user/login_with_password', request: LoginRequest, answer: SessionAnswer, body: json, session: false,
});

export const loginWithMagicLink = endpoint({
  method: 'POST', path: '/api/user/login_with_magic_link', request: MagicLinkRequest, answer: MessageAnswer, body: json, session: false,
});

export const loginWithToken = endpoint({
  method: 'POST', path: '/api/user/login_with_token', request: LoginWithTokenRequest, answer: SessionAnswer, body: json, session: false,
});

export const retrieveSession = endpoint({
  method: 'GET', path: '/api/user/retrieve_session', request: RetrieveSessionQuery, answer: SessionAnswer, body: none, session: true,
});

export const clearSession = endpoint({
  method: 'POST', path: '/api/user/clear_session', request: ClearSessionRequest, answer: MessageAnswer, body: json, session: false,
});

export const resetPassword = endpoint({
  method: 'POST', path: '/api/user/reset_password', request: ResetPasswordRequest, answer: MessageAnswer, body: json, session: false,
});

export const changePasswordWithToken = endpoint({
  method: 'POST', path: '/api/user/change_password_with_token', request: CreatePasswordRequest, answer: MessageAnswer, body: json, session: false,
});

export const changePassword = endpoint({
  method: 'POST', path: '/api/user/change_password', request: ChangePasswordRequest, answer: MessageAnswer, body: json, session: true,
});

export const saveQuote = endpoint({
  method: 'POST', path: '/api/user/update', request: SaveQuoteRequest, answer: SessionAnswer, body: json, session: true,
});

export const accountQuote = endpoint({
  method: 'GET', path: '/api/user/quote', request: PolicyNumberQuery, answer: QuoteResponse, body: none, session: true,
});

export const requestCard = endpoint({
  method: 'POST', path: '/api/user/request_card', request: CardRequest, answer: CardRequestAnswer, body: json, session: true,
});

export const statements = endpoint({
  method: 'GET', path: '/api/user/statements', request: PolicyNumberQuery, answer: StatementsAnswer, body: none, session: true,
});

export const accountOdometerPhoto = endpoint({
  method: 'GET', path: '/api/user/odometer_photo/:readingId', request: null, answer: null, body: none, session: true,
});

export const accountBillPdf = endpoint({
  method: 'GET', path: '/api/user/bill_pdf/:billId', request: null, answer: null, body: none, session: true,
});

export const accountIdCard = endpoint({
  method: 'GET', path: '/api/user/id_card/:policyNumber', request: null, answer: null, body: none, session: true,
});
