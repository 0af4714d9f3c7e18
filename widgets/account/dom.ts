/**
 * What the account pages' plain custom elements (STYLE.md habit 10) share to build their DOM: no framework,
 * and no HTML sink anywhere (DESIGN.md "Embedding"): every text is a text node, every attribute set one by one.
 */
import { baseStyles } from '../core/styles/base.styles.ts';
import { accountStyles } from './account.styles.ts';

type Attributes = Record<string, string | number | boolean | null | undefined>;
export type Child = Node | string | null | undefined | false;

/** An element with its attributes (false, null and undefined leave one out; true sets it empty) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  return element;
}

/**
 * A link from an API answer, as an absolute http(s) address, or null: whatever the answer holds, it never
 * becomes a `javascript:` link.
 */
export function safeHref(url: string, base: string = location.href): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link that opens a PDF in a new tab (doc 1 "Documents page"), saying so to everyone. */
export function newTabLink(href: string, text: string, newTabNote: string, className?: string): HTMLAnchorElement {
  return h('a', { href, target: '_blank', rel: 'noopener', class: className }, text, ' ', h('span', { class: 'account-note' }, newTabNote));
}

/** Where a person whose link is spent asks for a fresh one: My Policy e-mails a new documents link. */
export const MY_POLICY_PATH = '/account/my-policy';

/** A page that cannot go on: what went wrong, and the way to My Policy. */
export function deadEnd(message: string, linkText: string): HTMLElement[] {
  return [h('p', { class: 'ppm-notice ppm-notice--info' }, message), h('p', {}, h('a', { class: 'ppm-button', href: MY_POLICY_PATH }, linkText))];
}

/** The loader text (doc 1 "Shell": 'Loading...'), announced politely. */
export function loadingMessage(text: string): HTMLElement {
  return h('p', { class: 'account-loading', role: 'status' }, h('span', { class: 'account-spinner', 'aria-hidden': 'true' }), text);
}

let adopted = false;

/**
 * The widgets' shared sheet (fields, buttons, errors, notices) and the account pages' own rules, adopted
 * into the document: constructable stylesheets, so the site's CSP needs no inline style.
 */
export function adoptAccountStyles(): void {
  if (adopted) return;
  adopted = true;
  const sheets = [baseStyles, accountStyles].map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...sheets];
}

/**
 * The token of an e-mailed or texted link (`?token=`), taken off the address bar at once (history,
 * bookmarks and a shared screen never keep it, as on /account/confirm) and kept in this tab's
 * sessionStorage under `storageKey`, so a reload still finds it. A newer link replaces the kept token.
 */
export function takeLinkToken(storageKey: string): string | null {
  const url = new URL(location.href);
  const fromLink = url.searchParams.get('token');
  if (fromLink === null) {
    try {
      return sessionStorage.getItem(storageKey);
    } catch {
      return null; // storage switched off: the person opens the link again
    }
  }
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  try {
    sessionStorage.setItem(storageKey, fromLink);
  } catch {
    // storage switched off: this visit works, a reload asks for the link again
  }
  return fromLink;
}
