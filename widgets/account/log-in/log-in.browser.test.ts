/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SessionResponse } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, session } from '../../core/session.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, press, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { FORGOT_PASSWORD_PATH, LogInPage } from './LogInPage.tsx';
import { LOG_IN_TEXTS as T } from './log-in.texts.ts';

const HOME = location.pathname;
const ANSWER: SessionResponse = { user: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' }, policies: [] };
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

let fixture: HTMLElement | undefined;
let react: Root | undefined;
let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];

/** The page as Astro renders it, opened at `path`; `navigate` records where the island sends the person. */
function mount(path = '/account/log-in'): HTMLElement {
  history.replaceState(null, '', path);
  react?.unmount();
  fixture = document.createElement('section');
  const heading = document.createElement('h1');
  heading.textContent = 'Log In';
  const island = document.createElement('div');
  fixture.append(heading, island);
  document.body.append(fixture);
  react = createRoot(island);
  react.render(createElement(LogInPage, { navigate: (url: string) => went.push(url) }));
  return fixture;
}

const form = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'button', T.logIn)[0] && page, 'the form');
const summaryItems = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('.ppm-error-summary li')];
const summaryShown = (page: HTMLElement) => page.querySelector<HTMLElement>('.ppm-error-summary:not([hidden])') !== null;

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

async function fill(email: string, password: string): Promise<void> {
  if (email) await type(getByLabel(document, T.email), email);
  if (password) await type(getByLabel(document, T.password), password);
}

beforeEach(() => {
  went = [];
  localStorage.clear();
  sessionStorage.clear();
  endSession();
});

afterEach(() => {
  stub?.restore();
  stub = undefined;
  react?.unmount();
  react = undefined;
  fixture?.remove();
  history.replaceState(null, '', HOME);
  endSession();
  signedInCookie(false);
  localStorage.clear();
});

describe('the log-in page', () => {
  it("the form: labelled e-mail and password, 'Log In', the sign-in link button and 'Forgot password?'; asks nothing of a stranger; axe", async () => {
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    const page = await form(mount());
    const email = getByLabel(document, T.email);
    assert.equal(email.getAttribute('type'), 'email');
    assert.equal(email.getAttribute('autocomplete'), 'username');
    assert.equal(getByLabel(document, T.password).getAttribute('type'), 'password');
    assert.equal(getByLabel(document, T.password).getAttribute('autocomplete'), 'current-password');
    assert.ok(getByRole(page, 'button', T.magicLink));
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.forgotPassword).getAttribute('href'), FORGOT_PASSWORD_PATH);
    assert.equal(stub.calls.length, 0, 'no session check without a sign-in in this browser');
    await checkA11y(page);
  });

  it('problems: the summary linked to each field, the first focused, nothing sent; errors show on leaving a field, not while typing', async () => {
    stub = stubApi(() => json(200, ANSWER));
    const page = await form(mount());
    const email = getByLabel(document, T.email);
    const password = getByLabel(document, T.password);
    await click(getByRole(page, 'button', T.logIn));
    assert.deepEqual(
      [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')].map((a) => [a.textContent, a.getAttribute('href')]),
      [
        [MESSAGES.email, `#${email.id}`],
        [`Password: ${MESSAGES.required}`, `#${password.id}`],
      ],
    );
    assert.equal(errorOf(email), `Error: ${MESSAGES.email}`);
    assert.equal(errorOf(password), `Error: ${MESSAGES.required}`);
    assert.equal(focused(), email);
    assert.equal(stub.calls.length, 0);
    await checkA11y(page);
    await type(email, 'ada@example.com');
    assert.equal(errorOf(email), undefined, 'gone once right');
    await press('Backspace');
    await press('Backspace');
    await press('Backspace');
    await press('Backspace');
    assert.equal(errorOf(email), undefined, 'not while typing');
    await press('Tab');
    assert.equal(errorOf(email), `Error: ${MESSAGES.email}`, 'on leaving the field');
  });

  it('signed in: POST login_with_password, the session starts, and the person goes to returnUrl', async () => {
    let answer: (response: Response) => void = () => undefined;
    stub = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const page = await form(mount('/account/log-in?returnUrl=%2Faccount%2Frequest-a-card%3Fx%3D1'));
    await fill(' Ada@Example.com ', 'correct horse 1');
    await press('Enter');
    const busy = await waitFor(() => queryAllByRole(page, 'button', T.loggingIn)[0], "'Logging in...'");
    assert.equal(busy.getAttribute('aria-disabled'), 'true');
    await click(busy);
    assert.equal(stub.calls.length, 1, 'one request however often it is pressed');
    assert.equal(stub.calls[0]!.url, '/api/user/login_with_password');
    assert.equal(stub.calls[0]!.method, 'POST');
    assert.equal(stub.calls[0]!.credentials, 'include');
    assert.deepEqual(stub.calls[0]!.body, { accountIdentifier: 'Ada@Example.com', password: 'correct horse 1' });
    answer(json(200, ANSWER));
    await waitFor(() => went.length === 1, 'the navigation');
    assert.deepEqual(went, ['/account/request-a-card?x=1']);
    assert.equal(session.value.status, 'success');
    assert.equal(session.value.user?.firstName, 'Ada');
  });

  it('returnUrl: another site, a protocol-relative address or none all go to /account', async () => {
    for (const path of ['/account/log-in?returnUrl=https%3A%2F%2Fevil.example%2F', '/account/log-in?returnUrl=%2F%2Fevil.example', '/account/log-in']) {
      stub = stubApi(() => json(200, ANSWER));
      const page = await form(mount(path));
      await fill('ada@example.com', 'pw');
      await click(getByRole(page, 'button', T.logIn));
      await waitFor(() => went.length === 1, `the navigation from ${path}`);
      assert.deepEqual(went, ['/account']);
      went = [];
      stub.restore();
      fixture!.remove();
      endSession();
      localStorage.clear();
    }
    stub = undefined;
  });

  it("refusals: the server's message in the summary, focused, with what was typed kept; no answer: the call-us text", async () => {
    let answer: () => Response | Promise<Response> = () => json(401, { error_messages: [MESSAGES.loginFailed] });
    stub = stubApi(() => answer());
    const page = await form(mount());
    await fill('ada@example.com', 'wrong password');
    await click(getByRole(page, 'button', T.logIn));
    await waitFor(() => summaryShown(page) && summaryItems(page)[0]?.textContent === MESSAGES.loginFailed, 'the refusal');
    await waitFor(() => focused() === page.querySelector<HTMLElement>('.ppm-error-summary'), 'the summary focused');
    assert.equal(getByLabel<HTMLInputElement>(document, T.email).value, 'ada@example.com');
    assert.equal(getByLabel<HTMLInputElement>(document, T.password).value, 'wrong password');
    assert.equal(session.value.status, 'empty', 'a failed login leaves no user');
    assert.ok(getByRole(page, 'button', T.logIn), 'the button is back');
    await checkA11y(page);

    for (const [status, message, shown] of [
      [403, MESSAGES.loginUnconfirmed, MESSAGES.loginUnconfirmed],
      [429, TOO_MANY, TOO_MANY],
      [500, 'stack trace', MESSAGES.callUs],
    ] as const) {
      answer = () => json(status, { error_messages: [message] });
      await click(getByRole(page, 'button', T.logIn));
      await waitFor(() => summaryItems(page)[0]?.textContent === shown, `the text for ${status}`);
    }
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(page, 'button', T.logIn));
    await waitFor(() => stub!.calls.length === 5 && summaryItems(page)[0]?.textContent === MESSAGES.callUs, 'the text for no answer');
    assert.equal(summaryItems(page).length, 1);
    assert.equal(went.length, 0);
  });

  it('the sign-in link: only the e-mail is needed, the link comes back to returnUrl on this origin, and the answer is shown', async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.magicLinkSent }));
    const page = await form(mount('/account/log-in?returnUrl=%2Faccount%2FStatements'));
    // without an address: only the e-mail's problem
    await click(getByRole(page, 'button', T.magicLink));
    assert.deepEqual(summaryItems(page).map((li) => li.textContent), [MESSAGES.email]);
    assert.equal(errorOf(getByLabel(document, T.password)), undefined);
    assert.equal(stub.calls.length, 0);
    await type(getByLabel(document, T.email), 'ada@example.com');
    await click(getByRole(page, 'button', T.magicLink));
    await waitFor(() => page.querySelector('.ppm-notice--success')?.textContent === MESSAGES.magicLinkSent, 'the answer');
    assert.equal(stub.calls[0]!.url, '/api/user/login_with_magic_link');
    assert.deepEqual(stub.calls[0]!.body, { accountIdentifier: 'ada@example.com', returnUrl: `${location.origin}/account/Statements` });
    assert.ok(!summaryShown(page), 'the summary is gone');
    assert.equal(went.length, 0, 'the person stays to read it');
    await checkA11y(page);
    // a 429 on the link: its text in the summary
    stub.restore();
    stub = stubApi(() => json(429, { error_messages: [TOO_MANY] }));
    await click(getByRole(page, 'button', T.magicLink));
    await waitFor(() => summaryItems(page)[0]?.textContent === TOO_MANY, 'the 429 text');
  });

  it('already signed in: straight to returnUrl without the form; a hint whose session is gone shows the form', async () => {
    localStorage.setItem('ppm.signed-in', '1');
    signedInCookie(true);
    stub = stubApi(() => json(200, ANSWER));
    const page = mount('/account/log-in?returnUrl=%2Faccount%2Fchange-password');
    await waitFor(() => went.length === 1, 'the navigation');
    assert.deepEqual(went, ['/account/change-password']);
    assert.equal(stub.calls[0]!.url, '/api/user/retrieve_session');
    assert.equal(queryAllByRole(page, 'button', T.logIn).length, 0);
    stub.restore();
    fixture!.remove();
    endSession();

    localStorage.setItem('ppm.signed-in', '1');
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    went = [];
    await form(mount());
    assert.equal(stub.calls.length, 1);
    assert.equal(went.length, 0);
    stub.restore();
    fixture!.remove();

    // the hint, but no session cookie (the browser closed since): the form, and nothing asked
    signedInCookie(false);
    localStorage.setItem('ppm.signed-in', '1');
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    await form(mount());
    assert.equal(stub.calls.length, 0);
  });
});
