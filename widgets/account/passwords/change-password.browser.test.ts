/// <reference types="mocha" />
import type { SessionResponse } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, startSession } from '../../core/session.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { CHANGE_PASSWORD_TEXTS as T } from './change-password.texts.ts';
import { CHECKLIST_TEXTS } from './password-checklist.texts.ts';
import { signedInCookie } from '../../testing/session-fixture.ts';

const HOME = location.pathname;
const SIGNED_IN: SessionResponse = { user: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' }, policies: [] };
const GOOD = 'Analytical-Engine1843';

let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];

function mount(noticeMs = 60_000): HTMLElement {
  history.replaceState(null, '', '/account/change-password');
  return mountIsland('Change Password', ChangePasswordPage, { navigate: (url: string) => went.push(url), noticeMs });
}

const form = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'button', T.update)[0] && page, 'the form');
const summaryLinks = (page: HTMLElement) =>
  [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')].map((a) => [a.textContent, a.getAttribute('href')]);
const checklist = (page: HTMLElement) =>
  Object.fromEntries([...page.querySelectorAll<HTMLElement>('[data-check]')].map((li) => [li.dataset.check, li.classList.contains('account-check--met')]));

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

const current = () => getByLabel<HTMLInputElement>(document, T.currentPassword);
const fresh = () => getByLabel<HTMLInputElement>(document, T.newPassword);
const confirm = () => getByLabel<HTMLInputElement>(document, T.confirmPassword);

beforeEach(() => {
  went = [];
  startSession(SIGNED_IN);
});

// the stubbed API answers for a session, so its cookie is there as the server would have set it
beforeEach(() => signedInCookie(true));

afterEach(() => {
  signedInCookie(false);
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
  endSession();
});

describe('the change-password page', () => {
  it("signed in: current, new and confirm-new, the checklist and 'Update'; axe", async () => {
    const page = await form(mount());
    for (const [input, autocomplete] of [[current(), 'current-password'], [fresh(), 'new-password'], [confirm(), 'new-password']] as const) {
      assert.equal(input.type, 'password');
      assert.equal(input.getAttribute('autocomplete'), autocomplete);
    }
    const list = getByRole(page, 'list', CHECKLIST_TEXTS.label);
    assert.deepEqual([...list.children].map((li) => li.firstChild!.textContent), Object.values(CHECKLIST_TEXTS.checks));
    assert.ok(list.textContent!.includes(`: ${CHECKLIST_TEXTS.notMet}`));
    await checkA11y(page);
  });

  it('the checklist follows the new password and its confirmation as they are typed', async () => {
    const page = await form(mount());
    assert.deepEqual(checklist(page), { length: false, number: false, upper: false, lower: false, special: false, match: false });
    await type(fresh(), 'abc');
    assert.deepEqual(checklist(page), { length: false, number: false, upper: false, lower: true, special: false, match: false });
    await type(fresh(), 'DEF123.xyz');
    assert.deepEqual(checklist(page), { length: true, number: true, upper: true, lower: true, special: true, match: false });
    await type(confirm(), 'abcDEF123.xyz');
    assert.deepEqual(checklist(page), { length: true, number: true, upper: true, lower: true, special: true, match: true });
    const met = page.querySelector<HTMLElement>('[data-check="match"]')!;
    assert.equal(met.textContent, `${CHECKLIST_TEXTS.checks.match}: ${CHECKLIST_TEXTS.met}`);
    await checkA11y(page);
  });

  it('problems: the contract rules at each field, in the summary, the first focused; nothing sent', async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.passwordUpdated }));
    const page = await form(mount());
    await click(getByRole(page, 'button', T.update));
    assert.deepEqual(summaryLinks(page), [
      [`Current Password: ${MESSAGES.required}`, `#${current().id}`],
      [`New Password: ${MESSAGES.required}`, `#${fresh().id}`],
      [`Confirm New Password: ${MESSAGES.required}`, `#${confirm().id}`],
    ]);
    assert.equal(focused(), current());
    await type(current(), 'old one');
    await type(fresh(), 'short1A!');
    await type(confirm(), 'different');
    await click(getByRole(page, 'button', T.update));
    assert.deepEqual(summaryLinks(page), [
      [MESSAGES.passwordLength, `#${fresh().id}`],
      [MESSAGES.passwordMatch, `#${confirm().id}`],
    ]);
    assert.equal(errorOf(current()), undefined);
    assert.equal(errorOf(fresh()), `Error: ${MESSAGES.passwordLength}`);
    assert.equal(focused(), fresh());
    assert.equal(stub.calls.length, 0);
    await checkA11y(page);
  });

  it("updated: POST change_password; 'Successfully updated the Password!', then home", async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.passwordUpdated }));
    const page = await form(mount(300));
    await type(current(), 'the old one');
    await type(fresh(), GOOD);
    await type(confirm(), GOOD);
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => page.querySelector('.ppm-notice--success')?.textContent === MESSAGES.passwordUpdated, 'the notice');
    assert.equal(stub.calls[0]!.url, '/api/user/change_password');
    assert.deepEqual(stub.calls[0]!.body, { oldPassword: 'the old one', newPassword: GOOD });
    await waitFor(() => went.length === 1, 'home');
    assert.deepEqual(went, ['/']);
  });

  it("the server's refusals: a wrong current password and a personal new one at their fields; anything else the red call-us notice", async () => {
    let answer: () => Response | Promise<Response> = () => json(400, { error_messages: [MESSAGES.currentPasswordWrong] });
    stub = stubApi(() => answer());
    const page = await form(mount());
    await type(current(), 'not it');
    await type(fresh(), GOOD);
    await type(confirm(), GOOD);
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => errorOf(current()) === `Error: ${MESSAGES.currentPasswordWrong}`, 'the current password error');
    await waitFor(() => summaryLinks(page).length > 0, 'the summary');
    assert.deepEqual(summaryLinks(page), [[MESSAGES.currentPasswordWrong, `#${current().id}`]]);
    assert.equal(focused(), current());
    assert.equal(current().value, 'not it', 'nothing typed is lost');
    assert.equal(fresh().value, GOOD);
    await checkA11y(page);

    answer = () => json(400, { error_messages: [MESSAGES.passwordPersonal] });
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => errorOf(fresh()) === `Error: ${MESSAGES.passwordPersonal}`, 'the personal-password error');

    answer = () => json(503, {});
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'the call-us notice');
    assert.equal(page.querySelector('.ppm-error-summary:not([hidden])'), null, 'the summary is for field problems');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => stub!.calls.length === 4 && page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'no answer');
    assert.equal(went.length, 0);
  });

  it('signed out: asks the session, then offers the log-in page with the way back; a 401 on update does the same', async () => {
    endSession();
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    let page = mount();
    const link = await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0] as HTMLAnchorElement | undefined, 'the sign-in link');
    assert.equal(stub.calls[0]!.url, '/api/user/retrieve_session');
    assert.equal(link.getAttribute('href'), '/account/log-in?returnUrl=%2Faccount%2Fchange-password');
    assert.ok(page.textContent!.includes(MESSAGES.signInRequired));
    assert.equal(queryAllByRole(page, 'button', T.update).length, 0, 'no form');
    await checkA11y(page);
    unmountIslands();
    stub.restore();

    startSession(SIGNED_IN);
    stub = stubApi(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    page = await form(mount());
    await type(current(), 'the old one');
    await type(fresh(), GOOD);
    await type(confirm(), GOOD);
    await click(getByRole(page, 'button', T.update));
    await waitFor(() => queryAllByRole(page, 'link', T.logIn)[0], 'the sign-in link after the 401');
  });

  it('the session cannot be asked (a 5xx): the call-us notice, no form', async () => {
    endSession();
    stub = stubApi(() => json(502, {}));
    const page = mount();
    await waitFor(() => page.querySelector('.ppm-notice--danger')?.textContent === MESSAGES.callUs, 'the notice');
    assert.equal(queryAllByRole(page, 'button', T.update).length, 0);
  });
});
