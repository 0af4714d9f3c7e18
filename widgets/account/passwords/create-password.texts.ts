/**
 * Every text of the create-password page (/account/create-password?token=...), keyed (STYLE.md habit 7).
 * Doc 1's own words: 'Save Password', the text that the password should not contain parts of the name or
 * e-mail ("Create password"), 'Please come through the link in email', 'Successfully updated the
 * Password!' and the failure's red notice (section 8). MESSAGES.passwordLinkInvalid is ours. The rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const CREATE_PASSWORD_TEXTS = {
  intro: 'Choose the password for your account.',
  newPassword: 'New Password',
  newPasswordHint: 'The password should not contain parts of your name or email.',
  repeatPassword: 'Repeat Password',
  save: 'Save Password',
  saving: 'Saving...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  noToken: MESSAGES.passwordNoToken,
  linkInvalid: MESSAGES.passwordLinkInvalid,
  newLink: 'Ask for a new link',
  updated: MESSAGES.passwordUpdated,
  failed: MESSAGES.callUs,
  /** After success: doc 1 "on success goes to /account/log-in". */
  goingLogIn: (seconds: number) => `We will take you to the log-in page in ${seconds} seconds.`,
  goLogIn: 'Continue to Log In',
  /** After a failure: doc 1 section 8 "create password also redirects to /". */
  goingHome: (seconds: number) => `We will take you to the home page in ${seconds} seconds.`,
  goHome: 'Continue to Homepage',
  stay: 'Stay on this page',
};

export type CreatePasswordTexts = typeof CREATE_PASSWORD_TEXTS;
