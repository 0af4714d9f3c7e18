/**
 * The signed-in half of <account-menu> (account-menu.ts), loaded only where someone may be signed in: a React
 * root in the element that follows the page-wide session (core/session.ts, read through its signal): the name
 * and 'Log out' while signed in, the same 'My Policy' link the server rendered otherwise. It asks for the
 * session once per page (the request every caller shares) unless the page already knows.
 *
 * Log out (doc 1 "Shell": "show the loader, log the user out, go to /"): the page's loader (page-feedback.tsx,
 * core's overlay), POST /api/user/clear_session, then /. When the server did not confirm it (offline), the
 * page stays signed in and says so in core's snackbar: a shared computer must not keep a session its user saw
 * ended.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, type ApiClient } from '../../core/api-client.ts';
import { checkSession, session, signOut } from '../../core/session.ts';
import type { AccountMenu } from './account-menu.ts';
import { showPageLoader, showPageSnackbar } from './page-feedback.tsx';
import { fullName } from './session-logic.ts';
import { SESSION_NOTICE_MS, SESSION_TEXTS as T } from './session.texts.ts';

/** doc 1 route table: the account dashboard; the signed-out link's My Policy page (Header.astro). */
const ACCOUNT_PATH = '/account';
const MY_POLICY_PATH = '/account/my-policy';

const here = (path: string) => location.pathname.replace(/(.)\/+$/, '$1') === path;

interface AccountMenuProps {
  /** `bar`: the header bar's link and button; `list`: inside an <li> of the mobile user flyout. */
  layout: 'bar' | 'list';
  api: ApiClient;
  navigate: (url: string) => void;
}

function AccountMenuView({ layout, api, navigate }: AccountMenuProps) {
  useSignals();
  const leaving = useRef(false);
  const state = session.value;
  const name = state.status === 'success' && state.user ? fullName(state.user) : null;
  const list = layout === 'list';

  if (name === null) {
    // what Header.astro renders for a visitor, so a session that ends (any 401) puts the header back as it was
    return (
      <a key="my-policy" className={list ? undefined : 'account-link button secondary'} href={MY_POLICY_PATH} aria-current={here(MY_POLICY_PATH) ? 'page' : undefined}>
        {T.myPolicy}
      </a>
    );
  }

  async function logOut(): Promise<void> {
    if (leaving.current) return;
    leaving.current = true;
    const loader = showPageLoader(T.loading);
    if (await signOut(api)) {
      // the loader stays while the browser leaves
      navigate('/');
      return;
    }
    loader.hide();
    leaving.current = false;
    showPageSnackbar('danger', T.logOutFailed, SESSION_NOTICE_MS);
  }

  return (
    <>
      {/* the title shows a name the bar had to cut short */}
      {/* keyed apart from 'My Policy': a new element, not the old one stretched, so nothing is seen to move */}
      <a key="name" className={list ? 'account-name' : 'account-link account-name button secondary'} href={ACCOUNT_PATH} title={name} aria-current={here(ACCOUNT_PATH) ? 'page' : undefined}>
        <span className="account-name__text">{name}</span>
        <span className="visually-hidden">{T.accountNote}</span>
      </a>
      <button type="button" className="account-logout" onClick={() => void logOut()}>
        {T.logOut}
      </button>
    </>
  );
}

/** Draws `menu` from the session from now on; returns the function that stops it. */
export function attachAccountMenu(menu: AccountMenu): () => void {
  const api: ApiClient = (menu.api ??= createApiClient(''));
  const root = createRoot(menu);
  root.render(<AccountMenuView layout={menu.getAttribute('layout') === 'list' ? 'list' : 'bar'} api={api} navigate={(url) => menu.navigate(url)} />);
  if (session.value.status !== 'success' && session.value.status !== 'loading') void checkSession(api, { sameOrigin: true });
  return () => {
    root.unmount();
    // what the server rendered, for a menu put back into the page
    menu.replaceChildren(...(menu.signedOut ?? []));
  };
}
