/**
 * Helpers for *.browser.test.ts: find things the way a person does (by label, by role and name), use the
 * real keyboard and mouse (web-test-runner's sendKeys / sendMouse), stub the network, run axe-core.
 */
import { sendKeys, sendMouse } from '@web/test-runner-commands';

class AssertionError extends Error {}

export interface Assert {
  ok(value: unknown, message?: string): asserts value;
  equal<T>(actual: T, expected: T, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
}

export const assert: Assert = {
  ok(value: unknown, message = 'expected a truthy value'): asserts value {
    if (!value) throw new AssertionError(message);
  },
  equal<T>(actual: T, expected: T, message?: string): void {
    if (actual !== expected) {
      throw new AssertionError(`${message ? `${message}: ` : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    }
  },
  deepEqual(actual: unknown, expected: unknown, message?: string): void {
    const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
    if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
  },
};

type Root = Document | ShadowRoot | Element;

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button',
  select: 'combobox',
  textarea: 'textbox',
  dialog: 'dialog',
  form: 'form',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  li: 'listitem',
  ul: 'list',
  table: 'table',
  img: 'img',
};

function roleOf(element: Element): string | null {
  const explicit = element.getAttribute('role');
  if (explicit) return explicit;
  if (element.localName === 'input') {
    const type = (element as HTMLInputElement).type;
    if (type === 'checkbox' || type === 'radio') return type;
    if (type === 'hidden') return null;
    return 'textbox';
  }
  if (element.localName === 'a') return element.hasAttribute('href') ? 'link' : null;
  // a section is a region only when it is named
  if (element.localName === 'section') return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : null;
  return IMPLICIT_ROLES[element.localName] ?? null;
}

function textOf(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A simplified accessible name: aria-label, aria-labelledby, <label>, legend, an image's alt, a table's caption, then text. */
export function nameOf(element: Element): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy.split(/\s+/).map((id) => textOf(root.getElementById(id) ?? document.createTextNode(''))).join(' ');
  if (element.id) {
    const forLabel = root.querySelector(`label[for="${CSS.escape(element.id)}"]`);
    if (forLabel) return textOf(forLabel);
  }
  const wrapping = element.closest('label');
  if (wrapping) return textOf(wrapping);
  if (element.localName === 'fieldset') return textOf(element.querySelector('legend') ?? document.createTextNode(''));
  if (element.localName === 'img') return (element.getAttribute('alt') ?? '').trim();
  if (element instanceof HTMLTableElement && element.caption) return textOf(element.caption);
  return textOf(element);
}

function isHidden(element: Element): boolean {
  return element.closest('[hidden]') !== null || (element as HTMLElement).offsetParent === null && getComputedStyle(element).position !== 'fixed';
}

export function queryAllByRole(root: Root, role: string, name?: string | RegExp): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('*')].filter((element) => {
    if (roleOf(element) !== role || isHidden(element)) return false;
    if (name === undefined) return true;
    const accessible = nameOf(element);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

export function getByRole<T extends HTMLElement = HTMLElement>(root: Root, role: string, name?: string | RegExp): T {
  const found = queryAllByRole(root, role, name);
  if (found.length !== 1) throw new AssertionError(`expected one ${role} named ${String(name)}, found ${found.length}`);
  return found[0] as T;
}

/** The control a visible <label> names. */
export function getByLabel<T extends HTMLElement = HTMLInputElement>(root: Document | ShadowRoot, text: string): T {
  const label = [...root.querySelectorAll('label')].find((l) => textOf(l) === text);
  if (!label) throw new AssertionError(`no label "${text}"`);
  const control = label.htmlFor ? root.getElementById(label.htmlFor) : label.querySelector('input, select, textarea');
  if (!control) throw new AssertionError(`label "${text}" names no control`);
  return control as T;
}

export function getByText(root: Root, text: string | RegExp): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('*')].filter((e) => {
    const own = textOf(e);
    const match = typeof text === 'string' ? own === text : text.test(own);
    return match && ![...e.children].some((child) => (typeof text === 'string' ? textOf(child) === text : text.test(textOf(child))));
  });
  if (found.length === 0) throw new AssertionError(`no element with text ${String(text)}`);
  return found[0] as HTMLElement;
}

/** The element that has focus, through shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Polls `check` until it returns something truthy. The limit is generous (CI shares two cores with the
 * dev server and Chromium): it bounds a failing test, it does not assert speed.
 */
export async function waitFor<T>(check: () => T | null | undefined | false, what = 'condition', ms = 15_000): Promise<T> {
  const started = performance.now();
  let lastError: unknown;
  while (performance.now() - started < ms) {
    try {
      const value = check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new AssertionError(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Clicks the element's centre with the real mouse. The mouse is moved by the test runner, a round trip
 * away, so the element must hold still first: a page that is still scrolling (a step scrolls its legend
 * into view a frame after it shows) would otherwise take the click somewhere else.
 */
export async function click(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  let box = element.getBoundingClientRect();
  for (let frames = 0; frames < 30; frames++) {
    await nextFrame();
    await nextFrame();
    const now = element.getBoundingClientRect();
    if (now.x === box.x && now.y === box.y) break;
    element.scrollIntoView({ block: 'center' });
    box = element.getBoundingClientRect();
  }
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

/** Clicks into the field and types, as a person does. */
export async function type(element: HTMLElement, text: string): Promise<void> {
  await click(element);
  // Keys go to whatever has focus: on a loaded machine the click's focus may not have landed yet.
  await waitFor(() => element.matches(':focus') || (element.focus(), false), 'focus on the field to type into');
  await masksAttached();
  await sendKeys({ type: text });
}

/**
 * A masked field's mask is fetched at the first interaction with the page and attaches when it is in
 * (core/fields/MaskedField.tsx). A person's first keys come well after their first touch; a test's come at
 * once, so it waits as long: for the masks' module, then for the task that attaches it. What is typed before
 * a mask attaches has its own test (core/fields/masked-field.browser.test.ts).
 */
async function masksAttached(): Promise<void> {
  await import('../core/masks.ts');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  /** A multipart upload's form (the claim form's answers and photos), as the page sent it. */
  form?: FormData;
}

/** Replaces window.fetch for /api calls; answers with `respond`, records each call. */
export function stubApi(respond: (call: StubbedCall) => Response | Promise<Response>): { calls: StubbedCall[]; restore: () => void } {
  const original = window.fetch;
  const calls: StubbedCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/')) return original(input, init);
    const text = typeof init?.body === 'string' ? init.body : '';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const form = init?.body instanceof FormData ? init.body : undefined;
    const call = { url, method: init?.method ?? 'GET', body: text ? JSON.parse(text) : null, credentials: init?.credentials, headers, ...(form ? { form } : {}) };
    calls.push(call);
    return respond(call);
  };
  return { calls, restore: () => (window.fetch = original) };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

declare global {
  interface Window {
    axe?: { run: (context: Element, options?: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] }> };
  }
}

/** Runs axe-core (WCAG 2.x A and AA) on an element and its shadow tree; fails listing every violation. */
export async function checkA11y(element: Element): Promise<void> {
  if (!window.axe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  const result = await window.axe!.run(element, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
  const violations = result.violations.filter((v) => v.id !== 'region'); // a widget is not a whole page
  if (violations.length) {
    throw new AssertionError(
      `axe: ${violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`).join('; ')}`,
    );
  }
}

/** The loader as it ships (dist/embed/, built by `npx rollup -c rollup.config.mjs` before the tests). */
/**
 * How long a notice that a test watches stays up: a snackbar, a success text, the wait before a page leaves.
 * A test that asserts what shows while a notice is up, or that the page waits for it, races the notice's
 * timer: at 50 to 150 ms a loaded machine can take longer than that to draw it. A second is ample.
 */
export const TEST_NOTICE_MS = 1000;

export const BUILT_EMBED = '/dist/embed/embed.js';

/** The embed chunks the page has fetched so far: proof that a widget's code loads only when needed. */
export function loadedEmbedChunks(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/dist/embed/chunks/'));
}
