/**
 * The login-required guard (doc 1 "Shell": "Login-required routes wait until the authentication status is
 * known ... the exact redirect is not shown"; site/routes.ts `login`). Base.astro renders such a page's
 * <main data-login-required hidden> and loads guard-page.ts in the head, right after the token bootstrap,
 * so this runs before any element of the page:
 *
 * - the session check starts at once (one shared request, core/session.ts), so every element that waits
 *   with whenSessionKnown() waits for this answer; the main content stays hidden behind the loader;
 * - a `?token=` sign-in link is spent first (page-session.ts); when that takes the person home, the guard
 *   does nothing more;
 * - signed in: the content shows; signed out: location.replace to the log-in page with the way back
 *   (`returnUrl`, this page's path, query and hash), so Back does not return to a page that sends you on;
 * - the API could not say (offline, a 5xx): a message and 'Try again', never a redirect loop.
 */
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, type ApiClient } from '../../core/api-client.ts';
import { checkSession, type SessionState } from '../../core/session.ts';
import { adoptStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { logInHref } from '../paths.ts';
import { showPageLoader } from './page-feedback.tsx';
import { tokenCheck as pageTokenCheck, type TokenOutcome } from './page-session.ts';
import { SESSION_TEXTS as T } from './session.texts.ts';

export interface GuardOptions {
  /** The page's main content; default <main data-login-required>. */
  main?: HTMLElement | null;
  api?: ApiClient;
  /** The redirect to the log-in page; tests watch instead. Default location.replace. */
  replace?: (url: string) => void;
  /** The page's `?token=` check; default the one page-session.ts started. */
  tokenCheck?: Promise<TokenOutcome>;
}

export type GuardOutcome = 'open' | 'log-in' | 'leaving' | 'none';

/** The message takes the hidden content's place in the page's column (Base.astro's body is a flex column). */
const GATE_STYLES = '.session-gate { flex: 1; }';

/** Guards the page; resolves with what it did (the error case waits for a successful 'Try again'). */
export function guardPage(options: GuardOptions = {}): Promise<GuardOutcome> {
  const main = options.main === undefined ? document.querySelector<HTMLElement>('main[data-login-required]') : options.main;
  if (!main) return Promise.resolve('none');
  const api = options.api ?? createApiClient('');
  const replace = options.replace ?? ((url: string) => location.replace(url));
  main.hidden = true;
  // asked before anything awaits: the status is 'loading' from here on, for every element of the page
  const first = checkSession(api, { sameOrigin: true });
  const loader = showPageLoader(T.loading);
  return (async () => {
    if ((await (options.tokenCheck ?? pageTokenCheck)) === 'leaving') {
      loader.hide();
      return 'leaving';
    }
    let state: SessionState = await first;
    let wait = loader;
    while (state.status === 'error') {
      wait.hide();
      await tryAgain(main);
      wait = showPageLoader(T.loading);
      state = await checkSession(api, { sameOrigin: true });
    }
    if (state.status === 'success') {
      main.hidden = false;
      wait.hide();
      return 'open';
    }
    // signed out: the loader stays while the browser leaves, so the page is never shown signed out
    replace(logInHref(`${location.pathname}${location.search}${location.hash}`));
    return 'log-in';
  })();
}

/** The message and 'Try again', focused as it shows so a keyboard or screen-reader user lands on it. */
function SessionGate({ onRetry }: { onRetry: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="wrap">
      <p className="ppm-notice ppm-notice--danger" role="alert">
        {T.statusUnknown}
      </p>
      <p>
        <button ref={button} type="button" className="ppm-button" onClick={onRetry}>
          {T.retry}
        </button>
      </p>
    </div>
  );
}

/** The message and 'Try again' above the hidden content; resolves when the person presses it. */
function tryAgain(main: HTMLElement): Promise<void> {
  adoptStyles(document, [baseStyles, GATE_STYLES]);
  // in the page's flow where the content will be (the site's section and wrap), pushing the footer down
  const panel = document.createElement('section');
  panel.className = 'ppm-root section session-gate';
  panel.setAttribute('data-session-gate', '');
  panel.setAttribute('aria-label', T.statusLabel);
  main.before(panel);
  const root = createRoot(panel);
  return new Promise((resolve) => {
    root.render(
      <SessionGate
        onRetry={() => {
          root.unmount();
          panel.remove();
          resolve();
        }}
      />,
    );
  });
}
