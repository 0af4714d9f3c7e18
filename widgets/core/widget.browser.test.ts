/// <reference types="mocha" />
/**
 * Each element's own context (widget.tsx, issue 9 "How it fits the house"): two widgets on one page never
 * show each other's loader or snackbars, their events leave from their own element, and the session is the
 * one thing they share: any 401 signs every widget out at once.
 */
import { MESSAGES } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { CoreHarness } from '../testing/CoreHarness.tsx';
import { assert, checkA11y, click, getByLabel, getByRole, getByText, json, queryAllByRole, stubApi, type, waitFor } from '../testing/browser.ts';
import { signInAda } from '../testing/session-fixture.ts';
import { clearWizard, resumeWizard, saveWizard } from '../quote-wizard/persistence.ts';
import { quoteFixture } from '../quote-wizard/steps/quote/quote.fixture.ts';
import { wizardWithSavedQuote } from '../quote-wizard/steps/quote/saved-quote.ts';
import { QUOTE_TEXTS } from '../quote-wizard/steps/quote/quote.texts.ts';
import { RETRIEVE_QUOTE_TEXTS as RQ } from '../retrieve-quote/retrieve-quote.texts.ts';
import '../quote-wizard/quote-wizard.ts';
import '../retrieve-quote/retrieve-quote.ts';
import { createApiClient } from './api-client.ts';
import { defineElement } from './register.ts';
import { endSession, session } from './session.ts';

const HARNESS = { tag: 'ppm-test-harness', attributes: ['api-base'], properties: [] } as const;
defineElement(HARNESS, CoreHarness, { styles: [] });

let stub: ReturnType<typeof stubApi> | undefined;
const added: HTMLElement[] = [];

function add<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  added.push(element);
  return element;
}

async function shadowOf(element: HTMLElement, ready: string): Promise<ShadowRoot> {
  return waitFor(() => element.shadowRoot?.querySelector(ready) && element.shadowRoot, `<${element.localName}> drawn`);
}

const overlays = (root: ShadowRoot) => root.querySelectorAll('.ppm-overlay').length;
const snackbarTexts = (root: ShadowRoot) => [...root.querySelectorAll('.ppm-snackbar__text')].map((e) => e.textContent);

before(() => {
  // this page arrived by 'navigate': take the wizard's first-load decision now, so a seeded wizard restores
  resumeWizard();
});

afterEach(() => {
  for (const element of added.splice(0)) element.remove();
  stub?.restore();
  stub = undefined;
  endSession();
  clearWizard();
  history.replaceState(null, '', location.pathname);
});

describe('each element has its own widget context', () => {
  it('two elements of one kind: the loader and the snackbar show in the one that asked, never in the other', async () => {
    const first = add(HARNESS.tag as 'div');
    const second = add(HARNESS.tag as 'div');
    const [one, two] = [await shadowOf(first, 'form'), await shadowOf(second, 'form')];
    await click(getByRole(one, 'button', 'Persistent info'));
    await waitFor(() => snackbarTexts(one).includes('Quote Saved Successfully'), "the first element's snackbar");
    await click(getByRole(one, 'button', 'Show loader'));
    await waitFor(() => overlays(one) === 1, "the first element's loader");
    assert.deepEqual(snackbarTexts(two), [], 'no snackbar in the second');
    assert.equal(overlays(two), 0, 'no loader in the second');
    assert.equal(getByRole(one, 'status', /Loading\.\.\./).textContent, 'Loading...');
  });

  it("two retrieve-quote forms on one page: each shows only its own message (no guard needed)", async () => {
    const first = add('ppm-retrieve-quote', { mode: 'inline', 'api-base': 'http://api.test' });
    const second = add('ppm-retrieve-quote', { mode: 'inline', 'api-base': 'http://api.test' });
    const [one, two] = [await shadowOf(first, 'form'), await shadowOf(second, 'form')];
    await click(getByRole(two, 'button', RQ.submitInline));
    await waitFor(() => snackbarTexts(two).includes(RQ.missingFields), "the second form's snackbar");
    assert.deepEqual(snackbarTexts(one), [], 'nothing in the first');
    assert.equal(queryAllByRole(one, 'alert').length, 0);
    await checkA11y(second);
  });

  it('the wizard and retrieve-quote: the wizard\'s loader stays in the wizard, the form\'s snackbar and error in the form', async () => {
    stub = stubApi((call) => (call.url.endsWith('/api/policy/lookup_quote') ? new Promise<Response>(() => undefined) : json(404, { error_messages: ['not found'] })));
    const retrieve = add('ppm-retrieve-quote', { mode: 'inline', 'api-base': 'http://api.test', 'quote-url': '/receive-a-quote' });
    const form = await shadowOf(retrieve, 'form');
    await click(getByRole(form, 'button', RQ.submitInline));
    await waitFor(() => snackbarTexts(form).includes(RQ.missingFields), "the form's snackbar");
    // a saved quote asked for in the address: the wizard looks it up under its 'Loading...' overlay
    history.replaceState(null, '', `${location.pathname}?email=ada%40example.com&dob=1980-01-15&zipcode=85004`);
    const wizard = add('ppm-quote-wizard', { 'api-base': 'http://api.test' });
    const shell = await shadowOf(wizard, '.ppm-wizard');
    await waitFor(() => overlays(shell) === 1, "the wizard's loader");
    assert.equal(overlays(form), 0, 'no loader over the retrieve form');
    assert.deepEqual(snackbarTexts(shell), [], "the form's snackbar is not the wizard's");
    assert.ok(snackbarTexts(form).includes(RQ.missingFields));
  });

  it('events leave from the element itself', async () => {
    stub = stubApi(() => json(404, { error_messages: ['We were unable to locate your quote using that information.'] }));
    const element = add('ppm-retrieve-quote', { mode: 'inline', 'api-base': 'http://api.test' });
    const root = await shadowOf(element, 'form');
    const heard: Event[] = [];
    element.addEventListener('ppm-error', (event) => heard.push(event));
    await type(getByLabel(root, RQ.email), 'ada@example.com');
    await type(getByLabel(root, RQ.dateOfBirth), '03271980');
    await type(getByLabel(root, RQ.zipcode), '85004');
    await click(getByRole(root, 'button', RQ.submitInline));
    await waitFor(() => heard.length === 1, 'ppm-error');
    assert.equal(heard[0]!.target, element, 'dispatched on the host element');
    assert.deepEqual((heard[0] as CustomEvent).detail, { widget: 'ppm-retrieve-quote', status: 404, message: RQ.notFound });
  });
});

describe('the session is page-wide: any 401 signs out every widget', () => {
  it('signed in, two widgets show it; a 401 on any call redraws both signed out and tells the page', async () => {
    stub = stubApi((call) => (call.url.endsWith('/api/contact/subscribe') ? json(401, { error_messages: [MESSAGES.signInRequired] }) : json(404, {})));
    saveWizard({ ...wizardWithSavedQuote(quoteFixture()) });
    signInAda();
    const harness = add(HARNESS.tag as 'div');
    const wizard = add('ppm-quote-wizard', { 'api-base': 'http://api.test' });
    const bench = await shadowOf(harness, 'form');
    const shell = await shadowOf(wizard, '.ppm-quote__actions');
    assert.ok(getByText(bench, 'Signed in as Ada'));
    assert.ok(getByRole(shell, 'button', QUOTE_TEXTS.save), 'Save My Quote while signed in');
    let loggedOut = 0;
    const count = () => loggedOut++;
    window.addEventListener('ppm-logout', count);
    try {
      // any call of any client on the page: here a third one, neither widget's
      const result = await createApiClient('http://api.test').call(endpoints.subscribe, {
        userFirstName: 'Ann', userLastName: 'Lee', userEmailAddress: 'ann@example.com', userState: 'CA',
      });
      assert.equal(result.status, 401);
      await waitFor(() => getByText(bench, 'Signed out'), 'the harness signed out');
      await waitFor(() => queryAllByRole(shell, 'button', QUOTE_TEXTS.save).length === 0, 'Save My Quote gone');
      assert.equal(session.value.status, 'empty');
      assert.equal(session.value.user, null);
      assert.equal(loggedOut, 1, 'ppm-logout on window');
    } finally {
      window.removeEventListener('ppm-logout', count);
    }
  });
});
