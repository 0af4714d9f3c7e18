/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CARD_REPLACE_CONSENT, TEST_MODE_PUBLISHABLE_KEY } from '../../../contract/api/bind.ts';
import type { Policy } from '../../../contract/api/policy.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { endSession, startSession } from '../../core/session.ts';
import { assert, checkA11y, click, getByLabel, getByRole, json, stubApi, type, waitFor, type StubbedCall } from '../../testing/browser.ts';
import { CardPage, type CardPageProps } from './CardPage.tsx';
import type { CardState, StripeCard } from '../../quote-wizard/steps/payment/stripe-card.ts';
import { CARD_PAGE_TEXTS as T } from './card.texts.ts';

const POLICY = 'PPMP-7K2D-Q9XA';
const SINCE = '2026-03-02T12:00:00.000Z';
const USER = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' };
const policy: Policy = {
  policyNumber: POLICY, policyStatus: 'ISSUED', policyOwners: [{ relation: 'INSURED', firstName: 'Ada', lastName: 'Lovelace' }],
  addressInfo: [], driverInfo: [], vehicleInfo: [],
};

let host: HTMLElement | undefined;
let react: Root | undefined;
let stub: ReturnType<typeof stubApi> | undefined;

/** The page in the light DOM, as the Astro island draws it (Stripe's fields mount nowhere else). */
function mount(props: CardPageProps = {}): HTMLElement {
  host = document.createElement('main');
  const heading = document.createElement('h1');
  heading.textContent = 'Card for Your Monthly Bill';
  const island = document.createElement('div');
  host.append(heading, island);
  document.body.append(host);
  react = createRoot(island);
  react.render(createElement(CardPage, props));
  return host;
}

/** What the API answers, as the real one does; `replace` answers POST /api/account/card. */
function api(options: { mode?: 'test' | 'stripe'; replace?: (call: StubbedCall) => Response } = {}) {
  const mode = options.mode ?? 'test';
  return stubApi((call) => {
    if (call.url.startsWith('/api/account/card?')) {
      return json(200, { policyNumber: POLICY, billingFrequency: 'monthly', card: { brand: 'Visa', last4: '4242', since: SINCE } });
    }
    if (call.url === '/api/payments/config') return json(200, { mode, publishableKey: mode === 'test' ? TEST_MODE_PUBLISHABLE_KEY : 'pk_test_abc123' });
    if (call.url === '/api/account/card/setup') {
      return json(200, { mode, setupIntentId: 'seti_standin_1', clientSecret: mode === 'test' ? null : 'seti_standin_1_secret_x', publishableKey: 'pk_test_abc123' });
    }
    if (call.url === '/api/account/card' && call.method === 'POST') {
      return options.replace?.(call) ?? json(200, { msg: MESSAGES.cardReplaced, card: { brand: 'Mastercard', last4: '4444', since: '2026-03-09T10:00:00.000Z' } });
    }
    return json(404, { error_messages: ['not stubbed'] });
  });
}

const inForce = (page: HTMLElement) => page.querySelector('.ppm-card-page__card')?.textContent;
const ready = (page: HTMLElement) => waitFor(() => inForce(page) && getByRole(page, 'button', T.submit), 'the card page');

async function typeCard(page: HTMLElement, number: string) {
  await type(getByLabel(document, T.cardNumber), number);
  await type(getByLabel(document, T.cardExpiry), '1230');
  await type(getByLabel(document, T.cardCvc), '123');
  return page;
}

afterEach(() => {
  stub?.restore();
  stub = undefined;
  react?.unmount();
  react = undefined;
  host?.remove();
  host = undefined;
  endSession();
});

describe('the account card page (/account/card)', () => {
  it("shows the card in force, the test-mode notice, the card fields by label and the consent above 'Replace card'; axe", async () => {
    startSession({ user: USER, policies: [policy] });
    stub = api();
    const page = mount();
    await ready(page);
    assert.equal(inForce(page), 'Visa ending 4242');
    assert.ok(page.textContent!.includes(T.testModeTitle));
    for (const label of [T.cardNumber, T.cardExpiry, T.cardCvc]) assert.ok(getByLabel(document, label), label);
    const consent = page.querySelector('.ppm-card-page__consent')!;
    assert.equal(consent.textContent, CARD_REPLACE_CONSENT.monthly);
    const button = getByRole(page, 'button', T.submit);
    assert.ok(consent.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING, 'the consent stands above the button');
    await checkA11y(page);
  });

  it("a test card typed by label and 'Replace card': only a token is sent, and the new 'Mastercard ending 4444' shows", async () => {
    startSession({ user: USER, policies: [policy] });
    stub = api();
    const page = await typeCard(await ready(mount()).then(() => host!), '5555555555554444');
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => inForce(page) === 'Mastercard ending 4444', 'the new card');
    assert.equal(page.querySelector('.ppm-notice--success')?.textContent, T.replaced('Mastercard', '4444'));
    const posts = stub.calls.filter((call) => call.method === 'POST');
    assert.deepEqual(posts.map((call) => call.url), ['/api/account/card/setup', '/api/account/card']);
    assert.deepEqual(posts[0]!.body, { policyNumber: POLICY });
    const sent = posts[1]!.body as Record<string, string>;
    assert.equal(sent.policyNumber, POLICY);
    assert.equal(sent.setupIntentId, 'seti_standin_1');
    assert.equal(sent.cardConsent, CARD_REPLACE_CONSENT.monthly);
    assert.ok(/^tok_[A-Za-z]+$/.test(sent.paymentToken!), `a test token, not ${sent.paymentToken}`);
    assert.ok(!JSON.stringify(stub.calls.map((call) => call.body)).match(/5555|4444|1230|123"/), 'no card number, expiry or CVC leaves the page');
    await checkA11y(page);
  });

  it('a declined card: the spec\'s text as an alert, the card in force unchanged, and what was typed kept', async () => {
    startSession({ user: USER, policies: [policy] });
    stub = api({ replace: () => json(402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' }) });
    await ready(mount());
    const page = await typeCard(host!, '4000000000000002');
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => page.querySelector('[role="alert"]')?.textContent?.includes(MESSAGES.paymentDeclined), 'the refusal');
    assert.equal(inForce(page), 'Visa ending 4242');
    assert.equal(getByLabel(document, T.cardNumber).value, '4000 0000 0000 0002');
    assert.equal(getByLabel(document, T.cardExpiry).value, '12/30');
    assert.equal(getByLabel(document, T.cardCvc).value, '123');
  });

  it("an empty 'Replace card': the summary and each field's message, nothing sent", async () => {
    startSession({ user: USER, policies: [policy] });
    stub = api();
    const page = await ready(mount()).then(() => host!);
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => page.querySelector('.ppm-error-summary'), 'the error summary');
    const links = [...page.querySelectorAll('.ppm-error-summary a')].map((a) => a.textContent);
    assert.deepEqual(links, [`${T.cardNumber}: ${MESSAGES.cardNumber}`, `${T.cardExpiry}: ${MESSAGES.cardExpiry}`, `${T.cardCvc}: ${MESSAGES.cardCvc}`]);
    assert.equal(stub.calls.filter((call) => call.method === 'POST').length, 0);
  });

  it("Stripe mode: the fields are Stripe's, the SetupIntent is confirmed with Stripe.js, and only its id is sent", async () => {
    startSession({ user: USER, policies: [policy] });
    stub = api({ mode: 'stripe' });
    const confirmed: string[] = [];
    let report: ((state: CardState) => void) | undefined;
    const mountCard = async (key: string, containers: Record<string, HTMLElement>, onChange: (state: CardState) => void): Promise<StripeCard> => {
      assert.equal(key, 'pk_test_abc123');
      assert.ok(containers.cardNumber!.isConnected && containers.cardNumber!.getRootNode() === document, 'mounted in the light DOM');
      report = onChange;
      return {
        confirmSetup: async (secret) => (confirmed.push(secret), { setupIntentId: 'seti_standin_1' }),
        tokenize: async () => ({ error: 'not on this page' }), authenticate: async () => ({ error: 'not on this page' }),
        focus: () => undefined, clear: () => undefined, destroy: () => undefined,
      };
    };
    const page = await ready(mount({ mountCard })).then(() => host!);
    await waitFor(() => report, 'Stripe fields mounted');
    report!({ complete: { cardNumber: true, cardExpiry: true, cardCvc: true }, errors: {} });
    await click(getByRole(page, 'button', T.submit));
    await waitFor(() => inForce(page) === 'Mastercard ending 4444', 'the new card');
    assert.deepEqual(confirmed, ['seti_standin_1_secret_x']);
    const sent = stub.calls.find((call) => call.url === '/api/account/card' && call.method === 'POST')!.body as Record<string, unknown>;
    assert.deepEqual(sent, { policyNumber: POLICY, setupIntentId: 'seti_standin_1', cardConsent: CARD_REPLACE_CONSENT.monthly });
  });
});
