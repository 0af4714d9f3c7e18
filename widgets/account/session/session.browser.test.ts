/// <reference types="mocha" />
/**
 * The page's sign-in state on our site (doc 1 sections 2 and 4): the header's account menu, the
 * login-required guard and the `?token=` session check, in Chromium with the API stubbed.
 */
import { statements } from '../../../contract/api/endpoints/user.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { createApiClient } from '../../core/api-client.ts';
import { HINT_KEY } from '../../core/session-hint.ts';
import { checkSession, endSession, maySignedIn, session, whenSessionKnown, type SessionState } from '../../core/session.ts';
import { STORAGE_KEY, clearWizard, saveWizard } from '../../quote-wizard/persistence.ts';
import { quoteFixture } from '../../quote-wizard/steps/quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../../quote-wizard/steps/quote/saved-quote.ts';
import {
  assert, checkA11y, click, getByRole, json, queryAllByRole, stubApi, waitFor, type StubbedCall, TEST_NOTICE_MS,
} from '../../testing/browser.ts';
import { ADA, sessionAnswer, signedInCookie, signInAda } from '../../testing/session-fixture.ts';
import { ACCOUNT_MENU_TAG, type AccountMenu } from './account-menu.ts';
import { guardPage } from './login-guard.tsx';
import { clearPageFeedback } from './page-feedback.tsx';
import { startTokenCheck } from './page-session.ts';
import { SESSION_TEXTS as T } from './session.texts.ts';

let stub: ReturnType<typeof stubApi> | undefined;
const added: HTMLElement[] = [];
const start = location.pathname;

function api(respond: (call: StubbedCall) => Response | Promise<Response>) {
  stub = stubApi(respond);
  return stub;
}
const callsTo = (path: string) => stub?.calls.filter((call) => new URL(call.url, location.href).pathname === path) ?? [];

/** A promise the test settles when it wants: an API answer held back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** <account-menu> as Header.astro renders it: the signed-out link inside. */
function menu(layout: 'bar' | 'list' = 'bar'): AccountMenu {
  const element = document.createElement(ACCOUNT_MENU_TAG);
  element.setAttribute('layout', layout);
  element.innerHTML = '<a class="account-link button secondary" href="/account/my-policy">My Policy</a>';
  const navigations: string[] = [];
  element.navigate = (url) => navigations.push(url);
  (element as AccountMenu & { navigations: string[] }).navigations = navigations;
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', `Account ${layout}`);
  nav.append(element);
  document.body.append(nav);
  added.push(nav);
  return element;
}
const navigationsOf = (element: AccountMenu) => (element as AccountMenu & { navigations: string[] }).navigations;

function page(html = '<h1>My Account</h1>'): HTMLElement {
  const main = document.createElement('main');
  main.setAttribute('data-login-required', '');
  main.innerHTML = html;
  document.body.append(main);
  added.push(main);
  return main;
}

const overlayText = () => document.querySelector('[data-page-feedback] .ppm-overlay__text')?.textContent ?? null;
const alertTexts = () => queryAllByRole(document.body, 'alert').map((e) => e.querySelector('.ppm-snackbar__text')?.textContent ?? e.textContent);

before(async () => {
  // the header's rules, as the site serves them (the account menu's sizes are checked by axe)
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/site/styles/site.css';
  const loaded = new Promise((resolve) => (link.onload = resolve));
  document.head.append(link);
  await loaded;
});

afterEach(() => {
  signedInCookie(false);
  for (const element of added.splice(0)) element.remove();
  stub?.restore();
  stub = undefined;
  endSession();
  clearWizard();
  clearPageFeedback();
  history.replaceState(null, '', start);
});

describe('<account-menu> in the header', () => {
  it('a visitor who never signed in: the server-rendered My Policy link, and no call to the API', async () => {
    api(() => json(200, sessionAnswer()));
    const element = menu();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(getByRole(element, 'link', 'My Policy').getAttribute('href'), '/account/my-policy');
    assert.equal(queryAllByRole(element, 'button').length, 0);
    assert.equal(stub!.calls.length, 0, 'no session check without the hint');
    await checkA11y(element.parentElement!);
  });

  it('signed in before (the hint): one shared session check, then the name linking to /account and Log out, in the bar and the flyout', async () => {
    api((call) => (call.url.endsWith('/api/user/retrieve_session') ? json(200, sessionAnswer()) : json(404, {})));
    localStorage.setItem(HINT_KEY, '1');
    signedInCookie(true);
    const bar = menu('bar');
    const list = menu('list');
    const link = await waitFor(() => queryAllByRole(bar, 'link', /Ada Lovelace/)[0], 'the name in the bar');
    assert.equal(link.getAttribute('href'), '/account');
    assert.equal(link.querySelector('.account-name__text')?.textContent, 'Ada Lovelace');
    assert.ok(getByRole(bar, 'button', T.logOut));
    await waitFor(() => queryAllByRole(list, 'link', /Ada Lovelace/)[0], 'the name in the flyout');
    assert.ok(getByRole(list, 'button', T.logOut));
    assert.equal(queryAllByRole(bar, 'link', 'My Policy').length, 0);
    const checks = callsTo('/api/user/retrieve_session');
    assert.equal(checks.length, 1, 'both menus share one request');
    assert.equal(checks[0]!.credentials, 'include');
    await checkA11y(bar.parentElement!);
    await checkA11y(list.parentElement!);
  });

  it('signed in before, but the browser has closed since (the hint without the session cookie): My Policy, and no call to the API', async () => {
    api(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    localStorage.setItem(HINT_KEY, '1');
    const element = menu();
    await waitFor(() => session.value.status === 'empty' && !maySignedIn(), 'signed out, the hint gone');
    assert.equal(getByRole(element, 'link', 'My Policy').getAttribute('href'), '/account/my-policy');
    assert.equal(stub!.calls.length, 0, 'no session cookie: nothing to ask about');
  });

  it('any 401 on the page signs out: the menu is the My Policy link again', async () => {
    api(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    signInAda();
    const element = menu();
    await waitFor(() => queryAllByRole(element, 'link', /Ada Lovelace/)[0], 'signed in');
    assert.equal(stub!.calls.length, 0, 'the page already knew: nothing asked');
    // any call of the page: here the statements of a policy
    const result = await createApiClient('').call(statements, null, { query: { policyNumber: 'P-AZ-000001' } });
    assert.equal(result.status, 401);
    await waitFor(() => queryAllByRole(element, 'link', 'My Policy').length === 1, 'the signed-out link');
    assert.equal(queryAllByRole(element, 'button', T.logOut).length, 0);
    assert.equal(maySignedIn(), false);
  });

  it("Log out: the loader, POST clear_session, then home; the page forgets the person", async () => {
    const answer = deferred<Response>();
    api((call) => (call.url.endsWith('/api/user/clear_session') ? answer.promise : json(404, {})));
    signInAda();
    const element = menu();
    await click(await waitFor(() => queryAllByRole(element, 'button', T.logOut)[0], 'Log out'));
    await waitFor(() => overlayText() === 'Loading...', 'the loader');
    const status = queryAllByRole(document.body, 'status').find((e) => e.classList.contains('ppm-overlay'));
    assert.ok(status, 'the loader is a status message');
    const box = status.getBoundingClientRect();
    assert.ok(box.width === innerWidth && box.height === innerHeight, 'it covers the page');
    const [call] = callsTo('/api/user/clear_session');
    assert.equal(call!.method, 'POST');
    assert.deepEqual(call!.body, {});
    assert.equal(call!.credentials, 'include');
    assert.deepEqual(navigationsOf(element), [], 'nothing before the server answered');
    answer.resolve(json(200, { msg: 'Signed out.' }));
    await waitFor(() => navigationsOf(element).length === 1, 'home');
    assert.deepEqual(navigationsOf(element), ['/']);
    assert.equal(session.value.status, 'empty');
    assert.equal(maySignedIn(), false);
  });

  it('a logout the server did not confirm (offline): still signed in, and the person is told', async () => {
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    signInAda();
    const element = menu();
    await click(await waitFor(() => queryAllByRole(element, 'button', T.logOut)[0], 'Log out'));
    await waitFor(() => alertTexts().includes(T.logOutFailed), 'the message');
    assert.equal(overlayText(), null, 'the loader is gone');
    assert.equal(session.value.status, 'success');
    assert.ok(getByRole(element, 'link', /Ada Lovelace/));
    assert.deepEqual(navigationsOf(element), []);
    await checkA11y(document.querySelector('[data-page-feedback]')!);
  });
});

describe('the login-required guard', () => {
  // a session cookie to ask about, as the server leaves it; a test of a visitor without one removes it
  beforeEach(() => signedInCookie(true));
  afterEach(() => signedInCookie(false));

  it('no signed-in cookie (no session cookie either): to the log-in page at once, with no call to the API', async () => {
    signedInCookie(false);
    api(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    const main = page();
    const replaced: string[] = [];
    assert.equal(await guardPage({ main, replace: (url) => replaced.push(url), tokenCheck: Promise.resolve('none') }), 'log-in');
    assert.equal(replaced.length, 1);
    assert.deepEqual(callsTo('/api/user/retrieve_session'), []);
    assert.equal(main.hidden, true);
  });

  it('while the status is unknown the content is hidden behind the loader; signed in, it shows', async () => {
    const answer = deferred<Response>();
    api((call) => (call.url.endsWith('/api/user/retrieve_session') ? answer.promise : json(404, {})));
    const main = page();
    const replaced: string[] = [];
    const guarded = guardPage({ main, replace: (url) => replaced.push(url), tokenCheck: Promise.resolve('none') });
    assert.equal(main.hidden, true);
    // an element of the page that waits for the status waits for this answer
    let known: SessionState | null = null;
    void whenSessionKnown().then((state) => (known = state));
    await waitFor(() => overlayText() === 'Loading...', 'the loader');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(known, null, 'not known yet');
    answer.resolve(json(200, sessionAnswer()));
    assert.equal(await guarded, 'open');
    assert.equal(main.hidden, false);
    assert.equal(overlayText(), null);
    await waitFor(() => known?.status === 'success', 'the element hears: signed in');
    assert.deepEqual(replaced, []);
  });

  it('signed out: to the log-in page with the whole way back, the content never shown', async () => {
    api(() => json(401, { error_messages: [MESSAGES.signInRequired] }));
    history.replaceState(null, '', '/account/statements?policy=P-AZ-000001#june');
    const main = page();
    const replaced: string[] = [];
    assert.equal(await guardPage({ main, replace: (url) => replaced.push(url), tokenCheck: Promise.resolve('none') }), 'log-in');
    assert.equal(replaced.length, 1);
    const to = new URL(replaced[0]!, location.origin);
    assert.equal(to.pathname, '/account/log-in');
    assert.equal(to.searchParams.get('returnUrl'), '/account/statements?policy=P-AZ-000001#june');
    assert.equal(main.hidden, true);
    // the loader is drawn by a render that a busy machine may not have run yet when the guard answers
    await waitFor(() => overlayText() === 'Loading...', 'the loader stays while the browser leaves');
    assert.equal(main.hidden, true);
  });

  it("the API cannot say (offline): a message and 'Try again', never a redirect; then signed in, the content", async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    api(() => answer());
    const main = page();
    const replaced: string[] = [];
    const guarded = guardPage({ main, replace: (url) => replaced.push(url), tokenCheck: Promise.resolve('none') });
    const retry = await waitFor(() => queryAllByRole(document.body, 'button', T.retry)[0], "'Try again'");
    assert.ok(alertTexts().includes(T.statusUnknown));
    assert.equal(main.hidden, true);
    assert.equal(overlayText(), null);
    assert.deepEqual(replaced, []);
    await checkA11y(document.querySelector('[data-session-gate]')!);
    // still offline: the same message again, no loop of requests
    await click(retry);
    await waitFor(() => callsTo('/api/user/retrieve_session').length === 2, 'asked again');
    const again = await waitFor(() => queryAllByRole(document.body, 'button', T.retry)[0], "'Try again' again");
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(callsTo('/api/user/retrieve_session').length, 2, 'nothing asked without a press');
    answer = () => json(200, sessionAnswer());
    await click(again);
    assert.equal(await guarded, 'open');
    assert.equal(main.hidden, false);
    assert.equal(document.querySelector('[data-session-gate]'), null, 'the message is gone');
    assert.deepEqual(replaced, []);
  });

  it('a sign-in link that is taking the person home: the guard does nothing more', async () => {
    api(() => json(401, {}));
    const main = page();
    const replaced: string[] = [];
    assert.equal(await guardPage({ main, replace: (url) => replaced.push(url), tokenCheck: Promise.resolve('leaving') }), 'leaving');
    assert.deepEqual(replaced, []);
    assert.equal(main.hidden, true);
    assert.equal(overlayText(), null);
  });
});

describe('the ?token= session check', () => {
  it('the token leaves the address bar at once; the loader says so; success signs in', async () => {
    const answer = deferred<Response>();
    api((call) => (call.url.endsWith('/api/user/login_with_token') ? answer.promise : json(404, {})));
    history.replaceState(null, '', '/receive-a-quote?utm_source=mail&token=tok_0123456789abcdef#quote');
    const outcome = startTokenCheck();
    assert.equal(`${location.pathname}${location.search}${location.hash}`, '/receive-a-quote?utm_source=mail#quote', 'gone before anything is asked');
    await waitFor(() => overlayText() === T.retrieving, 'the loader text');
    assert.equal(T.retrieving, 'Please wait while we retrieve your information.');
    await waitFor(() => callsTo('/api/user/login_with_token').length === 1, 'the call');
    const [call] = callsTo('/api/user/login_with_token');
    assert.equal(call!.method, 'POST');
    assert.deepEqual(call!.body, { token: 'tok_0123456789abcdef' });
    answer.resolve(json(200, sessionAnswer()));
    assert.equal(await outcome, 'signed-in');
    assert.equal(session.value.status, 'success');
    assert.deepEqual(session.value.user, ADA);
    assert.equal(overlayText(), null, 'the loader stops');
  });

  it('a session check waits for the link: an older "signed out" never overtakes the new session', async () => {
    const answer = deferred<Response>();
    api((call) => (call.url.endsWith('/api/user/login_with_token') ? answer.promise : json(401, {})));
    history.replaceState(null, '', '/account?token=tok_abc');
    const outcome = startTokenCheck();
    const checked = checkSession(createApiClient(''));
    let known: SessionState | null = null;
    void whenSessionKnown().then((state) => (known = state));
    await waitFor(() => callsTo('/api/user/login_with_token').length === 1, 'the link being spent');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(callsTo('/api/user/retrieve_session').length, 0, 'not asked meanwhile');
    assert.equal(known, null);
    answer.resolve(json(200, sessionAnswer()));
    assert.equal(await outcome, 'signed-in');
    assert.equal((await checked).status, 'success');
    await waitFor(() => known?.status === 'success', 'known: signed in');
    assert.equal(callsTo('/api/user/retrieve_session').length, 0, 'nothing more to ask');
  });

  it('a spent link (used or expired) and no quote in progress: the danger snackbar says so for 3500 ms, then home', async () => {
    api(() => json(401, { error_messages: [MESSAGES.magicLinkInvalid] }));
    history.replaceState(null, '', '/faq?token=used');
    const navigations: string[] = [];
    const outcome = await startTokenCheck(location.href, { navigate: (url) => navigations.push(url), noticeMs: TEST_NOTICE_MS });
    assert.equal(outcome, 'leaving');
    // not doc 1's quote text: the link is what failed, and the person can ask for a new one (core's
    // snackbar draws on its next render)
    await waitFor(() => alertTexts().length > 0, 'the snackbar');
    assert.deepEqual(alertTexts(), ['This sign-in link has already been used or has expired. Please ask for a new one.']);
    assert.equal(T.linkSpent, MESSAGES.magicLinkInvalid);
    assert.equal(overlayText(), null, 'the loader stops');
    assert.deepEqual(navigations, [], 'the notice is read first');
    await checkA11y(document.querySelector('[data-page-feedback]')!);
    await waitFor(() => navigations.length === 1, 'home');
    assert.deepEqual(navigations, ['/#home']);
    await waitFor(() => !alertTexts().includes(T.linkSpent), 'the snackbar goes after its time');
  });

  it("the check got no answer (offline, a 5xx): doc 1's session retrieval failure, then home", async () => {
    for (const respond of [() => Promise.reject(new TypeError('Failed to fetch')), () => json(503, {})]) {
      stub?.restore();
      api(respond);
      history.replaceState(null, '', '/faq?token=tok_abc');
      const navigations: string[] = [];
      assert.equal(await startTokenCheck(location.href, { navigate: (url) => navigations.push(url), noticeMs: TEST_NOTICE_MS }), 'leaving');
      await waitFor(() => alertTexts().includes(MESSAGES.sessionRetrievalFailed), "doc 1's text");
      assert.deepEqual(alertTexts(), [MESSAGES.sessionRetrievalFailed]);
      await waitFor(() => navigations.length === 1, 'home');
      clearPageFeedback();
    }
  });

  it('on the home page itself: the snackbar and a scroll to the home section, no navigation', async () => {
    api(() => json(401, {}));
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    const home = document.createElement('section');
    home.id = 'home';
    home.textContent = 'Home';
    const after = spacer.cloneNode() as HTMLElement;
    document.body.append(spacer, home, after);
    added.push(spacer, home, after);
    history.replaceState(null, '', '/?token=used');
    const navigations: string[] = [];
    assert.equal(await startTokenCheck(location.href, { navigate: (url) => navigations.push(url), noticeMs: TEST_NOTICE_MS }), 'leaving');
    await waitFor(() => alertTexts().includes(T.linkSpent), 'the snackbar');
    // at the top of the window, below the sticky header (the page's scroll-padding-top)
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    await waitFor(() => Math.abs(home.getBoundingClientRect().top - padding) < 5, 'the home section in view');
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.deepEqual(navigations, [], 'already home: no navigation');
  });

  it('a spent link with a quote in progress: the loader stops, nothing else', async () => {
    api(() => json(401, {}));
    saveWizard(wizardWithSavedQuote(quoteFixture()));
    assert.ok(sessionStorage.getItem(STORAGE_KEY));
    history.replaceState(null, '', '/receive-a-quote?token=used');
    const navigations: string[] = [];
    assert.equal(await startTokenCheck(location.href, { navigate: (url) => navigations.push(url), noticeMs: 50 }), 'failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(alertTexts(), []);
    assert.equal(overlayText(), null);
    assert.deepEqual(navigations, []);
    assert.equal(location.search, '', 'the token is gone all the same');
  });

  it('pages whose own links carry `token` keep it, and nothing is asked', async () => {
    api(() => json(200, sessionAnswer()));
    for (const path of ['/account/documents/abc', '/rollover', '/account/create-password', '/account/sign', '/odometer']) {
      history.replaceState(null, '', `${path}?token=theirs`);
      assert.equal(await startTokenCheck(), 'none', path);
      assert.equal(new URLSearchParams(location.search).get('token'), 'theirs', path);
    }
    assert.equal(stub!.calls.length, 0);
    assert.equal(overlayText(), null);
  });
});
