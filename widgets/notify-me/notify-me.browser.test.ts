/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { sendKeys } from '@web/test-runner-commands';
import { ALREADY_SUBSCRIBED, BRAND, MESSAGES } from '../../contract/index.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, json, press, queryAllByRole, stubApi, type,
  waitFor, TEST_NOTICE_MS,
} from '../testing/browser.ts';
import './notify-me.ts';
import { NotifyMe } from './NotifyMe.tsx';
import { NOTIFY_ME_TEXTS, SUCCESS_MS } from './notify-me.texts.ts';

let host: HTMLElementTagNameMap['ppm-notify-me'];
let stub: ReturnType<typeof stubApi> | undefined;

async function mount(attributes: Record<string, string> = {}): Promise<ShadowRoot> {
  host = document.createElement('ppm-notify-me');
  host.setAttribute('api-base', 'http://api.test');
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  const root = host.shadowRoot!;
  await waitFor(() => root.querySelector('form'), 'the form');
  return root;
}

async function fillValid(root: ShadowRoot) {
  await type(getByLabel(root, 'First Name'), 'Ada');
  await type(getByLabel(root, 'Last Name'), "O'Neil");
  await type(getByLabel(root, 'Email'), 'ada@example.com');
  await type(getByRole(root, 'combobox', 'State'), 'Ohio');
  await press('Tab');
}

afterEach(() => {
  stub?.restore();
  stub = undefined;
  host?.remove();
  history.replaceState(null, '', location.pathname);
});

describe('<ppm-notify-me>', () => {
  it('shows the four labelled fields in a shadow root with adopted styles, and passes axe', async () => {
    const root = await mount();
    for (const label of ['First Name', 'Last Name', 'Email']) assert.ok(getByLabel(root, label));
    assert.ok(getByRole(root, 'combobox', 'State'));
    assert.ok(getByRole(root, 'button', 'Notify Me'));
    assert.ok(root.adoptedStyleSheets.length >= 1, 'styles adopted, no <style> element');
    assert.equal(root.querySelector('style'), null);
    await checkA11y(host);
  });

  it('on submit shows every error, GOV.UK style, and focuses the first invalid field', async () => {
    const root = await mount();
    await click(getByRole(root, 'button', 'Notify Me'));
    const first = getByLabel(root, 'First Name');
    await waitFor(() => first.getAttribute('aria-invalid') === 'true', 'first name invalid');
    assert.equal(focused(), first, 'first invalid field focused');
    const message = root.getElementById(first.getAttribute('aria-describedby')!)!;
    assert.equal(message.textContent, `Error: ${MESSAGES.required}`);
    assert.equal(message.querySelector('.ppm-visually-hidden')?.textContent, 'Error:');
    const emailError = root.getElementById(getByLabel(root, 'Email').getAttribute('aria-describedby')!)!;
    assert.equal(emailError.textContent, `Error: ${MESSAGES.email}`);
    const state = getByRole(root, 'combobox', 'State');
    assert.equal(root.getElementById(state.getAttribute('aria-describedby')!)!.textContent, `Error: ${MESSAGES.state}`);
    await checkA11y(host);
  });

  it('a refused submit lists every error in a summary above the fields, each a link to its field; mended, it goes (issue 23)', async () => {
    const root = await mount();
    await click(getByRole(root, 'button', 'Notify Me'));
    const summary = await waitFor(() => queryAllByRole(root, 'heading', 'There is a problem')[0]?.closest('.ppm-error-summary'), 'the error summary');
    assert.equal(summary.querySelector('h3')?.textContent, 'There is a problem', 'a heading under the host page\'s own');
    assert.deepEqual(
      [...summary.querySelectorAll('a')].map((link) => link.textContent),
      [`First Name: ${MESSAGES.required}`, `Last Name: ${MESSAGES.required}`, `Email: ${MESSAGES.email}`, `State: ${MESSAGES.state}`],
    );
    assert.ok(summary.compareDocumentPosition(getByLabel(root, 'First Name')) & Node.DOCUMENT_POSITION_FOLLOWING, 'above the fields');
    assert.equal(getComputedStyle(summary).borderLeftStyle === 'none' && getComputedStyle(summary).borderTopStyle === 'none', false, 'its styles came with it');
    await click([...summary.querySelectorAll('a')].find((link) => link.textContent!.startsWith('Email'))!);
    assert.equal(focused(), getByLabel(root, 'Email'), 'the link moves focus to its field');
    await checkA11y(host);
    await fillValid(root);
    await waitFor(() => queryAllByRole(root, 'heading', 'There is a problem').length === 0, 'the summary gone once every field is mended');
  });

  it('checks a field when the person leaves it, never while they type', async () => {
    const root = await mount();
    const first = getByLabel(root, 'First Name');
    await type(first, 'J0hn');
    assert.equal(first.getAttribute('aria-invalid'), null, 'no error while typing');
    await press('Tab');
    await waitFor(() => first.getAttribute('aria-invalid') === 'true', 'error after blur');
    assert.ok(getByText(root, `Error: ${MESSAGES.nameLetters}`));
    assert.equal(focused(), getByLabel(root, 'Last Name'));
    await type(getByLabel(root, 'Last Name'), 'x'.repeat(64));
    await press('Tab');
    await waitFor(() => root.textContent?.includes(MESSAGES.maxLength(63)), 'max 63');
  });

  it('a corrected field loses its error as the person types, so Submit does not move under the pointer', async () => {
    stub = stubApi(() => json(200, { msg: 'ok' }));
    const root = await mount();
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => getByLabel(root, 'First Name').getAttribute('aria-invalid') === 'true', 'errors shown');
    await type(getByLabel(root, 'First Name'), 'Ada');
    assert.equal(getByLabel(root, 'First Name').getAttribute('aria-invalid'), null, 'error gone once the value is right');
    await type(getByLabel(root, 'Last Name'), 'Lovelace');
    const state = getByRole(root, 'combobox', 'State');
    await type(state, 'Oregon');
    assert.equal(state.getAttribute('aria-invalid'), null, 'a fully typed state name is a choice');
    await press('Escape');
    await type(getByLabel(root, 'Email'), 'ada@example');
    assert.equal(getByLabel(root, 'Email').getAttribute('aria-invalid'), 'true', 'still wrong: the error stays');
    await sendKeys({ type: '.com' });
    // straight to the button, no Tab: one click must send
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => stub!.calls.length === 1, 'one request from one click');
    assert.equal((stub.calls[0]!.body as { userState: string }).userState, 'OR');
  });

  it('the state list filters as the person types, is driven by arrows, Enter and Escape', async () => {
    const root = await mount();
    const combobox = getByRole(root, 'combobox', 'State');
    await type(combobox, 'new');
    const listbox = getByRole(root, 'listbox', 'State');
    const options = queryAllByRole(listbox, 'option').map((o) => o.textContent);
    assert.deepEqual(options, ['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    assert.equal(combobox.getAttribute('aria-expanded'), 'true');
    await press('ArrowDown');
    await press('ArrowDown');
    assert.equal(root.getElementById(combobox.getAttribute('aria-activedescendant')!)?.textContent, 'New Jersey');
    await press('Enter');
    assert.equal((combobox as HTMLInputElement).value, 'New Jersey');
    assert.equal(combobox.getAttribute('aria-expanded'), 'false');
    await press('ArrowDown');
    assert.equal(combobox.getAttribute('aria-expanded'), 'true');
    await press('Escape');
    assert.equal(combobox.getAttribute('aria-expanded'), 'false');
    assert.equal((combobox as HTMLInputElement).value, 'New Jersey');
    // all 50 states and DC are offered
    await press('Escape');
    await press('ArrowDown');
    assert.equal(queryAllByRole(getByRole(root, 'listbox', 'State'), 'option').length, 51);
    await checkA11y(host);
    // a mouse click picks too
    await click(getByRole(root, 'option', 'District of Columbia'));
    assert.equal((combobox as HTMLInputElement).value, 'District of Columbia');
  });

  it("accepts an api-base written as the API's own address (https://host/api): no /api/api/ call", async () => {
    stub = stubApi(() => json(200, { msg: 'Subscribed' }));
    for (const base of ['http://api.test/api', 'http://api.test/api/', 'http://api.test/']) {
      const root = await mount({ 'api-base': base });
      await fillValid(root);
      await click(getByRole(root, 'button', 'Notify Me'));
      await waitFor(() => root.textContent?.includes(NOTIFY_ME_TEXTS.success), 'success text');
      host.remove();
    }
    assert.deepEqual(stub.calls.map((call) => call.url), Array(3).fill('http://api.test/api/contact/subscribe'));
  });

  it('sends the sign-up, shows the thank-you, clears the form and tells the page', async () => {
    stub = stubApi(() => json(200, { msg: 'Subscribed' }));
    const root = await mount();
    const events: CustomEvent[] = [];
    document.addEventListener('ppm-subscribe', (e) => events.push(e as CustomEvent), { once: true });
    await fillValid(root);
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => root.textContent?.includes(NOTIFY_ME_TEXTS.success), 'success text');
    assert.equal(NOTIFY_ME_TEXTS.success, 'Thank you for connecting with Apex Pay-Per-Mile!');
    assert.equal(SUCCESS_MS, 10_000);
    assert.equal(stub.calls.length, 1);
    const call = stub.calls[0]!;
    assert.equal(call.url, 'http://api.test/api/contact/subscribe');
    assert.equal(call.method, 'POST');
    assert.equal(call.credentials, 'omit', 'issue 22 item 3: no cookie goes to the API on another origin');
    assert.deepEqual(call.body, { userFirstName: 'Ada', userLastName: "O'Neil", userEmailAddress: 'ada@example.com', userState: 'OH' });
    assert.equal(getByLabel(root, 'First Name').value, '');
    assert.equal(getByLabel(root, 'Email').value, '');
    assert.equal((getByRole(root, 'combobox', 'State') as HTMLInputElement).value, '');
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.detail, { state: 'OH', alreadySubscribed: false });
    assert.ok(events[0]!.composed && events[0]!.bubbles);
  });

  it('an address already on the list gets the info message and a cleared form', async () => {
    stub = stubApi(() => json(409, { error_messages: [ALREADY_SUBSCRIBED] }));
    const root = await mount();
    await fillValid(root);
    await click(getByRole(root, 'button', 'Notify Me'));
    const notice = await waitFor(() => getByText(root, "You're already subscribed. Thank you!"), 'info text');
    assert.ok(notice.classList.contains('ppm-notice--info'));
    assert.equal(getByLabel(root, 'First Name').value, '');
  });

  it("shows the server's message in red and keeps what was typed", async () => {
    stub = stubApi(() => json(429, { error_messages: ['Too many sign-ups from here. Please wait a minute.'] }));
    const root = await mount();
    const errors: CustomEvent[] = [];
    host.addEventListener('ppm-error', (e) => errors.push(e as CustomEvent));
    await fillValid(root);
    await click(getByRole(root, 'button', 'Notify Me'));
    const notice = await waitFor(() => getByText(root, 'Too many sign-ups from here. Please wait a minute.'), 'server msg');
    assert.equal(getComputedStyle(notice).color, hexToRgb(BRAND.colours.danger));
    assert.equal(getByLabel(root, 'First Name').value, 'Ada');
    assert.equal((getByRole(root, 'combobox', 'State') as HTMLInputElement).value, 'Ohio');
    assert.equal(errors[0]?.detail.status, 429);
    await checkA11y(host);
  });

  it('a network failure shows the fallback text, never throws, and keeps what was typed', async () => {
    stub = stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const root = await mount();
    await fillValid(root);
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => getByText(root, 'Something went wrong. Please try again later.'), 'fallback');
    assert.equal(getByLabel(root, 'Email').value, 'ada@example.com');
  });

  it('a 401 logs out: ppm-logout on window', async () => {
    stub = stubApi(() => json(401, { error_messages: ['Please sign in again.'] }));
    const root = await mount();
    let logout: CustomEvent | undefined;
    window.addEventListener('ppm-logout', (e) => (logout = e), { once: true });
    await fillValid(root);
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => logout, 'ppm-logout');
    assert.deepEqual(logout!.detail, { reason: 'unauthorized' });
  });

  it('a brand replaces texts through the texts property', async () => {
    const root = await mount();
    host.texts = { submit: 'Keep me posted', email: 'E-mail address' };
    await waitFor(() => queryAllByRole(root, 'button', 'Keep me posted').length === 1, 'new button text');
    assert.ok(getByLabel(root, 'E-mail address'));
    assert.ok(getByLabel(root, 'First Name'), 'texts not given keep their defaults');
  });

  it('prefills the state from the attribute or the query, only when it is in the list', async () => {
    let root = await mount({ state: 'co' });
    assert.equal((getByRole(root, 'combobox', 'State') as HTMLInputElement).value, 'Colorado');
    host.remove();
    root = await mount({ state: 'ZZ' });
    assert.equal((getByRole(root, 'combobox', 'State') as HTMLInputElement).value, '');
    host.remove();
    history.replaceState(null, '', '?state=TX');
    root = await mount();
    // read after the first render (an island's server render has no query), so shown a moment later
    await waitFor(() => (getByRole(root, 'combobox', 'State') as HTMLInputElement).value === 'Texas', 'Texas from the query');
  });

  it('the thank-you goes away after its time (the component, in a shadow root of our own)', async () => {
    stub = stubApi(() => json(200, { msg: 'ok' }));
    host = document.createElement('div') as unknown as typeof host;
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const react = createRoot(shadow as unknown as HTMLElement);
    react.render(createElement(NotifyMe, { apiBase: 'http://api.test', successMs: TEST_NOTICE_MS, state: 'GA' }));
    const root = await waitFor(() => shadow.querySelector('form') && shadow, 'form');
    assert.ok(root.adoptedStyleSheets.length >= 1, 'the component adopts its sheets into its root node');
    await type(getByLabel(root, 'First Name'), 'Ada');
    await type(getByLabel(root, 'Last Name'), 'Lovelace');
    await type(getByLabel(root, 'Email'), 'ada@example.com');
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => root.textContent?.includes(NOTIFY_ME_TEXTS.success), 'success');
    assert.equal((getByRole(root, 'combobox', 'State') as HTMLInputElement).value, 'Georgia', 'a prefilled state stays');
    await waitFor(() => !root.textContent?.includes(NOTIFY_ME_TEXTS.success), 'success gone');
    react.unmount();
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
