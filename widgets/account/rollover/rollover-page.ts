/**
 * <account-rollover>: the renewal page, /rollover#identifier (doc 1 "Rollover page", sections 4, 7 and 8;
 * issue 9 "Renewal and rollover"). The identifier comes from the URL hash, which is taken off the address bar
 * at once (kept in this tab's sessionStorage, so a reload still works); with none at all the page goes home.
 * POST /api/policy/rollover {token} answers the renewal's links: the optional 'View Quote' (the next term's
 * declarations, in a new tab), the required 'Sign Renewal Application' (the e-signature of issue 8) and the
 * documents page. The navigation is hidden on this route (site/routes.ts).
 *
 * Not found or any failure: doc 1's persistent snackbar. It stays until closed, and the page offers the way
 * home instead of going there by itself: on this site a new page would take the snackbar away with it, and
 * the message is the one with the phone number the person needs.
 * A page element of our own site (STYLE.md habit 10): no attributes or events; `navigate` (a property) is
 * how it leaves the page, replaced in tests.
 */
import { is } from 'superstruct';
import { BRAND } from '../../../contract/brand.ts';
import { token as tokenRule } from '../../../contract/api/common.ts';
import { rollover } from '../../../contract/api/endpoints/renewal.ts';
import type { RolloverResponse } from '../../../contract/api/policy.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptElementStyles, forgetLinkToken, h, loadingMessage, newTabLink, safeHref } from '../dom.ts';
import { rolloverStyles } from './rollover.styles.ts';
import { ROLLOVER_TEXTS as T } from './rollover.texts.ts';

const ROLLOVER_TAG = 'account-rollover';
/** Where the identifier waits for a reload of this tab. */
export const ROLLOVER_TOKEN_KEY = 'ppm-rollover-token';

/** The identifier of the renewal e-mail's link (`/rollover#identifier`), off the address bar, kept for a reload. */
function takeHashToken(): string | null {
  const fromLink = location.hash.replace(/^#/, '');
  if (!fromLink) {
    try {
      return sessionStorage.getItem(ROLLOVER_TOKEN_KEY);
    } catch {
      return null;
    }
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  try {
    sessionStorage.setItem(ROLLOVER_TOKEN_KEY, fromLink);
  } catch {
    // storage switched off: this visit works, a reload goes home
  }
  return fromLink;
}

/** The text with the phone number as a tap-to-call link that never breaks across lines (the words stay as they are). */
function withPhoneLink(text: string): (string | Node)[] {
  const [before, ...rest] = text.split(BRAND.phone);
  if (rest.length === 0) return [text];
  return [before ?? '', h('a', { href: BRAND.phoneHref, class: 'account-phone' }, BRAND.phone), rest.join(BRAND.phone)];
}

export class AccountRollover extends HTMLElement {
  navigate: (url: string) => void = (url) => location.assign(url);

  private started = false;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptElementStyles(rolloverStyles);
    this.classList.add('ppm-root');
    const token = takeHashToken();
    if (!token) {
      this.navigate('/'); // doc 1: "without a hash go to /"
      return;
    }
    if (!is(token, tokenRule)) {
      this.notFound();
      return;
    }
    void this.load(token);
  }

  private async load(token: string): Promise<void> {
    this.replaceChildren(loadingMessage(T.loading));
    const result = await createApiClient('').call(rollover, { token });
    const sign = result.ok ? safeHref(result.data.data.esignature_url) : null;
    if (!result.ok || !sign) {
      this.notFound();
      return;
    }
    this.showLinks(result.data.data, sign);
  }

  private showLinks(data: RolloverResponse['data'], sign: string): void {
    const quote = data.quote_url ? safeHref(data.quote_url) : null;
    const documents = safeHref(data.documents_url);
    const heading = h('h2', { tabindex: '-1' }, T.ready);
    this.replaceChildren(
      heading,
      h('p', {}, T.intro),
      h(
        'div',
        { class: 'account-rollover__links' },
        quote ? newTabLink(quote, T.viewQuote, T.newTab, 'ppm-button ppm-button--secondary') : null,
        h('a', { class: 'ppm-button', href: sign }, T.sign),
      ),
      h('p', {}, T.afterSigning),
      documents ? h('p', {}, h('a', { href: documents }, T.documents)) : '',
    );
  }

  /** Doc 1 section 8: the persistent snackbar, and the way home. */
  private notFound(): void {
    forgetLinkToken(ROLLOVER_TOKEN_KEY);
    const close = h('button', { type: 'button', class: 'ppm-icon-button', 'aria-label': T.close }, h('span', { 'aria-hidden': 'true' }, '×'));
    const snackbar = h('div', { class: 'account-snackbar', role: 'alert' }, h('span', {}, ...withPhoneLink(T.notFound)), close);
    const home = h('a', { class: 'ppm-button', href: '/' }, T.home);
    close.addEventListener('click', () => {
      snackbar.remove();
      home.focus();
    });
    // what stays once the snackbar is closed: the number to call, and the way home
    this.replaceChildren(h('p', {}, ...withPhoneLink(T.care)), h('p', {}, home), snackbar);
  }
}

if (!customElements.get(ROLLOVER_TAG)) customElements.define(ROLLOVER_TAG, AccountRollover);

declare global {
  interface HTMLElementTagNameMap {
    'account-rollover': AccountRollover;
  }
}
