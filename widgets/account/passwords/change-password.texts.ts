/**
 * Every text of the change-password page (/account/change-password), keyed (STYLE.md habit 7). Doc 1's own
 * words: the 'Update' button ("Change password"), the success 'Successfully updated the Password!' and the
 * failure's red notice (section 8); 'Loading...' (section 9). The server's refusals are the contract's
 * (MESSAGES.currentPasswordWrong, passwordPersonal). The rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const CHANGE_PASSWORD_TEXTS = {
  loading: 'Loading...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log In',
  unavailable: MESSAGES.callUs,
  intro: 'Choose a new password. You stay signed in here; everywhere else you are signed in is signed out.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  newPasswordHint: 'The password should not contain parts of your name or email.',
  confirmPassword: 'Confirm New Password',
  update: 'Update',
  updating: 'Updating...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  updated: MESSAGES.passwordUpdated,
  failed: MESSAGES.callUs,
  /** After the notice: doc 1 "on success go to /". */
  going: (seconds: number) => `We will take you to the home page in ${seconds} seconds.`,
  goNow: 'Continue to Homepage',
  stay: 'Stay on this page',
};

export type ChangePasswordTexts = typeof CHANGE_PASSWORD_TEXTS;
