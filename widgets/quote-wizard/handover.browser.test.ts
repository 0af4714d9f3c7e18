/// <reference types="mocha" />
import { createElement } from 'react';
import { MESSAGES, TEST_MODE_PUBLISHABLE_KEY } from '../../contract/index.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, json, stubApi, type, waitFor, type StubbedCall,
  TEST_NOTICE_MS,
} from '../testing/browser.ts';
import { PAYMENT_TEXTS } from './steps/payment/payment.texts.ts';
import { renderWidget, type RenderedWidget } from '../testing/render.ts';
import { QuoteWizard, type QuoteWizardProps } from './QuoteWizard.tsx';
import { HANDOVER_PARAM, handoverSnapshot } from './handover.ts';
import { clearWizard, resumeWizard, STORAGE_KEY } from './persistence.ts';
import './quote-wizard.ts';
import { quoteFixture, quoteRequestFixture } from './steps/quote/quote.fixture.ts';
import { wizardWithSavedQuote } from './steps/quote/saved-quote.ts';

let rendered: RenderedWidget | undefined;
let stub: ReturnType<typeof stubApi> | undefined;
let navigations: string[] = [];
const TOKEN = 'b'.repeat(64);
const BOUND = {
  policies: [{ policyNumber: 'PPMP-0000-0001', binderNumber: 'PPMB-0000-0001', emailAddress: 'ada@example.com', policyOwners: [] }],
  amountChargedCents: 12345, billingFrequency: 'monthly', purchaseToken: 'pt_handover_test',
};

const heading = (root: ShadowRoot) => root.querySelector('.ppm-wizard__heading')?.textContent?.replace(/^Step \d of \d: /, '');
const callsTo = (path: string) => stub!.calls.filter((call) => call.url === `http://api.test${path}`);

async function mount(props: QuoteWizardProps): Promise<ShadowRoot> {
  rendered = await renderWidget(
    createElement(QuoteWizard, {
      apiBase: 'http://api.test',
      siteUrl: 'http://site.test',
      scrollDelayMs: 0,
      homeNoticeMs: TEST_NOTICE_MS,
      navigate: (url: string) => navigations.push(url),
      ...props,
    }),
    (root) => root.querySelector('form') ?? root.querySelector('[role="alert"]'),
    { tag: 'ppm-quote-wizard', apiBase: 'http://api.test', what: 'the wizard' },
  );
  return rendered.root;
}

function storedKeys(): string[] {
  return [...Array(sessionStorage.length).keys()].map((i) => sessionStorage.key(i)!).filter((key) => key.startsWith(STORAGE_KEY));
}

before(() => {
  resumeWizard();
});

beforeEach(() => {
  clearWizard();
  navigations = [];
  history.replaceState(null, '', location.pathname);
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  stub?.restore();
  stub = undefined;
  clearWizard();
  history.replaceState(null, '', location.pathname);
});

describe('the hand-over from another origin', () => {
  it("on a dealer's page: nothing in the host's storage, and Purchase Now hands over to our site by POST", async () => {
    const quote = quoteFixture();
    stub = stubApi((call: StubbedCall) => {
      if (call.url.endsWith('/api/policy/redeem_quote_link')) return json(200, quote);
      if (call.url.endsWith('/api/policy/handover')) return json(200, { token: TOKEN, quoteNumber: quote.policies[0]!.policyNumber });
      return json(404, { error_messages: ['not stubbed'] });
    });
    // the quote arrives as the e-mail's link would bring it (memory only: no resume off our origin)
    history.replaceState(null, '', `${location.pathname}?retrieve=${'c'.repeat(64)}`);
    const root = await mount({});
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    assert.deepEqual(storedKeys(), [], 'no answers in the host origin’s sessionStorage');

    await click(getByRole(root, 'button', 'Purchase Now'));
    await waitFor(() => navigations.length === 1, 'the hand-over navigation');
    const url = new URL(navigations[0]!);
    assert.equal(`${url.origin}${url.pathname}`, 'http://site.test/receive-a-quote');
    assert.deepEqual([...url.searchParams], [[HANDOVER_PARAM, TOKEN]], 'only the token in the URL');
    const [call] = callsTo('/api/policy/handover');
    const body = call!.body as Record<string, unknown>;
    const request = quoteRequestFixture();
    assert.equal(body.quoteNumber, quote.policies[0]!.policyNumber);
    assert.equal(body.dob, request.drivers[0]!.dob);
    assert.equal(body.zip, request.addresses[0]!.zip);
    const wizard = body.wizard as Record<string, unknown>;
    assert.equal(wizard.quoteResponse, null, 'the quote itself stays on the server');
    assert.ok((wizard.info as Record<string, string>).firstName, 'the answers travel');
    assert.deepEqual(storedKeys(), []);
  });

  it('off our origin the payment step is never shown: a refused hand-over stays on step 5 with the call-us message', async () => {
    stub = stubApi((call: StubbedCall) => {
      if (call.url.endsWith('/api/policy/redeem_quote_link')) return json(200, quoteFixture());
      if (call.url.endsWith('/api/policy/handover')) return json(503, { error_messages: ['unavailable'] });
      return json(404, { error_messages: ['not stubbed'] });
    });
    history.replaceState(null, '', `${location.pathname}?retrieve=${'c'.repeat(64)}`);
    const root = await mount({});
    await waitFor(() => heading(root) === 'Your Quote', 'step 5');
    // whatever is drawn from here on, at any moment, is never the payment step
    let paymentDrawn = false;
    const watch = new MutationObserver(() => {
      if (heading(root) === 'Payment' || root.querySelector('[part~="payment"]')) paymentDrawn = true;
    });
    watch.observe(root, { childList: true, subtree: true, characterData: true });

    await click(getByRole(root, 'button', 'Purchase Now'));
    await waitFor(() => rendered!.widget.snackbars.value.some((s) => s.kind === 'danger' && s.text === MESSAGES.callUs), 'the call-us message');
    watch.disconnect();
    assert.equal(callsTo('/api/policy/handover').length, 1, 'the hand-over was asked for');
    assert.equal(paymentDrawn, false);
    assert.equal(heading(root), 'Your Quote');
    assert.equal(rendered!.widget.loader.value, null);
    assert.deepEqual(navigations, []);
    assert.deepEqual(storedKeys(), []);
  });

  it('on our site: ?handover= leaves the address bar, is redeemed once, and opens step 6 with the answers and the attribution', async () => {
    const quote = quoteFixture();
    const answers = { ...handoverSnapshot(wizardWithSavedQuote(quote)), attribution: { dealer: 'AZ01', agencyCode: 'AZ01-1' } };
    stub = stubApi((call: StubbedCall) => {
      if (call.url.endsWith('/api/policy/redeem_handover')) {
        return json(200, { quoteNumber: quote.policies[0]!.policyNumber, wizard: answers, quote, quoteRequest: quoteRequestFixture() });
      }
      if (call.url.endsWith('/api/payments/config')) return json(200, { mode: 'test', publishableKey: TEST_MODE_PUBLISHABLE_KEY });
      if (call.url.endsWith('/api/policy/bind')) return json(200, BOUND);
      return json(404, { error_messages: ['not stubbed'] });
    });
    history.replaceState(null, '', `${location.pathname}?${HANDOVER_PARAM}=${TOKEN}&utm_source=dealer`);
    const root = await mount({ offOrigin: false });
    assert.equal(location.search, '?utm_source=dealer', 'the token left the address bar before anything else');
    await waitFor(() => heading(root) === 'Payment', 'step 6');
    const calls = callsTo('/api/policy/redeem_handover');
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0]!.body, { token: TOKEN });
    // our own site keeps the answers for a reload, with the dealer's attribution
    await waitFor(() => storedKeys().length === 1, 'saved for this tab');
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as { state: { attribution: { dealer: string }; step: number } };
    assert.equal(saved.state.attribution.dealer, 'AZ01');
    assert.equal(saved.state.step, 6);

    // paying there: the host page hears ppm-purchase once, with numbers and no personal data
    const purchases: CustomEvent[] = [];
    rendered!.host.addEventListener('ppm-purchase', (event) => purchases.push(event as CustomEvent));
    const label = (text: string) => {
      try {
        return getByLabel(root, text);
      } catch {
        return null; // the payment step's code is still loading
      }
    };
    await type(await waitFor(() => label(PAYMENT_TEXTS.nameOnCard), 'the card form'), 'Ada Lovelace');
    await type(getByLabel(root, PAYMENT_TEXTS.cardNumber), '4242424242424242');
    await type(getByLabel(root, PAYMENT_TEXTS.cardExpiry), '1234');
    await type(getByLabel(root, PAYMENT_TEXTS.cardCvc), '123');
    await click(getByRole(root, 'button', PAYMENT_TEXTS.submit));
    await waitFor(() => purchases.length === 1, 'ppm-purchase');
    assert.deepEqual(purchases[0]!.detail, {
      policyNumber: BOUND.policies[0]!.policyNumber,
      binderNumber: BOUND.policies[0]!.binderNumber,
      quoteNumber: quote.policies[0]!.policyNumber,
      billingFrequency: 'monthly',
      amount: 123.45, // what the bind answered it charged, not recomputed from the quote
    });
  });

  it("arriving by a hand-over, focus is on step 6's heading, as on every other step, not on the page's body (issue 23)", async () => {
    const quote = quoteFixture();
    stub = stubApi((call: StubbedCall) => {
      if (call.url.endsWith('/api/policy/redeem_handover')) {
        return json(200, { quoteNumber: quote.policies[0]!.policyNumber, wizard: handoverSnapshot(wizardWithSavedQuote(quote)), quote, quoteRequest: quoteRequestFixture() });
      }
      if (call.url.endsWith('/api/payments/config')) return json(200, { mode: 'test', publishableKey: TEST_MODE_PUBLISHABLE_KEY });
      return json(404, { error_messages: ['not stubbed'] });
    });
    (document.activeElement as HTMLElement | null)?.blur();
    history.replaceState(null, '', `${location.pathname}?${HANDOVER_PARAM}=${TOKEN}`);
    const root = await mount({ offOrigin: false });
    await waitFor(() => heading(root) === 'Payment', 'step 6');
    const stepHeading = root.querySelector('.ppm-wizard__heading');
    await waitFor(() => focused() === stepHeading, "focus on step 6's heading");
    await checkA11y(rendered!.host);
  });

  it('a spent or expired hand-over gets a clear page with the phone and a way to retrieve the quote, never a blank wizard', async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.handoverNotFound] }));
    history.replaceState(null, '', `${location.pathname}?${HANDOVER_PARAM}=${TOKEN}`);
    const root = await mount({ offOrigin: false });
    const alert = await waitFor(() => root.querySelector<HTMLElement>('.ppm-wizard__lost'), 'the page that says so');
    assert.ok(alert.textContent!.includes(MESSAGES.handoverNotFound));
    const retrieve = getByRole<HTMLAnchorElement>(root, 'link', 'Retrieve my quote');
    assert.equal(retrieve.getAttribute('href'), 'http://site.test/search-for-my-quote');
    assert.ok(root.querySelector('a[href^="tel:"]'), 'the phone number');
    assert.equal(root.querySelector('form'), null);
    await checkA11y(rendered!.host);
  });
});
