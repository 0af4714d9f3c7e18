/**
 * The every-page bootstrap of the `?token=` session check (doc 1 section 4): "a session token in the URL
 * query (token=) triggers a session check on load, except on documents and rollover pages". Base.astro loads
 * it in the head of every page, before any other script of the page, so its hold (core/session-hold.ts) is
 * in place before anything asks for the session.
 *
 * Tiny on purpose: a page without a token pays for this file alone. With one, the token leaves the address
 * bar at once (history, bookmarks and a shared screen never keep it) and token-session.ts, loaded only
 * then, spends it. `tokenCheck` says how that ended, for the header's menu and the login-required guard.
 */
import { holdSession } from '../../core/session-hold.ts';
import { tokenCheckApplies, withoutToken } from './session-logic.ts';
import type { TokenSessionOptions } from './token-session.ts';

/**
 * - 'none': no sign-in link on this page;
 * - 'signed-in': the link started a session;
 * - 'failed': it did not, and the page goes on (the person has a quote in progress);
 * - 'leaving': it did not, and the page is taking the person home (nothing else should navigate).
 */
export type TokenOutcome = 'none' | 'signed-in' | 'failed' | 'leaving';

/** Takes the token off the address bar and spends it; resolves with how that ended. `options`: tests. */
export function startTokenCheck(href: string = location.href, options?: TokenSessionOptions): Promise<TokenOutcome> {
  const url = new URL(href);
  const token = url.searchParams.get('token')?.trim();
  const clean = withoutToken(href);
  if (!token || clean === null || !tokenCheckApplies(url.pathname)) return Promise.resolve('none');
  history.replaceState(history.state, '', clean);
  const work: Promise<TokenOutcome> = import('./token-session.ts')
    .then((module) => module.spendSessionToken(token, options))
    .catch((error: unknown) => {
      console.error('[ppm] the sign-in link could not be checked', error);
      return 'failed' as const;
    });
  holdSession(work);
  return work;
}

/** This page's check, started when the page loads. */
export const tokenCheck: Promise<TokenOutcome> = startTokenCheck();
