/**
 * <account-menu>: the header's account link (doc 1 "Shell"). Signed out it is what the server rendered
 * inside it (Header.astro: the 'My Policy' link), so a visitor's header never shifts. Signed in (the
 * page-wide session, core/session.ts) it is a link to /account showing the user's first and last name ("When
 * logged in, the account link shows the user's first and last name") and a 'Log out' button; any 401 on the
 * page ends the session, and the menu is the server's link again at once (account-menu-live.tsx).
 *
 * This file is on every page with a header, so it is small: the session's code (and its API call) loads
 * only where someone may be signed in: this browser signed in before (core/session-hint.ts), a `?token=`
 * sign-in link just signed the person in (page-session.ts, settled first), or the page is login-required.
 * A visitor who never signed in costs neither the bytes nor an API call. A plain custom element (STYLE.md
 * habit 10).
 *
 * Attributes:
 *   layout - `bar` (default): the header bar's link and button; `list`: inside an <li> of the mobile user
 *            flyout's list
 * Properties:
 *   navigate - (url) => void: how logout leaves for / (tests watch instead); default location.assign
 *   api      - the API client (default same-origin)
 */
import type { ApiClient } from '../../core/api-client.ts';
import { maySignedIn } from '../../core/session-hint.ts';
import { tokenCheck } from './page-session.ts';

export const ACCOUNT_MENU_TAG = 'account-menu';

export class AccountMenu extends HTMLElement {
  navigate: (url: string) => void = (url) => location.assign(url);
  api: ApiClient | null = null;
  /** What the server rendered: the signed-out menu, put back whenever the session ends. */
  signedOut: Node[] | null = null;
  private live: (() => void) | null = null;

  connectedCallback(): void {
    this.signedOut ??= [...this.childNodes];
    void this.start();
  }

  disconnectedCallback(): void {
    this.live?.();
    this.live = null;
  }

  private async start(): Promise<void> {
    const outcome = await tokenCheck;
    if (outcome === 'leaving' || !this.isConnected) return;
    const loginRequired = document.querySelector('main[data-login-required]') !== null;
    if (outcome !== 'signed-in' && !loginRequired && !maySignedIn()) return;
    const { attachAccountMenu } = await import('./account-menu-live.tsx');
    if (this.isConnected && !this.live) this.live = attachAccountMenu(this);
  }
}

if (!customElements.get(ACCOUNT_MENU_TAG)) customElements.define(ACCOUNT_MENU_TAG, AccountMenu);

declare global {
  interface HTMLElementTagNameMap {
    'account-menu': AccountMenu;
  }
}
