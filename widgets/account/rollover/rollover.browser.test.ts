/// <reference types="mocha" />
import type { RolloverResponse } from '../../../contract/api/policy.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, focused, getByRole, json, queryAllByRole, stubApi, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { ROLLOVER_TOKEN_KEY, RolloverPage } from './RolloverPage.tsx';
import { ROLLOVER_TEXTS as T } from './rollover.texts.ts';

const HOME = location.pathname;
const TOKEN = 'renewT0ken_abcdefghijklmnopqrstuvwxyz012345';
const FOUND: RolloverResponse = {
  data: {
    esignature_url: '/account/sign?token=signT0ken_abcdefghijklmnop',
    documents_url: '/account/documents/docsT0ken_abcdefghijklmnop',
    quote_url: '/api/documents/files/renewal-declarations?token=x',
    signed: false,
  },
};

let stub: ReturnType<typeof stubApi> | undefined;
let went: string[] = [];

function mount(path = `/rollover#${TOKEN}`): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Renew Your Policy', RolloverPage, { navigate: (url: string) => went.push(url) });
}

const snackbar = () => document.querySelector<HTMLElement>('.account-snackbar');

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

describe('the rollover page', () => {
  it("takes the identifier off the hash, POSTs it, and shows 'View Quote' (new tab), 'Sign Renewal Application', the documents link and doc 1's sentence; axe", async () => {
    stub = stubApi(() => json(200, FOUND));
    const page = mount(`/rollover?utm_source=mail#${TOKEN}`);
    assert.equal(location.hash, '', 'the hash is gone at once');
    assert.equal(location.search, '?utm_source=mail');
    assert.equal(sessionStorage.getItem(ROLLOVER_TOKEN_KEY), TOKEN);
    const sign = await waitFor(() => queryAllByRole(page, 'link', T.sign)[0] as HTMLAnchorElement | undefined, 'the links');
    assert.equal(stub.calls[0]!.url, '/api/policy/rollover');
    assert.equal(stub.calls[0]!.method, 'POST');
    assert.deepEqual(stub.calls[0]!.body, { token: TOKEN });
    assert.equal(sign.href, new URL(FOUND.data.esignature_url, location.href).href);
    assert.equal(sign.target, '', 'the signature opens here');
    const quote = getByRole<HTMLAnchorElement>(page, 'link', `${T.viewQuote} ${T.newTab}`);
    assert.equal(quote.href, new URL(FOUND.data.quote_url!, location.href).href);
    assert.equal(quote.target, '_blank');
    assert.equal(quote.rel, 'noopener');
    assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.documents).href, new URL(FOUND.data.documents_url, location.href).href);
    assert.ok(page.textContent!.includes('After signing nothing more is needed; odometer requests continue on the usual schedule.'));
    assert.equal(snackbar(), null);
    assert.equal(went.length, 0);
    await checkA11y(page);
  });

  it("no quote_url: no 'View Quote'; a reload of the tab (no hash any more) finds the identifier again", async () => {
    stub = stubApi(() => json(200, { data: { ...FOUND.data, quote_url: null } }));
    let page = mount();
    await waitFor(() => queryAllByRole(page, 'link', T.sign)[0], 'the links');
    assert.equal(queryAllByRole(page, 'link', `${T.viewQuote} ${T.newTab}`).length, 0);
    unmountIslands();
    page = mount('/rollover');
    await waitFor(() => queryAllByRole(page, 'link', T.sign)[0], 'the links after the reload');
    assert.deepEqual(stub.calls[1]!.body, { token: TOKEN });
  });

  it("signed already: says the renewal is signed and asks for nothing more; 'View Quote' and the documents stay", async () => {
    stub = stubApi(() => json(200, { data: { ...FOUND.data, signed: true } }));
    const page = mount();
    await waitFor(() => queryAllByRole(page, 'heading', T.signedTitle)[0], 'the signed renewal');
    assert.equal(queryAllByRole(page, 'link', T.sign).length, 0, 'no way to sign again');
    assert.ok(page.textContent!.includes(T.signedText));
    assert.ok(!page.textContent!.includes(T.intro));
    assert.ok(getByRole(page, 'link', `${T.viewQuote} ${T.newTab}`));
    assert.ok(getByRole(page, 'link', T.documents));
    await checkA11y(page);
  });

  it('without a hash (and nothing kept): home at once, nothing asked', async () => {
    stub = stubApi(() => json(200, FOUND));
    mount('/rollover');
    await waitFor(() => went.length > 0, 'the way home');
    assert.deepEqual(went, ['/']);
    assert.equal(stub.calls.length, 0);
  });

  it("not found, a failure, no answer or a link that cannot be one: doc 1's persistent snackbar word for word and the way home", async () => {
    const cases: [string, () => Response | Promise<Response>][] = [
      [`/rollover#${TOKEN}`, () => json(404, { error_messages: [MESSAGES.rolloverNotFound] })],
      [`/rollover#${TOKEN}`, () => json(500, {})],
      [`/rollover#${TOKEN}`, () => Promise.reject(new TypeError('Failed to fetch'))],
      [`/rollover#${TOKEN}`, () => json(200, { data: { ...FOUND.data, esignature_url: 'javascript:alert(1)' } })],
      ['/rollover#short', () => json(200, FOUND)],
    ];
    for (const [path, respond] of cases) {
      stub = stubApi(respond);
      const page = mount(path);
      const bar = await waitFor(snackbar, `the snackbar for ${path}`);
      assert.equal(bar.getAttribute('role'), 'alert');
      assert.equal(bar.textContent!.replace('×', ''), MESSAGES.rolloverNotFound);
      assert.ok(MESSAGES.rolloverNotFound.includes('information.  Please call Customer Care at 800-400-4128'), 'the two spaces');
      assert.equal(getByRole<HTMLAnchorElement>(page, 'link', T.home).getAttribute('href'), '/');
      assert.equal(queryAllByRole(page, 'link', T.sign).length, 0);
      assert.equal(sessionStorage.getItem(ROLLOVER_TOKEN_KEY), null, 'a dead identifier is not kept');
      await checkA11y(page);
      stub.restore();
      unmountIslands();
    }
    stub = undefined;
  });

  it('the snackbar stays until it is closed; closing it moves the focus to the way home', async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.rolloverNotFound] }));
    const page = mount();
    await waitFor(snackbar, 'the snackbar');
    const started = performance.now();
    await waitFor(() => performance.now() - started > 4000, 'longer than a timed snackbar (3500 ms)', 6000);
    assert.ok(snackbar(), 'still there');
    assert.equal(went.length, 0, 'the person goes home by the link');
    await click(getByRole(page, 'button', T.close));
    assert.equal(snackbar(), null);
    assert.equal(focused(), getByRole(page, 'link', T.home));
  });
});
