import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CARD_REPLACE_CONSENT } from '../../../contract/api/bind.ts';
import { paymentsConfig } from '../../../contract/api/endpoints/purchase.ts';
import { cardSetup, paymentCard, replaceCard } from '../../../contract/api/endpoints/payment-card.ts';
import type { CardSetupAnswer, KeptCardView, PaymentCardAnswer } from '../../../contract/api/payment-card.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { MaskedField } from '../../core/fields/MaskedField.tsx';
import { useForm, type Rules } from '../../core/form.ts';
import { Overlay } from '../../core/overlay.tsx';
import { whenPolicySelected } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { cardRules, testTokenFor } from '../../quote-wizard/steps/payment/card-logic.ts';
import { useStripeFields, type MountCard } from '../../quote-wizard/steps/payment/StripeFields.tsx';
import { cardPageStyles } from './card.styles.ts';
import { CARD_PAGE_TEXTS, type CardPageTexts } from './card.texts.ts';

/**
 * The account's card page, /account/card (issue 19 deliverable 6): the card kept for the monthly bill
 * ('Visa ending 4242'), and 'Replace card' through a SetupIntent on our own origin. An island of our site
 * in the light DOM, because Stripe.js mounts its fields nowhere else (DESIGN.md "Embedding").
 *
 * - GET /api/account/card for the selected policy; GET /api/payments/config for the card form's mode.
 * - Replace card: POST /api/account/card/setup (once, kept for the next tries until a card is saved), then
 *   with Stripe, Stripe.js's confirmCardSetup with the payment step's card fields (stripe-card.ts) and POST
 *   /api/account/card with the SetupIntent's id; in test mode, the payment step's test card fields and rules
 *   (card-logic.ts) and POST /api/account/card with the test token only. No card number leaves the page
 *   except into Stripe's own fields.
 * - The consent words above the button are the contract's, for the policy's billing frequency, and are sent
 *   with the card: the server stores them.
 * - A failed call keeps everything typed; the refusal's words show above the button (role alert).
 */
export interface CardPageProps {
  /** Origin of the API; default same-origin. */
  apiBase?: string;
  /** Replacement texts, merged over CARD_PAGE_TEXTS. */
  texts?: Partial<CardPageTexts>;
  /** Mounts Stripe's fields (tests pass their own); default the payment step's stripe-card.ts, loaded only in Stripe mode. */
  mountCard?: MountCard;
}

/** The widget's name in its ppm-error events (an island of our site, not an embeddable element). */
const CARD_PAGE_WIDGET = 'ppm-account-card';

type CardValues = {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};
const EMPTY: CardValues = { cardNumber: '', cardExpiry: '', cardCvc: '' };

type Page =
  | { kind: 'loading' }
  | { kind: 'no-policy'; several: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; answer: PaymentCardAnswer; mode: 'stripe' | 'test' | 'unavailable'; publishableKey: string };

type Status = { kind: 'success'; text: string } | { kind: 'danger'; messages: string[] } | null;

function sinceInWords(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

function CardPageView({ texts: overrides, mountCard }: CardPageProps) {
  const T = { ...CARD_PAGE_TEXTS, ...overrides };
  const widget = useWidget();
  const { api, rootRef, reportError } = widget;
  useAdoptedStyles(rootRef, cardPageStyles);
  const [page, setPage] = useState<Page>({ kind: 'loading' });
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const sending = useRef(false);
  /** The SetupIntent of this visit: another card after a decline is tried on the same one, as Stripe allows. */
  const setup = useRef<CardSetupAnswer | null>(null);

  const testMode = page.kind === 'ready' && page.mode === 'test';
  const rules = useMemo(() => (testMode ? cardRules() : {}) as Rules<CardValues>, [testMode]);
  const form = useForm<CardValues>('ppm-card', rules, EMPTY);


  // once the signed-in session selects a policy, not on the first answer (widgets/core/session.ts whenPolicySelected)
  useEffect(() => {
    let alive = true;
    async function load(policyNumber: string) {
      const [card, config] = await Promise.all([
        api.call(paymentCard, null, { query: { policyNumber } }),
        api.call(paymentsConfig),
      ]);
      if (!alive) return;
      if (!card.ok) return setPage({ kind: 'failed', message: card.messages[0] ?? T.callUs });
      setPage({
        kind: 'ready', answer: card.data, mode: config.ok ? config.data.mode : 'unavailable', publishableKey: config.ok ? config.data.publishableKey : '',
      });
    }
    const stop = whenPolicySelected({
      policy: (policyNumber) => void load(policyNumber),
      noPolicy: (several) => setPage({ kind: 'no-policy', several }),
      failed: () => setPage({ kind: 'failed', message: T.callUs }),
    });
    return () => {
      alive = false;
      stop();
    };
  }, [api]);

  // Stripe Elements, when the server saves cards through Stripe
  const stripeMode = page.kind === 'ready' && page.mode === 'stripe' && page.answer.card !== null;
  const stripe = useStripeFields({
    publishableKey: stripeMode ? page.publishableKey : null,
    mount: mountCard,
    onFailed: () => setPage((p) => (p.kind === 'ready' ? { ...p, mode: 'unavailable' } : p)),
  });
  const stripeCard = stripe.card;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || page.kind !== 'ready' || page.mode === 'unavailable' || !page.answer.card) return;
    const values = form.validate();
    if (!values) return;
    if (!testMode && !stripe.validate()) return;
    const policyNumber = page.answer.policyNumber;
    sending.current = true;
    setBusy(true);
    setStatus(null);
    widget.showLoader(T.saving);
    try {
      const fail = (status: number, messages: string[]) => {
        const shown = messages.length ? messages : [T.callUs];
        setStatus({ kind: 'danger', messages: shown });
        reportError(status, shown[0]!, CARD_PAGE_WIDGET);
      };
      let token: string | undefined;
      if (testMode) {
        token = testTokenFor(values.cardNumber) ?? undefined;
        if (!token) return fail(0, [T.cardNumberRequired]);
      }
      if (!setup.current) {
        const made = await api.call(cardSetup, { policyNumber });
        if (!made.ok) return fail(made.status, made.messages);
        setup.current = made.data;
      }
      const current = setup.current;
      if (!testMode) {
        const mounted = stripeCard.current;
        if (!mounted || !current.clientSecret) return fail(0, [T.cardUnavailable]);
        const confirmed = await mounted.confirmSetup(current.clientSecret);
        if ('error' in confirmed) return fail(402, [confirmed.error || T.callUs]);
      }
      const result = await api.call(replaceCard, {
        policyNumber,
        setupIntentId: current.setupIntentId,
        ...(token ? { paymentToken: token } : {}),
        cardConsent: CARD_REPLACE_CONSENT[page.answer.billingFrequency],
      });
      if (!result.ok) {
        // a SetupIntent that is not this policy's (or not finished): the next press makes a new one
        if (result.status === 409) setup.current = null;
        return fail(result.status, result.messages);
      }
      setup.current = null;
      const card: KeptCardView = result.data.card;
      setPage({ ...page, answer: { ...page.answer, card } });
      form.reset();
      stripeCard.current?.clear();
      setStatus({ kind: 'success', text: T.replaced(card.brand, card.last4) });
    } finally {
      widget.hideLoader();
      sending.current = false;
      setBusy(false);
    }
  }

  if (page.kind === 'loading') {
    return (
      <div ref={rootRef} className="ppm-root ppm-card-page">
        <p role="status">{T.loading}</p>
      </div>
    );
  }
  if (page.kind === 'no-policy' || page.kind === 'failed') {
    return (
      <div ref={rootRef} className="ppm-root ppm-card-page">
        <p className={`ppm-notice ${page.kind === 'failed' ? 'ppm-notice--danger' : 'ppm-notice--info'}`} role={page.kind === 'failed' ? 'alert' : undefined}>
          {page.kind === 'failed' ? page.message : page.several ? T.choosePolicy : T.noPolicy}
        </p>
        <p>
          <a className="ppm-button" href={page.kind === 'no-policy' && page.several ? '/account/multiple-policies' : '/account'}>
            {page.kind === 'no-policy' && page.several ? T.choosePolicyLink : T.accountLink}
          </a>
        </p>
      </div>
    );
  }

  const { answer } = page;
  const card = answer.card;
  return (
    <div ref={rootRef} className="ppm-root ppm-card-page">
      <section className="ppm-card-page__current" aria-labelledby="ppm-card-current">
        <h2 id="ppm-card-current">{T.inForceHeading}</h2>
        <dl>
          <dt className="ppm-card-page__policy">{T.policy}</dt>
          <dd>{answer.policyNumber}</dd>
        </dl>
        {card ? (
          <>
            <p className="ppm-card-page__card" data-testid="card-in-force">
              {T.inForce(card.brand, card.last4)}
            </p>
            <p>{T.since(sinceInWords(card.since))}</p>
            <p>{T.usedFor}</p>
          </>
        ) : (
          <p className="ppm-notice ppm-notice--info">{T.noCard}</p>
        )}
      </section>

      {card && (
        <form ref={setFormElement} className="ppm-card-page__form" noValidate aria-busy={busy} onSubmit={onSubmit} aria-labelledby="ppm-card-replace">
          <h2 id="ppm-card-replace">{T.replaceHeading}</h2>
          <ErrorSummary scope={formElement} resetKey={0} headingLevel={3} />
          {testMode && (
            <div className="ppm-notice ppm-card-page__test" role="note">
              <p className="ppm-card-page__test-title">{T.testModeTitle}</p>
              <p>{T.testModeBody}</p>
            </div>
          )}
          {page.mode === 'unavailable' && <p className="ppm-notice ppm-notice--danger">{T.cardUnavailable}</p>}
          {testMode && (
            <>
              <MaskedField label={T.cardNumber} field={form.field('cardNumber')} mask="cardNumber" autoComplete="off" />
              <div className="ppm-card-page__row">
                <MaskedField label={T.cardExpiry} field={form.field('cardExpiry')} mask="cardExpiry" autoComplete="off" />
                <MaskedField label={T.cardCvc} field={form.field('cardCvc')} mask="cardCvc" autoComplete="off" />
              </div>
            </>
          )}
          {page.mode === 'stripe' && (
            stripe.render({ idPrefix: 'ppm-card', classPrefix: 'ppm-card-page' })
          )}
          <p className="ppm-card-page__secure">{testMode ? T.secureTestMode : T.secure}</p>
          <div aria-live="polite" aria-atomic="true">
            {status?.kind === 'success' && <p className="ppm-notice ppm-notice--success">{status.text}</p>}
          </div>
          {status?.kind === 'danger' && (
            <div className="ppm-notice ppm-notice--danger ppm-card-page__failure" role="alert">
              <p className="ppm-card-page__failure-title">{T.failedHeading}</p>
              {status.messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          <p className="ppm-card-page__consent" id="ppm-card-consent">
            {CARD_REPLACE_CONSENT[answer.billingFrequency]}
          </p>
          <button type="submit" className="ppm-button" aria-describedby="ppm-card-consent" aria-disabled={busy || page.mode === 'unavailable' || undefined}>
            {T.submit}
          </button>
        </form>
      )}
      <p>
        <a href="/account">{T.back}</a>
      </p>
      <Overlay />
    </div>
  );
}

/** A Stripe Element's frame: a label that focuses it, the spec's message, and the element's container. */
/** The page with its own widget context (widget.tsx): its API client, loader and events. */
export const CardPage = scoped<CardPageProps>(CARD_PAGE_WIDGET, CardPageView);
