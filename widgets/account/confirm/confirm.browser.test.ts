/// <reference types="mocha" />
/**
 * The account confirmation page (/account/confirm?token=...) in Chromium with the API stubbed: the token
 * leaves the address bar at once, the answer shows, and a return address off this site is never linked.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, getByRole, json, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { ConfirmPage } from './ConfirmPage.tsx';
import { CONFIRM_TEXTS as T } from './confirm.texts.ts';

const HOME = location.pathname;
const TOKEN = 'a'.repeat(64);
let stub: ReturnType<typeof stubApi> | undefined;

function mount(path: string): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Confirm Your Account', ConfirmPage, {});
}

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
});

describe('the account confirmation page', () => {
  it('spends the token, off the address bar at once; the answer and the way on', async () => {
    stub = stubApi(() => json(200, { message: MESSAGES.accountConfirmed, returnUrl: '/account/create-password?token=b' }));
    const page = mount(`/account/confirm?token=${TOKEN}`);
    assert.equal(location.search, '', 'the token is gone before the answer');
    assert.ok(getByRole(page, 'status').textContent === T.working);
    await waitFor(() => queryAllByRole(page, 'link', T.continue)[0], 'the way on');
    assert.deepEqual(stub.calls[0]!.body, { token: TOKEN });
    assert.equal(stub.calls[0]!.url, '/api/user/confirm_account');
    assert.equal(getByRole(page, 'status').textContent, MESSAGES.accountConfirmed);
    assert.equal(getByRole(page, 'link', T.continue).getAttribute('href'), '/account/create-password?token=b');
    await checkA11y(page);
  });

  it("a used link: the server's words and the phone; another site's return address is never linked", async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.accountConfirmationLinkInvalid] }));
    let page = mount(`/account/confirm?token=${TOKEN}`);
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.accountConfirmationLinkInvalid, 'the refusal');
    assert.equal(getByRole(page, 'link', BRAND.phone).getAttribute('href'), BRAND.phoneHref);
    await checkA11y(page);
    unmountIslands();
    stub.restore();

    stub = stubApi(() => json(200, { message: MESSAGES.accountConfirmed, returnUrl: '//evil.example/' }));
    page = mount(`/account/confirm?token=${TOKEN}`);
    const link = await waitFor(() => queryAllByRole(page, 'link', T.continue)[0], 'the way on');
    assert.equal(link.getAttribute('href'), '/account/');
  });

  it("no token: doc 1's 'Please come through the link in email', nothing asked; no answer: the call-us text", async () => {
    stub = stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    let page = mount('/account/confirm');
    assert.equal(getByRole(page, 'alert').textContent, MESSAGES.passwordNoToken);
    assert.equal(stub.calls.length, 0);
    unmountIslands();
    page = mount(`/account/confirm?token=${TOKEN}`);
    await waitFor(() => queryAllByRole(page, 'alert')[0]?.textContent === MESSAGES.callUs, 'the call-us text');
  });
});
