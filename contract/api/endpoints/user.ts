/** Accounts. (Entries of contract/api/endpoints.ts.) */
import { ConfirmAccountRequest, ConfirmAccountResponse, SignUpRequest, SignUpResponse } from '../auth.ts';
import { endpoint, json } from './endpoint.ts';

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
