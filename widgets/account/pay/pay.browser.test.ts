/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TEST_MODE_PUBLISHABLE_KEY } from '../../../contract/api/bind.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { assert, checkA11y, click, getByRole, json, stubApi } from '../../testing/browser.ts';
import { waitFor } from '../../testing/browser.ts';
import { PayPage, type PayPageProps } from './PayPage.tsx';
import { PAY_PAGE_TEXTS as T } from './pay.texts.ts';
import { TEST_AUTHENTICATION_TEXTS as AUTH } from '../../core/test-authentication.tsx';

const TOKEN = 'a'.repeat(64);
const VIEW = {
  policyNumber: 'PPMP-7K2D-Q9XA', title: 'your bill of 04/03/2026', billDate: '2026-04-03',
  lines: [
    { label: 'Miles, car 1: 600 x $0.131', cents: 7860 }, { label: 'Estimated miles already paid, car 1: 500 x $0.131', cents: -6550 },
    { label: 'Base rate, next period, car 1', cents: 16726 }, { label: 'Monthly policy fee', cents: 500 },
  ],
  totalCents: 18536, amountCents: 18536, status: 'due', paidOn: null, card: { brand: 'Visa', last4: '3184' },
  payment: { mode: 'test', publishableKey: TEST_MODE_PUBLISHABLE_KEY }, cancelOn: '2026-04-30',
};

let host: HTMLElement | undefined;
let react: Root | undefined;
let stub: ReturnType<typeof stubApi> | undefined;

function mount(props: PayPageProps = {}): HTMLElement {
  host = document.createElement('main');
  const heading = document.createElement('h1');
  heading.textContent = 'Pay Your Bill';
  const island = document.createElement('div');
  host.append(heading, island);
  document.body.append(host);
  react = createRoot(island);
  react.render(createElement(PayPage, props));
  return host;
}

afterEach(() => {
  stub?.restore();
  stub = undefined;
  react?.unmount();
  react = undefined;
  host?.remove();
  host = undefined;
  history.replaceState(null, '', location.pathname);
  sessionStorage.clear();
});

describe('the bill payment page (/account/pay)', () => {
  it("opened from the e-mailed link: the bill, 'Pay $185.36 with Visa ending 3184', the test mode's 3-D Secure window, then 'Paid' with the date and the notice withdrawn; axe", async () => {
    history.replaceState(null, '', `${location.pathname}?token=${TOKEN}`);
    let authenticated = false;
    stub = stubApi((call) => {
      if (call.url === `/api/bill-payment?token=${TOKEN}`) return json(200, VIEW);
      if (call.url === '/api/bill-payment/pay') return json(200, { outcome: 'requires_action', amountCents: 0, paidOn: null, noticeWithdrawn: false, authentication: { mode: 'test', clientSecret: null } });
      if (call.url === '/api/bill-payment/test_authentication') return (authenticated = true), json(200, { ok: true });
      if (call.url === '/api/bill-payment/settle') {
        return authenticated ? json(200, { outcome: 'paid', amountCents: 18536, paidOn: '2026-04-05', noticeWithdrawn: true }) : json(409, { error_messages: [MESSAGES.billAuthenticationNotFinished] });
      }
      return json(404, { error_messages: ['not stubbed'] });
    });
    const page = mount();
    const pay = await waitFor(() => page.querySelector('button.ppm-button') && getByRole(page, 'button', T.pay('$185.36', 'Visa', '3184')), 'the pay button');
    assert.ok(!location.search.includes(TOKEN), 'the token is taken off the address bar');
    assert.ok(page.textContent!.includes('Base rate, next period, car 1'));
    assert.ok(page.textContent!.includes('April 3, 2026'));
    assert.ok(page.textContent!.includes(T.cancelOn('April 30, 2026')));
    await checkA11y(page);
    await click(pay);
    const complete = await waitFor(() => document.querySelector('dialog[open]') && getByRole(document.querySelector('dialog')!, 'button', AUTH.complete), 'the test authentication window');
    await checkA11y(document.querySelector('dialog')!);
    await click(complete);
    const paid = await waitFor(() => getByRole(page, 'heading', T.paidHeading), "'Paid'");
    assert.ok(paid);
    assert.ok(page.textContent!.includes(T.paid('$185.36', 'April 5, 2026')));
    assert.ok(page.textContent!.includes(T.noticeWithdrawn));
    const posts = stub.calls.filter((call) => call.method === 'POST');
    assert.deepEqual(posts.map((call) => call.url), ['/api/bill-payment/pay', '/api/bill-payment/test_authentication', '/api/bill-payment/settle']);
    assert.deepEqual(posts[1]!.body, { token: TOKEN, result: 'complete' });
    assert.ok(/^[A-Za-z0-9_-]{8,255}$/.test(posts[0]!.headers['idempotency-key'] ?? ''), 'an Idempotency-Key');
    await checkA11y(page);
  });

  it("a declined card: doc 3's text as an alert and the link to replace the card", async () => {
    stub = stubApi((call) => {
      if (call.url.startsWith('/api/bill-payment?')) return json(200, VIEW);
      if (call.url === '/api/bill-payment/pay') return json(402, { error_messages: [MESSAGES.paymentDeclined], error_type: 'card_error' });
      return json(404, { error_messages: ['not stubbed'] });
    });
    const page = mount({ token: TOKEN });
    await click(await waitFor(() => page.querySelector('button.ppm-button') && getByRole(page, 'button', T.pay('$185.36', 'Visa', '3184')), 'the pay button'));
    await waitFor(() => page.querySelector('[role="alert"]')?.textContent?.includes(MESSAGES.paymentDeclined), 'the decline');
    const replace = getByRole(page, 'link', T.replaceCard) as HTMLAnchorElement;
    assert.equal(new URL(replace.href).pathname, '/account/card');
    await checkA11y(page);
  });

  it('an expired or unknown link says so, with the phone number', async () => {
    stub = stubApi(() => json(404, { error_messages: [MESSAGES.billPaymentLinkExpired] }));
    const page = mount({ token: TOKEN });
    const alert = await waitFor(() => page.querySelector('[role="alert"]'), 'the expired link');
    assert.equal(alert.textContent, MESSAGES.billPaymentLinkExpired);
    assert.ok(/\d{3}/.test(alert.textContent!));
    await checkA11y(page);
  });
});
