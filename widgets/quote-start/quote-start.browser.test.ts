/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BRAND, US_STATES } from '../../contract/index.ts';
import { DEALERS } from '../../contract/reference/dealers.ts';
import { assert, checkA11y, click, getByLabel, getByRole, queryAllByRole, waitFor } from '../testing/browser.ts';
import './quote-start.ts';
import { QuoteStart } from './QuoteStart.tsx';

const LABEL = 'Where is your car garaged?';
const START = 'Start a tailored quote';
const BRAND_SITE = 'https://brand.test/receive-a-quote';
const DEALER = DEALERS[0]!.code;

let host: HTMLElementTagNameMap['ppm-quote-start'] | undefined;
let react: Root | undefined;
let events: CustomEvent[] = [];
let warnings: string[] = [];
const originalWarn = console.warn;

// The test page must never navigate away: every start is cancelled here unless a test says otherwise.
let cancel = true;
function record(event: Event) {
  events.push(event as CustomEvent);
  if (cancel) event.preventDefault();
}

beforeEach(() => {
  events = [];
  warnings = [];
  cancel = true;
  document.addEventListener('ppm-quote-start', record);
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
});

afterEach(() => {
  document.removeEventListener('ppm-quote-start', record);
  console.warn = originalWarn;
  host?.remove();
  host = undefined;
  react?.unmount();
  react = undefined;
});

async function mount(attributes: Record<string, string> = {}): Promise<ShadowRoot> {
  host = document.createElement('ppm-quote-start');
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  const root = host.shadowRoot!;
  await waitFor(() => root.querySelector('form'), 'the form');
  return root;
}

function select(root: ShadowRoot): HTMLSelectElement {
  return getByLabel<HTMLSelectElement>(root, LABEL);
}

/** The states offered, by name, without the empty choice. */
function offered(root: ShadowRoot): string[] {
  return [...select(root).options].filter((o) => o.value !== '').map((o) => o.textContent ?? '');
}

/** Picks a state from the native list with the keyboard, as a person does (type-ahead on the focused select). */
async function choose(root: ShadowRoot, name: string): Promise<void> {
  const list = select(root);
  list.focus();
  const { sendKeys } = await import('@web/test-runner-commands');
  await sendKeys({ type: name });
  await waitFor(() => list.selectedOptions[0]?.textContent === name, `${name} chosen`);
}

async function start(root: ShadowRoot): Promise<CustomEvent> {
  const before = events.length;
  await click(getByRole(root, 'button', START));
  return waitFor(() => events.length > before && events.at(-1), 'ppm-quote-start');
}

describe('<ppm-quote-start>', () => {
  it('wide (the default): the seven states of doc 1, the button and the phone line; styles adopted; passes axe', async () => {
    const root = await mount();
    assert.deepEqual(offered(root), ['Arizona', 'Colorado', 'Florida', 'Georgia', 'Oregon', 'Tennessee', 'Texas']);
    assert.equal(select(root).value, '', 'no state chosen at first');
    assert.ok(getByRole(root, 'button', START));
    const phone = root.querySelector<HTMLAnchorElement>(`a[href="${BRAND.phoneHref}"]`);
    assert.equal(phone?.textContent, BRAND.phone);
    assert.ok(root.querySelector('[part="phone"]')?.textContent?.includes(BRAND.supportHours));
    assert.ok(root.adoptedStyleSheets.length >= 1, 'styles adopted, no <style> element');
    assert.equal(root.querySelector('style'), null);
    await checkA11y(host!);
  });

  it('full: the 50 states and DC, in the list order, and no phone line', async () => {
    const root = await mount({ variant: 'full' });
    assert.equal(offered(root).length, 51);
    assert.deepEqual(offered(root), US_STATES.map((s) => s.label));
    assert.equal(root.querySelector('a'), null);
    await checkA11y(host!);
  });

  it('an unknown variant shows wide and tells the developer which attribute to fix', async () => {
    const root = await mount({ variant: 'narrow' });
    assert.equal(offered(root).length, 7);
    assert.ok(warnings.some((w) => w.includes('variant="narrow"') && w.includes('"wide" or "full"')), warnings.join('\n'));
  });

  it('no state continues to the wizard: the default quote-url is /receive-a-quote on the brand origin', async () => {
    const root = await mount();
    const event = await start(root);
    assert.deepEqual(event.detail, { state: '', dealer: '', url: `${location.origin}/receive-a-quote` });
    assert.ok(event.bubbles && event.composed && event.cancelable, 'bubbles, composed, cancelable');
  });

  it('a state we write in continues to quote-url with ?state=', async () => {
    const root = await mount({ 'quote-url': BRAND_SITE });
    await choose(root, 'Texas');
    assert.equal((await start(root)).detail.url, `${BRAND_SITE}?state=TX`);
  });

  it('CA, IL, PA and WI go to the not-writing page, keeping the state for the sign-up form', async () => {
    const root = await mount({ 'quote-url': BRAND_SITE, variant: 'full' });
    await choose(root, 'California');
    const event = await start(root);
    assert.equal(event.detail.url, 'https://brand.test/unavailable?not-writing&state=CA');
    assert.equal(event.detail.state, 'CA');
    await choose(root, 'Wisconsin');
    assert.equal((await start(root)).detail.url, 'https://brand.test/unavailable?not-writing&state=WI');
  });

  it("any other state goes to /unavailable/{the state's name}; Ohio, a writing state, to the wizard", async () => {
    const root = await mount({ 'quote-url': BRAND_SITE, variant: 'full' });
    await choose(root, 'New York');
    assert.equal((await start(root)).detail.url, 'https://brand.test/unavailable/New%20York');
    await choose(root, 'District of Columbia');
    assert.equal((await start(root)).detail.url, 'https://brand.test/unavailable/District%20of%20Columbia');
    await choose(root, 'Ohio');
    assert.equal((await start(root)).detail.url, `${BRAND_SITE}?state=OH`);
  });

  it('a relative quote-url is on this page\'s origin, and its own query is kept', async () => {
    const root = await mount({ 'quote-url': '/receive-a-quote?utm_source=club' });
    await choose(root, 'Georgia');
    assert.equal((await start(root)).detail.url, `${location.origin}/receive-a-quote?utm_source=club&state=GA`);
  });

  it('the dealer attribute travels with the visitor as ?dealer=, also without a state, and in the event', async () => {
    const root = await mount({ 'quote-url': BRAND_SITE, dealer: DEALER, variant: 'full' });
    let event = await start(root);
    assert.deepEqual(event.detail, { state: '', dealer: DEALER, url: `${BRAND_SITE}?dealer=${encodeURIComponent(DEALER)}` });
    await choose(root, 'Colorado');
    event = await start(root);
    assert.equal(event.detail.url, `${BRAND_SITE}?state=CO&dealer=${encodeURIComponent(DEALER)}`);
    assert.equal(event.detail.dealer, DEALER);
    // before hydration the form alone does the same: a GET to the wizard with state and dealer
    const form = root.querySelector('form')!;
    assert.equal(form.getAttribute('action'), BRAND_SITE);
    assert.equal(form.getAttribute('method'), 'get');
    assert.equal(select(root).name, 'state');
    assert.equal(root.querySelector<HTMLInputElement>('input[type="hidden"][name="dealer"]')?.value, DEALER);
    assert.equal(warnings.length, 0);
  });

  it('an unknown dealer code is ignored with a warning naming the attribute, never an error', async () => {
    const root = await mount({ 'quote-url': BRAND_SITE, dealer: 'NO-SUCH-DEALER' });
    await choose(root, 'Arizona');
    const event = await start(root);
    assert.deepEqual(event.detail, { state: 'AZ', dealer: '', url: `${BRAND_SITE}?state=AZ` });
    assert.ok(warnings.some((w) => w.includes('dealer="NO-SUCH-DEALER"')), warnings.join('\n'));
    assert.equal(root.querySelector('input[name="dealer"]'), null);
  });

  it('a brand replaces texts through the texts property', async () => {
    const root = await mount();
    host!.texts = { start: 'Get my price', state: 'Your state' };
    await waitFor(() => queryAllByRole(root, 'button', 'Get my price').length === 1, 'new button text');
    assert.ok(getByLabel(root, 'Your state'));
  });

  it('navigates to the destination unless the host called preventDefault (the component, with navigate injected)', async () => {
    const div = document.createElement('div');
    document.body.append(div);
    const shadow = div.attachShadow({ mode: 'open' });
    const went: string[] = [];
    react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(QuoteStart, { quoteUrl: BRAND_SITE, dealer: DEALER, navigate: (url: string) => went.push(url) }));
    const root = await waitFor(() => shadow.querySelector('form') && shadow, 'form');
    await choose(root, 'Florida');
    await start(root);
    assert.deepEqual(went, [], 'a cancelled start does not navigate');
    cancel = false;
    await start(root);
    assert.deepEqual(went, [`${BRAND_SITE}?state=FL&dealer=${encodeURIComponent(DEALER)}`]);
    div.remove();
  });
});
