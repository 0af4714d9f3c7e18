import { array, object, optional, string, type, type Infer } from 'superstruct';
import { email } from '../rules/email.ts';
import { newPassword, passwordConfirmation, presentedPassword } from '../rules/password.ts';
import { policyNumber, returnUrl, token } from './common.ts';
import { MailingAddress, Policy } from './policy.ts';

/**
 * The account calls of doc 1 section 7 (user/...), their payloads (doc 1 section 3 "Password payloads")
 * and the password forms that produce them (doc 1 section 2, doc 3 section 2). The account identifier
 * is the account's e-mail address: the sign-up, reset and save calls all key the account by e-mail.
 */

/** A signed-in user (doc 1 section 3). */
export const User = type({ firstName: string(), lastName: string(), emailAddress: string() });
export type User = Infer<typeof User>;

/** POST user/login_with_password. */
export const LoginRequest = object({
  accountIdentifier: email,
  password: presentedPassword,
});
export type LoginRequest = Infer<typeof LoginRequest>;

/** Answer of a login, a session check and a save (doc 1 section 7: "user, policies"). */
export const SessionAnswer = type({
  user: User,
  /** Bound and issued policies, and saved quotes (policyStatus QUOTE) */
  policies: array(Policy),
});
export type SessionResponse = Infer<typeof SessionAnswer>;

/** POST user/login_with_magic_link (answer not shown: the API answers a MessageAnswer either way). */
export const MagicLinkRequest = object({
  accountIdentifier: email,
  returnUrl,
});
export type MagicLinkRequest = Infer<typeof MagicLinkRequest>;

/** GET user/retrieve_session, optional accountIdentifier in the query. */
export const RetrieveSessionQuery = object({
  accountIdentifier: optional(email),
});
export type RetrieveSessionQuery = Infer<typeof RetrieveSessionQuery>;

/**
 * POST user/signup. The account version (doc 1 section 7) names the policy; the wizard's (doc 3
 * section 3) sends the policy's mailing address instead (the spec does not show its shape: we use the
 * address entry of the quote request). One struct with both optional covers the two.
 */
export const SignUpRequest = object({
  emailAddress: email,
  returnUrl,
  password: newPassword,
  policyNumber: optional(policyNumber),
  policyAddress: optional(MailingAddress),
});
export type SignUpRequest = Infer<typeof SignUpRequest>;

/** Answer of POST user/signup: always 200 with MESSAGES.signUpSuccess, whether or not the address had an account. */
export const SignUpResponse = type({ message: string() });
export type SignUpResponse = Infer<typeof SignUpResponse>;

/** POST user/confirm_account (ours: the spec shows no confirmation call): the token of the e-mailed link. */
export const ConfirmAccountRequest = object({ token });
export type ConfirmAccountRequest = Infer<typeof ConfirmAccountRequest>;

/** Answer of POST user/confirm_account: MESSAGES.accountConfirmed, and where to go next (the sign-up's returnUrl). */
export const ConfirmAccountResponse = type({ message: string(), returnUrl: string() });
export type ConfirmAccountResponse = Infer<typeof ConfirmAccountResponse>;

/**
 * POST user/reset_password (forgot password). Doc 1 section 3 names the field `email`, its section 7
 * `emailAddress`; we follow the call table, like every other payload that carries an address.
 */
export const ResetPasswordRequest = object({
  emailAddress: email,
  returnUrl,
});
export type ResetPasswordRequest = Infer<typeof ResetPasswordRequest>;

/** POST user/change_password_with_token (create password from the e-mailed link). */
export const CreatePasswordRequest = object({
  newPassword,
  passwordChangeToken: token,
});
export type CreatePasswordRequest = Infer<typeof CreatePasswordRequest>;

/** POST user/change_password (signed in). */
export const ChangePasswordRequest = object({
  oldPassword: presentedPassword,
  newPassword,
});
export type ChangePasswordRequest = Infer<typeof ChangePasswordRequest>;

/** POST user/update: saves quotes to the account (doc 1 section 3 "Save quote"); answers SessionResponse. */
export const SaveQuoteRequest = object({
  policyNumbers: array(policyNumber),
  emailAddress: email,
});
export type SaveQuoteRequest = Infer<typeof SaveQuoteRequest>;

/** The forgot-password form: the account e-mail (doc 1 section 5). */
export const ForgotPasswordForm = object({ emailAddress: email });

/** The change-password form: current, new, confirm-new (doc 1 section 2). */
export const ChangePasswordForm = object({
  oldPassword: presentedPassword,
  newPassword,
  confirmPassword: passwordConfirmation('newPassword'),
});
export type ChangePasswordForm = Infer<typeof ChangePasswordForm>;

/** The create-password form: new and repeat (doc 1 section 2). */
export const CreatePasswordForm = object({
  newPassword,
  repeatPassword: passwordConfirmation('newPassword'),
});
export type CreatePasswordForm = Infer<typeof CreatePasswordForm>;

/** The thank-you page's account creation: password and verify password (doc 3 section 2). */
export const SignUpForm = object({
  password: newPassword,
  verifyPassword: passwordConfirmation('password'),
});
export type SignUpForm = Infer<typeof SignUpForm>;
