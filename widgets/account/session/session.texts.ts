import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';

/**
 * Every text of the header's account menu, the login-required guard and the `?token=` session check, keyed
 * (STYLE.md habit 7). The spec's are word for word; the rest are ours, where the spec is silent.
 */
export const SESSION_TEXTS = {
  // doc 1 "Shell": the account link of a visitor (the header's server-rendered 'My Policy')
  myPolicy: 'My Policy',
  // ours: after the name, for screen readers, so the link says where it goes
  accountNote: ', my account',
  logOut: 'Log out',
  // doc 1 section 9: the loader's default text (logout, the login-required wait)
  loading: 'Loading...',
  // doc 1 section 4: the `token` session check's loader and its failure (3500 ms danger snackbar)
  retrieving: 'Please wait while we retrieve your information.',
  sessionRetrievalFailed: MESSAGES.sessionRetrievalFailed,
  // ours (issue 23): the API refused the link itself (used once already, or past its 10 minutes); doc 1's
  // text above is about a quote, and stays for a check that got no answer
  linkSpent: MESSAGES.magicLinkInvalid,
  // ours: a logout the server did not confirm (offline): the page stays signed in and says so
  logOutFailed: 'We could not log you out. Please check your connection and try again.',
  // ours: a login-required page whose sign-in status the API could not give (never a redirect loop)
  statusUnknown: 'We could not check whether you are signed in. Please check your connection and try again.',
  retry: 'Try again',
  statusLabel: 'Sign-in status',
  // ours: a login-required page in a browser without JavaScript
  noScript: `Your account needs JavaScript. Please turn it on, or call us at ${BRAND.phone}.`,
  close: 'Close',
} as const;

/** doc 1 section 8: the session retrieval failure's snackbar shows 3500 ms. */
export const SESSION_NOTICE_MS = 3500;
