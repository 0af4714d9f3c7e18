/**
 * Spends an e-mailed sign-in link's token (doc 1 section 4, "Session check"), loaded by page-session.ts only
 * on a page that has one. The loader says 'Please wait while we retrieve your information.' while POST
 * /api/user/login_with_token runs. Success starts the session (the header shows the name, a login-required
 * page opens). Failure: when this tab has no quote in progress (the wizard's saved state holds no quote
 * response), the danger snackbar for 3500 ms, then home and its home section; with a quote in progress the
 * person simply stays where they are. The snackbar says what failed: a link the API refused (used or
 * expired) says so and that a new one can be asked for; no answer is doc 1's session retrieval failure.
 */
import { loginWithToken } from '../../../contract/api/endpoints/user.ts';
import { createApiClient, type ApiClient } from '../../core/api-client.ts';
import { checkSession, maySignedIn, startSession } from '../../core/session.ts';
import { hasStoredQuote } from '../../quote-wizard/persistence.ts';
import { showPageLoader, showPageSnackbar } from './page-feedback.tsx';
import type { TokenOutcome } from './page-session.ts';
import { SESSION_NOTICE_MS, SESSION_TEXTS as T } from './session.texts.ts';

/** doc 1 route table: the home section of / (site/pages/index.astro's hero). */
export const HOME_SECTION_ID = 'home';

export interface TokenSessionOptions {
  api?: ApiClient;
  /** Leaves for another page; tests watch instead. Default location.assign. */
  navigate?: (url: string) => void;
  /** How long the failure notice shows before the page goes home (doc 1: 3500 ms). */
  noticeMs?: number;
}

export async function spendSessionToken(token: string, options: TokenSessionOptions = {}): Promise<TokenOutcome> {
  const api = options.api ?? createApiClient('');
  const navigate = options.navigate ?? ((url: string) => location.assign(url));
  const noticeMs = options.noticeMs ?? SESSION_NOTICE_MS;
  // a person already signed in who opens a spent link stays signed in: the page asks again afterwards
  const hinted = maySignedIn();
  const loader = showPageLoader(T.retrieving);
  const result = await api.call(loginWithToken, { token });
  loader.hide();
  if (result.ok) {
    startSession(result.data);
    return 'signed-in';
  }
  // not awaited: it waits for this check to settle (core/session-hold.ts)
  if (hinted) void checkSession(api);
  if (hasStoredQuote()) return 'failed';
  // a refusal (401, a 4xx) is about the link: used or expired, and the person can ask for a new one; no
  // answer or a 5xx is doc 1's session retrieval failure
  const spent = result.status !== 0 && result.status < 500;
  showPageSnackbar('danger', spent ? T.linkSpent : T.sessionRetrievalFailed, noticeMs);
  goHome(navigate, noticeMs);
  return 'leaving';
}

/** "go to /, scroll to the home section": on the home page at once; from elsewhere once the notice has been read. */
function goHome(navigate: (url: string) => void, noticeMs: number): void {
  if (location.pathname === '/') {
    document.getElementById(HOME_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    return;
  }
  setTimeout(() => navigate(`/#${HOME_SECTION_ID}`), noticeMs);
}
