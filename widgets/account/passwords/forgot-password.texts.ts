/**
 * Every text of the forgot-password page (/account/forgot-password), keyed (STYLE.md habit 7). Doc 1's own
 * words: the button 'Reset Password' ("Forgot password"), the success 'Sent a link to reset your password'
 * and the failure's red notice (section 8, MESSAGES.resetSent and MESSAGES.callUs). The rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const FORGOT_PASSWORD_TEXTS = {
  intro: 'Enter the email address of your account. We will e-mail you a link to choose a new password; it works once, within 10 minutes.',
  email: 'Email Address',
  submit: 'Reset Password',
  submitting: 'Sending...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  sent: MESSAGES.resetSent,
  failed: MESSAGES.callUs,
  /** After the notice: doc 1 "on success go to /". */
  going: (seconds: number) => `We will take you to the home page in ${seconds} seconds.`,
  goNow: 'Continue to Homepage',
  stay: 'Stay on this page',
};

export type ForgotPasswordTexts = typeof FORGOT_PASSWORD_TEXTS;
