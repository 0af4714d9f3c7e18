/**
 * The signed-in half of <account-menu> (account-menu.ts), loaded only where someone may be signed in. It
 * follows the page-wide session (core/session.ts): the name and 'Log out' while signed in, the server's
 * signed-out link otherwise. It asks for the session once per page (the request every caller shares) unless
 * the page already knows.
 *
 * Log out (doc 1 "Shell": "show the loader, log the user out, go to /"): the full-page loader, POST
 * /api/user/clear_session, then /. When the server did not confirm it (offline), the page stays signed in
 * and says so: a shared computer must not keep a session its user saw ended.
 */
import { createApiClient, type ApiClient } from '../../core/api-client.ts';
import { checkSession, onSession, session, signOut, type SessionState } from '../../core/session.ts';
import { h } from '../dom.ts';
import type { AccountMenu } from './account-menu.ts';
import { showPageLoader, showPageSnackbar } from './page-feedback.ts';
import { fullName } from './session-logic.ts';
import { SESSION_NOTICE_MS, SESSION_TEXTS as T } from './session.texts.ts';

/** doc 1 route table: the account dashboard. */
export const ACCOUNT_PATH = '/account';

/** Draws `menu` from the session from now on; returns the function that stops it. */
export function attachAccountMenu(menu: AccountMenu): () => void {
  const api: ApiClient = (menu.api ??= createApiClient(''));
  let shownName: string | null = null;
  let leaving = false;

  async function logOut(): Promise<void> {
    if (leaving) return;
    leaving = true;
    const loader = showPageLoader(T.loading);
    if (await signOut(api)) {
      // the loader stays while the browser leaves
      menu.navigate('/');
      return;
    }
    loader.hide();
    leaving = false;
    showPageSnackbar('danger', T.logOutFailed, SESSION_NOTICE_MS);
  }

  function draw(state: SessionState): void {
    const name = state.status === 'success' && state.user ? fullName(state.user) : null;
    if (name === shownName) return;
    shownName = name;
    if (name === null) {
      menu.replaceChildren(...(menu.signedOut ?? []));
      return;
    }
    const here = location.pathname.replace(/(.)\/+$/, '$1') === ACCOUNT_PATH;
    const list = menu.getAttribute('layout') === 'list';
    const link = h(
      'a',
      // the title shows a name the bar had to cut short
      { class: list ? 'account-name' : 'account-link account-name button secondary', href: ACCOUNT_PATH, title: name, 'aria-current': here ? 'page' : null },
      h('span', { class: 'account-name__text' }, name),
      h('span', { class: 'visually-hidden' }, T.accountNote),
    );
    const button = h('button', { type: 'button', class: 'account-logout' }, T.logOut);
    button.addEventListener('click', () => void logOut());
    menu.replaceChildren(link, button);
  }

  const stop = onSession(draw);
  if (session.value.status !== 'success' && session.value.status !== 'loading') void checkSession(api, { sameOrigin: true });
  return stop;
}
