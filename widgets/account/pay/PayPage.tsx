import { useEffect, useRef, useState } from 'react';
import { formatCents } from '../../../contract/reference/fees.ts';
import { PAGES } from '../../../contract/pages.ts';
import { billPay, billPaySettle, billPaymentView, billTestAuthentication } from '../../../contract/api/endpoints/bill-payment.ts';
import type { BillPaymentAnswer, BillPaymentView } from '../../../contract/api/bill-payment.ts';
import { newIdempotencyKey } from '../../core/idempotency-key.ts';
import { Modal } from '../../core/modal.tsx';
import { useTestAuthentication } from '../../core/test-authentication.tsx';
import { Overlay } from '../../core/overlay.tsx';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { payPageStyles } from './pay.styles.ts';
import { PAY_PAGE_TEXTS, type PayPageTexts } from './pay.texts.ts';

/**
 * The bill payment page, /account/pay?token= (issue 21): opened from the failed-payment e-mail and text, it
 * shows the bill (what it is for, its date, its lines, its total) and pays it with the card on file, the
 * bank's 3-D Secure check on our page. An island of our site in the light DOM (Stripe.js shows the bank's
 * page over it).
 *
 * - The token is taken off the address bar first and kept for this tab (a redirect back from the bank finds it).
 * - GET /api/bill-payment; 'Pay $X with Visa ending 4242': POST /api/bill-payment/pay with an Idempotency-Key
 *   (one per try, kept until the try has an answer); `requires_action`: Stripe.js's handleNextAction with the
 *   client secret, or the test mode's window (the purchase's: Complete or Fail, POST
 *   /api/bill-payment/test_authentication); then POST /api/bill-payment/settle.
 * - Paid: 'Paid' with the date, and the notice of cancellation withdrawn if there was one. A decline: doc 3's
 *   text and the link to replace the card. An expired or unknown link: says so, with the phone number.
 */
export interface PayPageProps {
  /** Origin of the API; default same-origin. */
  apiBase?: string;
  /** Replacement texts, merged over PAY_PAGE_TEXTS. */
  texts?: Partial<PayPageTexts>;
  /** The link's token; default read from the address bar (then from this tab's storage). */
  token?: string;
  /** The bank's check with Stripe (tests pass their own); default Stripe.js's handleNextAction. */
  stripeNextAction?: (publishableKey: string, clientSecret: string) => Promise<{ ok: true } | { error: string }>;
}

const PAY_PAGE_WIDGET = 'ppm-account-pay';
const STORED_TOKEN = 'ppm-pay-token';

/** The link's token: from the address bar (then removed from it and kept for this tab), or kept before. */
function takeToken(): string | null {
  try {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    if (token) {
      sessionStorage.setItem(STORED_TOKEN, token);
      url.searchParams.delete('token');
      history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
      return token;
    }
    return sessionStorage.getItem(STORED_TOKEN);
  } catch {
    return null;
  }
}

function longDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00`);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

type Page =
  | { kind: 'loading' }
  | { kind: 'expired'; message: string }
  | { kind: 'ready'; view: BillPaymentView }
  | { kind: 'paid'; view: BillPaymentView; answer: BillPaymentAnswer };

type Failure = { messages: string[]; declined: boolean } | null;

function PayPageView({ texts: overrides, token: given, stripeNextAction }: PayPageProps) {
  const T = { ...PAY_PAGE_TEXTS, ...overrides };
  const widget = useWidget();
  const { api, rootRef, reportError } = widget;
  useAdoptedStyles(rootRef, payPageStyles);
  const [page, setPage] = useState<Page>({ kind: 'loading' });
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);
  const testAuthentication = useTestAuthentication({ closeLabel: T.close, actionsClass: 'ppm-pay-page__actions' });
  const token = useRef<string | null>(null);
  const key = useRef<string | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    let alive = true;
    token.current = given ?? takeToken();
    void (async () => {
      if (!token.current) return setPage({ kind: 'expired', message: T.linkExpired });
      const found = await api.call(billPaymentView, null, { query: { token: token.current } });
      if (!alive) return;
      if (!found.ok) return setPage({ kind: 'expired', message: found.status === 404 || found.status === 400 ? T.linkExpired : (found.messages[0] ?? T.callUs) });
      setPage({ kind: 'ready', view: found.data });
    })();
    return () => {
      alive = false;
    };
  }, [api]);

  /** The bank's check: Stripe.js's page, or the test window. False when the test window was closed. */
  async function authenticate(view: BillPaymentView, answer: BillPaymentAnswer): Promise<boolean> {
    const auth = answer.authentication;
    if (auth?.mode === 'stripe') {
      if (!auth.clientSecret) return false;
      const run = stripeNextAction ?? (await import('./stripe-next-action.ts')).handleNextActionWithStripe;
      await run(view.payment.publishableKey, auth.clientSecret);
      return true;
    }
    widget.hideLoader();
    const choice = await testAuthentication.ask();
    if (!choice) return false;
    widget.showLoader(T.paying);
    await api.call(billTestAuthentication, { token: token.current!, result: choice });
    return true;
  }

  async function onPay() {
    if (sending.current || page.kind !== 'ready' || !token.current) return;
    const view = page.view;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    widget.showLoader(T.paying);
    try {
      key.current ??= newIdempotencyKey();
      let result = await api.call(billPay, { token: token.current }, { headers: { 'Idempotency-Key': key.current } });
      for (let round = 0; round < 3; round++) {
        if (!result.ok || result.data.outcome !== 'requires_action') break;
        if (!(await authenticate(view, result.data))) {
          key.current = null;
          setFailure({ messages: [T.authNotFinished], declined: false });
          return;
        }
        result = await api.call(billPaySettle, { token: token.current });
      }
      if (result.ok && result.data.outcome === 'paid') {
        key.current = null;
        setPage({ kind: 'paid', view, answer: result.data });
        return;
      }
      // an answer (a decline, a refusal) ends this try: the next press is a new one
      if (result.status !== 0 && result.status < 500) key.current = null;
      const messages = !result.ok && result.messages.length ? result.messages : [T.callUs];
      setFailure({ messages, declined: result.status === 402 });
      reportError(result.status, messages[0]!, PAY_PAGE_WIDGET);
    } finally {
      widget.hideLoader();
      sending.current = false;
      setBusy(false);
    }
  }

  const shell = (children: React.ReactNode) => (
    <div ref={rootRef} className="ppm-root ppm-pay-page">
      {children}
      <Overlay />
    </div>
  );

  // Keyed apart: the notice is a new paragraph, not the loading line restyled, which the browser counts as a
  // layout shift of its text by the notice's padding (CLS 0, test/e2e/layout-shift.e2e.test.ts).
  if (page.kind === 'loading') return shell(<p key="loading" role="status">{T.loading}</p>);
  if (page.kind === 'expired') {
    return shell(
      <p key="expired" className="ppm-notice ppm-notice--danger" role="alert">
        {page.message}
      </p>,
    );
  }

  const { view } = page;
  const amount = formatCents(view.amountCents);
  const billSection = (
    <section className="ppm-pay-page__bill" aria-labelledby="ppm-pay-bill">
      <h2 id="ppm-pay-bill">{T.heading(view.title)}</h2>
      <dl className="ppm-pay-page__facts">
        <dt>{T.policy}</dt>
        <dd>{view.policyNumber}</dd>
        <dt>{T.billDate}</dt>
        <dd>{longDate(view.billDate)}</dd>
        <dt>{T.amountDue}</dt>
        <dd>{amount}</dd>
      </dl>
      <table>
        <caption>{T.linesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.line}</th>
            <th scope="col">{T.amount}</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.label}</td>
              <td>{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.total}</th>
            <td>{formatCents(view.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );

  if (page.kind === 'paid') {
    return shell(
      <>
        <section className="ppm-pay-page__paid ppm-notice ppm-notice--success" role="status" aria-labelledby="ppm-pay-paid">
          <h2 id="ppm-pay-paid">{T.paidHeading}</h2>
          <p>{T.paid(formatCents(page.answer.amountCents), longDate(page.answer.paidOn ?? view.billDate))}</p>
          {page.answer.noticeWithdrawn && <p>{T.noticeWithdrawn}</p>}
        </section>
        {billSection}
        <p>
          <a href={PAGES.account}>{T.account}</a>
        </p>
      </>,
    );
  }

  const card = view.card;
  return shell(
    <>
      {view.status === 'due' && view.payment.mode === 'test' && (
        <div className="ppm-notice ppm-pay-page__test" role="note">
          <p className="ppm-pay-page__test-title">{T.testModeTitle}</p>
          <p>{T.testModeBody}</p>
        </div>
      )}
      {billSection}
      {view.status === 'paid' && <p className="ppm-notice ppm-notice--success">{T.alreadyPaid(longDate(view.paidOn ?? view.billDate))}</p>}
      {view.status === 'not-payable' && <p className="ppm-notice ppm-notice--info">{T.notPayable}</p>}
      {view.status === 'due' && view.cancelOn && <p className="ppm-notice ppm-notice--info">{T.cancelOn(longDate(view.cancelOn))}</p>}
      {view.status === 'due' && !card && <p className="ppm-notice ppm-notice--info">{T.noCard}</p>}
      {failure && (
        <div className="ppm-notice ppm-notice--danger ppm-pay-page__failure" role="alert">
          <p className="ppm-pay-page__failure-title">{T.failedHeading}</p>
          {failure.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {failure.declined && <p>{T.replaceCardLead}</p>}
        </div>
      )}
      {view.status === 'due' && card && (
        <div className="ppm-pay-page__actions">
          <button type="button" className="ppm-button" aria-disabled={busy || undefined} onClick={() => void onPay()}>
            {T.pay(amount, card.brand, card.last4)}
          </button>
          {failure?.declined && (
            <a className="ppm-button ppm-button--secondary" href={PAGES.card}>
              {T.replaceCard}
            </a>
          )}
        </div>
      )}
      {testAuthentication.window}
    </>,
  );
}

/** The page with its own widget context (widget.tsx): its API client, loader and events. */
export const PayPage = scoped<PayPageProps>(PAY_PAGE_WIDGET, PayPageView);
