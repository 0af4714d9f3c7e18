/**
 * The messages of the account the quote's last step creates (a password and its rules, the sign-up's
 * answer and its confirmation) and of a call that needs a session: the quote path shows them as well as
 * the account pages. contract/messages.ts gathers every area into MESSAGES.
 */

// ours: password rule (doc 1 section 5, doc 3 section 5: messages not shown)
export const passwordLength = 'The password must be at least 10 characters long.';
export const passwordTooLong = 'The password must be at most 128 characters long.';
export const passwordRule =
  'The password needs a number, an upper-case letter, a lower-case letter and one of ! @ # $ % ^ & * ) ( + = . _ -';
export const passwordMatch = 'The passwords do not match.';

// doc 3 section 8: sign-up success (the toast, 10 s); the API answers it whatever happened (no enumeration)
export const signUpSuccess =
  'Thank you for creating your account. You will receive an email shortly containing a link to confirm your registration...';

// ours: a call that needs a session without one (401)
export const signInRequired = 'Please sign in to continue.';

// ours: the account confirmation page, after the e-mailed link is spent
export const accountConfirmed = 'Thank you. Your account is confirmed, and you can now sign in.';

// ours: doc 1 "the password should not contain parts of the name or e-mail", enforced
export const passwordPersonal = 'The password must not contain your name or the name of your e-mail address.';
