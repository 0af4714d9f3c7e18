/// <reference types="mocha" />
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { CREATE_PASSWORD_TOKEN_KEY, CreatePasswordPage, FORGOT_PASSWORD_PATH } from './CreatePasswordPage.tsx';
import { CREATE_PASSWORD_TEXTS as T } from './create-password.texts.ts';
import { CHECKLIST_TEXTS } from './password-checklist.texts.ts';

const HOME = location.pathname;
const TOKEN = 'resetT0ken_abcdefghijklmnopqrstuvwxyz012345';
const GOOD = 'Analytical-Engine1843';
const TOO_MANY = 'Too many requests. Please wait a minute and try again.';

let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];

/** The page as Astro renders it, opened at `path`. */
function mount(path = `/account/create-password?token=${TOKEN}`, noticeMs = 60_000): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Create Password', CreatePasswordPage, { navigate: (url: string) => went.push(url), noticeMs });
}

const fresh = () => getByLabel<HTMLInputElement>(document, T.newPassword);
const repeat = () => getByLabel<HTMLInputElement>(document, T.repeatPassword);
const summaryLinks = (page: HTMLElement) =>
  [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')].map((a) => [a.textContent, a.getAttribute('href')]);

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

async function fillAndSave(page: HTMLElement, password = GOOD): Promise<void> {
  await type(fresh(), password);
  await type(repeat(), password);
  await click(getByRole(page, 'button', T.save));
}

beforeEach(() => {
  went = [];
  sessionStorage.clear();
});

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
  sessionStorage.clear();
});

describe('the create-password page', () => {
  it("without a token: 'Please come through the link in email' and the way to a new link; axe", async () => {
    const page = mount('/account/create-password');
    assert.equal(page.querySelector('.ppm-notice')?.textContent, 'Please come through the link in email');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.newLink).getAttribute('href'), FORGOT_PASSWORD_PATH);
    assert.equal(queryAllByRole(page, 'button', T.save).length, 0);
    await checkA11y(page);
  });

  it('takes the token off the address bar at once; new and repeat, the name-or-e-mail text, the checklist and Save Password; axe', async () => {
    const page = mount(`/account/create-password?token=${TOKEN}&utm_source=mail`);
    assert.equal(location.search, '?utm_source=mail');
    assert.equal(sessionStorage.getItem(CREATE_PASSWORD_TOKEN_KEY), TOKEN, 'kept for a reload of this tab');
    assert.equal(fresh().getAttribute('autocomplete'), 'new-password');
    assert.equal(repeat().getAttribute('autocomplete'), 'new-password');
    // the text about the name and e-mail is the new password's hint, read with the field
    const hint = document.getElementById(fresh().getAttribute('aria-describedby')!)!;
    assert.equal(hint.textContent, T.newPasswordHint);
    assert.ok(/not contain parts of your name or email/.test(T.newPasswordHint));
    const list = getByRole(page, 'list', CHECKLIST_TEXTS.label);
    await type(fresh(), GOOD);
    await type(repeat(), GOOD);
    assert.equal(list.querySelectorAll('.account-check--met').length, 6);
    await checkA11y(page);
  });

  it('problems: in the summary and at the fields, the first focused, nothing sent', async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.passwordUpdated }));
    const page = mount();
    await click(getByRole(page, 'button', T.save));
    assert.deepEqual(summaryLinks(page), [
      [`New Password: ${MESSAGES.required}`, `#${fresh().id}`],
      [`Repeat Password: ${MESSAGES.required}`, `#${repeat().id}`],
    ]);
    assert.equal(focused(), fresh());
    await fillAndSave(page, 'alllowercase-1');
    assert.deepEqual(summaryLinks(page), [[MESSAGES.passwordRule, `#${fresh().id}`]]);
    await type(repeat(), 'x');
    await click(getByRole(page, 'button', T.save));
    assert.equal(errorOf(repeat()), `Error: ${MESSAGES.passwordMatch}`);
    assert.equal(stub.calls.length, 0);
    await checkA11y(page);
  });

  it("saved: POST change_password_with_token; 'Successfully updated the Password!', then /account/log-in; the kept token is forgotten", async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.passwordUpdated }));
    const page = mount(undefined, 300);
    await fillAndSave(page);
    await waitFor(() => page.querySelector('.ppm-notice--success')?.textContent === MESSAGES.passwordUpdated, 'the notice');
    assert.equal(stub.calls[0]!.url, '/api/user/change_password_with_token');
    assert.deepEqual(stub.calls[0]!.body, { newPassword: GOOD, passwordChangeToken: TOKEN });
    assert.equal(sessionStorage.getItem(CREATE_PASSWORD_TOKEN_KEY), null);
    await checkA11y(page);
    await waitFor(() => went.length === 1, 'the log-in page');
    assert.deepEqual(went, ['/account/log-in']);
  });

  it('a used or expired link: its message and the way to a new link, no bounce home', async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.passwordLinkInvalid] }));
    const page = mount(undefined, 200);
    await fillAndSave(page);
    await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.passwordLinkInvalid, 'the message');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.newLink).getAttribute('href'), FORGOT_PASSWORD_PATH);
    assert.equal(sessionStorage.getItem(CREATE_PASSWORD_TOKEN_KEY), null);
    await checkA11y(page);
    const started = performance.now();
    await waitFor(() => performance.now() - started > 600, 'longer than the notice time');
    assert.equal(went.length, 0);
  });

  it('a link that cannot be one: the same message without asking the API', async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.passwordUpdated }));
    const page = mount('/account/create-password?token=short');
    assert.equal(page.querySelector('.ppm-notice--danger')?.textContent, MESSAGES.passwordLinkInvalid);
    assert.equal(stub.calls.length, 0);
  });

  it('a new password holding the name or e-mail: at the field; too many tries: the server says when, the form stays', async () => {
    let answer = () => json(400, { error_messages: [MESSAGES.passwordPersonal] });
    stub = stubApi(() => answer());
    const page = mount();
    await fillAndSave(page, 'AdaLovelace-1815');
    await waitFor(() => errorOf(fresh()) === `Error: ${MESSAGES.passwordPersonal}`, 'the field error');
    // the summary follows the field's error once it is drawn (core's ErrorSummary, armed by the refusal)
    await waitFor(() => summaryLinks(page).length > 0, 'the summary');
    assert.deepEqual(summaryLinks(page), [[MESSAGES.passwordPersonal, `#${fresh().id}`]]);
    assert.equal(fresh().value, 'AdaLovelace-1815');
    answer = () => json(429, { error_messages: [TOO_MANY] });
    await click(getByRole(page, 'button', T.save));
    await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === TOO_MANY, 'the 429 text');
    assert.ok(getByRole(page, 'button', T.save));
    assert.equal(went.length, 0);
  });

  it("anything else: doc 1's red call-us notice, then home (no answer alike)", async () => {
    for (const respond of [() => json(500, {}), () => Promise.reject(new TypeError('Failed to fetch'))]) {
      went = [];
      stub = stubApi(respond);
      const page = mount(undefined, 300);
      await fillAndSave(page);
      await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'the call-us notice');
      assert.ok(page.querySelector('.ppm-notice--danger[role="alert"]'));
      await checkA11y(page);
      await waitFor(() => went.length === 1, 'home');
      assert.deepEqual(went, ['/']);
      stub.restore();
      unmountIslands();
    }
    stub = undefined;
  });
});
