/**
 * What the account pages' plain custom elements (STYLE.md habit 10) share to build their DOM: no framework,
 * and no HTML sink anywhere (DESIGN.md "Embedding"): every text is a text node, every attribute set one by one.
 */
import { baseStyles } from '../core/styles/base.styles.ts';
import { accountStyles } from './account.styles.ts';

// the links and navigation the React pages share too, kept importable from here for the plain pages
export { forgetLinkToken, takeLinkToken } from './link-token.ts';
export { ACCOUNT_PATHS, browserNavigate, LOG_IN_PATH, logInHref, safeHref, type Navigate } from './paths.ts';

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


/** A link that opens a PDF in a new tab (doc 1 "Documents page"), saying so to everyone. */
export function newTabLink(href: string, text: string, newTabNote: string, className?: string): HTMLAnchorElement {
  return h('a', { href, target: '_blank', rel: 'noopener', class: className }, text, ' ', h('span', { class: 'account-note' }, newTabNote));
}

/** Where a person whose link is spent asks for a fresh one: My Policy e-mails a new documents link. */
const MY_POLICY_PATH = '/account/my-policy';

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


// ---- Added with the sign-in, password, card-request and rollover pages (issue 9) ----

const ownSheets = new Set<string>();

/**
 * An element's own rules (the *.styles.ts beside it), adopted once into the document after the shared
 * sheets: constructable stylesheets like adoptAccountStyles, so the site's CSP needs no inline style.
 */
export function adoptElementStyles(css: string): void {
  adoptAccountStyles();
  if (ownSheets.has(css)) return;
  ownSheets.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}


// ---- Added with the dashboard, policy choosers, lookup quotes and statements (issue 9) ----

