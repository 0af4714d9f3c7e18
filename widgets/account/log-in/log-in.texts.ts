/**
 * Every text of the log-in page (/account/log-in), keyed (STYLE.md habit 7). Doc 1 names the page (create
 * password "on success goes to /account/log-in") and the two ways in (section 6: "Sign-in is by password or
 * an e-mailed magic link") but words neither; the sign-in messages are the contract's (MESSAGES.loginFailed,
 * loginUnconfirmed, magicLinkSent), shown as the API answers them. 'Loading...' is doc 1 section 9's. The
 * rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const LOG_IN_TEXTS = {
  loading: 'Loading...',
  intro: 'Sign in to see your policy, your insurance ID card and your statements.',
  email: 'Email Address',
  password: 'Password',
  logIn: 'Log In',
  loggingIn: 'Logging in...',
  forgotPassword: 'Forgot password?',
  /** Accounts also come from a purchase, whose e-mail sets the password up; a lost e-mail is a reset. */
  noPasswordYet: 'Bought a policy but have no password yet? Choose one with Forgot password.',
  magicTitle: 'Or sign in without a password',
  magicIntro: 'We will e-mail you a link that signs you in. It works once, within 10 minutes.',
  magicLink: 'E-mail me a sign-in link',
  magicSending: 'Sending...',
  /** Used when the answer carries no text of its own. */
  magicSent: MESSAGES.magicLinkSent,
  summaryTitle: ERROR_SUMMARY_TITLE,
  /** No answer at all, or a 5xx: what was typed stays. */
  failure: MESSAGES.callUs,
};

export type LogInTexts = typeof LOG_IN_TEXTS;
