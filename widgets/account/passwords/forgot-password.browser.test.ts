/// <reference types="mocha" />
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, queryAllByRole, stubApi, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { CREATE_PASSWORD_PATH, ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { FORGOT_PASSWORD_TEXTS as T } from './forgot-password.texts.ts';

const TOO_MANY = 'Too many requests. Please wait a minute and try again.';

let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];

function mount(noticeMs = 60_000): HTMLElement {
  return mountIsland('Forgot Password', ForgotPasswordPage, { navigate: (url: string) => went.push(url), noticeMs });
}

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

const notice = (page: HTMLElement) => page.querySelector('.ppm-notice')?.textContent;

beforeEach(() => (went = []));

afterEach(() => {
  stub?.restore();
  stub = undefined;
  unmountIslands();
});

describe('the forgot-password page', () => {
  it("the form: a labelled e-mail field and 'Reset Password'; axe", async () => {
    const page = mount();
    assert.equal(getByLabel(document, T.email).getAttribute('type'), 'email');
    assert.ok(getByRole(page, 'button', T.submit));
    assert.ok(getByRole(page, 'form', T.submit));
    await checkA11y(page);
  });

  it('a wrong address: the summary linked to the field, the field focused, nothing sent', async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.resetSent }));
    const page = mount();
    const email = getByLabel(document, T.email);
    await type(email, 'ada@');
    await click(getByRole(page, 'button', T.submit));
    assert.equal(errorOf(email), `Error: ${MESSAGES.email}`);
    assert.deepEqual(
      [...page.querySelectorAll<HTMLAnchorElement>('.ppm-error-summary a')].map((a) => [a.textContent, a.getAttribute('href')]),
      [[MESSAGES.email, `#${email.id}`]],
    );
    assert.equal(focused(), email);
    assert.equal(stub.calls.length, 0);
    await checkA11y(page);
  });

  it("sent: POST reset_password with the create-password page as returnUrl; doc 1's notice, focused, then home", async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.resetSent }));
    const page = mount(400);
    await type(getByLabel(document, T.email), ' ada@example.com ');
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => notice(page) === MESSAGES.resetSent, 'the notice');
    assert.equal(stub.calls[0]!.url, '/api/user/reset_password');
    assert.deepEqual(stub.calls[0]!.body, { emailAddress: 'ada@example.com', returnUrl: `${location.origin}${CREATE_PASSWORD_PATH}` });
    await waitFor(() => focused() === page.querySelector('.ppm-notice'), 'the focus on the notice');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.goNow).getAttribute('href'), '/');
    await checkA11y(page);
    await waitFor(() => went.length === 1, 'home after the notice');
    assert.deepEqual(went, ['/']);
  });

  it("'Stay on this page' stops the move to the home page", async () => {
    stub = stubApi(() => json(200, { msg: MESSAGES.resetSent }));
    const page = mount(1500);
    await type(getByLabel(document, T.email), 'ada@example.com');
    await click(getByRole(page, 'button', T.submit));
    const stay = await waitFor(() => queryAllByRole(page, 'button', T.stay)[0], "'Stay on this page'");
    assert.ok(page.textContent!.includes(T.going(2)));
    await click(stay);
    assert.equal(queryAllByRole(page, 'button', T.stay).length, 0);
    assert.equal(notice(page), MESSAGES.resetSent, 'the notice stays');
    // the time it would have gone, and more
    const started = performance.now();
    await waitFor(() => performance.now() - started > 2000, 'the time to pass', 4000);
    assert.equal(went.length, 0);
  });

  it("a failure: doc 1's red call-us notice word for word, what was typed kept; 429 says when to try again", async () => {
    let answer: () => Response | Promise<Response> = () => json(500, { error_messages: ['boom'] });
    stub = stubApi(() => answer());
    const page = mount();
    const email = getByLabel<HTMLInputElement>(document, T.email);
    await type(email, 'ada@example.com');
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => notice(page) === MESSAGES.callUs, 'the call-us notice');
    assert.equal(MESSAGES.callUs, 'The system is unable to complete your request at this time. Please call 800-400-4128 to speak to a customer service concierge.');
    assert.ok(page.querySelector('.ppm-notice--danger[role="alert"]'));
    assert.equal(email.value, 'ada@example.com');
    await checkA11y(page);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => stub!.calls.length === 2 && notice(page) === MESSAGES.callUs, 'the notice for no answer');
    answer = () => json(429, { error_messages: [TOO_MANY] });
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => notice(page) === TOO_MANY, 'the 429 text');
    assert.equal(went.length, 0);
  });
});
