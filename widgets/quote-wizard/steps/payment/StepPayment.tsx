import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { is } from 'superstruct';
import {
  CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, MESSAGES, PAY_PLANS, PURCHASE_TOKEN_HEADER, PaymentNeedsAuthentication, PaymentsConfig, QuoteChangedAnswer, billingSummary,
  formatCents, localToday, requiredMax, LIMITS, type BillingFrequency, type BindRequest, type BindResponse, type QuotePolicy,
} from '../../../../contract/index.ts';
import type { ApiClient, ApiResult } from '../../../core/api-client.ts';
import { Checkbox, RadioGroup } from '../../../core/fields/Choices.tsx';
import { newIdempotencyKey } from '../../../core/idempotency-key.ts';
import { MaskedField } from '../../../core/fields/MaskedField.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useForm, type FieldBinding, type Rules } from '../../../core/form.ts';
import { Modal } from '../../../core/modal.tsx';
import { useTestAuthentication } from '../../../core/test-authentication.tsx';
import { useWidget } from '../../../core/widget.tsx';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import type { StepIntent } from '../../model/step-ids.ts';
import type { StepProps } from '../../step.ts';
import { effectiveDatePassed, quotePolicyOf } from '../../model/quote-policy.ts';
import { useQuoteCall } from '../../quote/use-quote-call.ts';
import { purchaseStyles } from '../purchase.styles.ts';
import { CallToComplete } from '../CallToComplete.tsx';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import { financedVehicles, purchaseOf, type BoundPolicy } from '../../model/purchase-model.ts';
import { rememberPurchaseToken } from '../../model/purchase-token.ts';
import { useStripeFields, type MountCard } from './StripeFields.tsx';
import { cardRules, testTokenFor } from './card-logic.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * Step 6, Your Payment (doc 3 sections 2, 4, 5, 7, 8): the billing frequency, the price of that frequency
 * (contract billingSummary: the figures the bind charges, to the cent), the name on the card and the card,
 * then Submit Payment: a token is made in the browser and POST /api/policy/bind binds the quote.
 *
 * The card: GET /api/payments/config says 'stripe' (Stripe Elements, stripe-card.ts) or 'test' (our test
 * form, which turns Stripe's test cards into Stripe's test tokens here in the browser). Either way only a
 * token leaves the page. Each payment attempt carries one Idempotency-Key: a retry after no answer (or a
 * 5xx, or a 409 while the first is still running) sends the same key and the same body, so the server
 * answers it once; a double click is held off here too. A refused payment (402) shows the server's
 * message, and every later submit only shows 'Call to complete your quote' (doc 3 section 4).
 *
 * The price paid is the price shown (issue 19): the body names the quote's version and the amount due today
 * that the summary shows, and the card consent shown above the button. A 409 quote_changed charged nothing:
 * its version in force replaces the stored quote, the summary shows it, and the next submit pays it (a new
 * attempt with a new key). A 202 is the bank asking for 3-D Secure: Stripe.js's page (Stripe mode) or our
 * plainly labelled test window (test mode), then POST /api/policy/complete_payment, answered as the bind.
 * The purchase token of the answer stays in memory (purchase-token.ts) for the lienholders.
 *
 * Beside the card's consent, an optional checkbox asks for the consent to electronic delivery (bills and
 * notices by e-mail instead of by post), labelled with its words (contract ELECTRONIC_DELIVERY_CONSENT) and
 * unticked until the buyer ticks it; ticked, the bind carries those words, and the server keeps them.
 */
type Card =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'off-site' }
  | ({ kind: 'ready' } & PaymentsConfig);

/** One Submit Payment: its key, and the body it sent, kept so a retry is the same request. */
interface Attempt {
  key: string;
  body: BindRequest;
}

interface PaymentValues extends Record<string, string> {
  nameOnCard: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  /** 'true' when the buyer ticked the consent to electronic delivery; '' (never ticked for them) otherwise */
  electronicDelivery: string;
}

const EMPTY: PaymentValues = { nameOnCard: '', cardNumber: '', cardExpiry: '', cardCvc: '', electronicDelivery: '' };
const nameRule = { nameOnCard: requiredMax(LIMITS.shortTextMax) };

export interface StepPaymentProps extends StepProps {
  /** Tests: a stand-in for Stripe Elements (the real one needs js.stripe.com). */
  mountCard?: MountCard;
}

export function StepPayment({ state, update, register, api, act, back, mountCard }: StepPaymentProps) {
  const { showLoader, hideLoader, emit } = useWidget();
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, purchaseStyles);
  const policy = quotePolicyOf(state.quoteResponse);
  const purchase = purchaseOf(state);
  const frequency = purchase.billingFrequency;
  const [card, setCard] = useState<Card>({ kind: 'loading' });
  const [dialog, setDialog] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [quoteChanged, setQuoteChanged] = useState<string[] | null>(null);
  // the test mode's authentication window, and how its answer reaches the waiting submit
  // doc 3 section 4's 'Sorry!' for a passed effective date, here as on step 5 (the buyer may reach midnight on this page)
  const [pastWindow, setPastWindow] = useState(false);
  const pastAnswer = useRef<((confirmed: boolean) => void) | null>(null);
  const quoteCall = useQuoteCall({ api, update });
  const testAuthentication = useTestAuthentication({ closeLabel: T.close, actionsClass: 'ppm-wizard__actions' });
  const consentId = useId();
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const attempt = useRef<Attempt | null>(null);
  const latest = useRef(state);
  latest.current = state;

  const testMode = card.kind === 'ready' && card.mode === 'test';
  const rules = useMemo(() => (testMode ? { ...nameRule, ...cardRules() } : nameRule) as Rules<PaymentValues>, [testMode]);
  const form = useForm<PaymentValues>('ppm-payment', rules, EMPTY);

  // Stripe Elements, when the server pays through Stripe
  const stripe = useStripeFields({
    publishableKey: card.kind === 'ready' && card.mode === 'stripe' ? card.publishableKey : null,
    mount: mountCard,
    onChange: () => (attempt.current = null), // another card is another attempt
    onFailed: () => setCard({ kind: 'failed' }),
  });
  const stripeCard = stripe.card;

  useEffect(() => {
    let alive = true;
    void api.call(endpoints.paymentsConfig).then((result) => {
      if (!alive) return;
      if (!result.ok) return setCard({ kind: 'failed' });
      const config = result.data;
      // Stripe.js cannot mount its fields inside a shadow root: an embedded wizard hands the visitor over to our site
      if (config.mode === 'stripe' && rootRef.current?.getRootNode() instanceof ShadowRoot) return setCard({ kind: 'off-site' });
      setCard({ kind: 'ready', ...config });
    });
    return () => {
      alive = false;
    };
  }, [api]);

  register({
    onContinue: submit,
    onBack: () => (latest.current.purchase?.bound ? 'stay' : 'previous'),
  });

  /** A field the person changed ends the attempt: the next submit is a new payment with a new key. */
  function changed(binding: FieldBinding): FieldBinding {
    return {
      ...binding,
      onChange: (value) => {
        attempt.current = null;
        binding.onChange(value);
      },
    };
  }

  function chooseFrequency(value: string) {
    if (value !== 'monthly' && value !== 'biannually') return;
    attempt.current = null;
    update((s) => ({ ...s, purchase: { ...purchaseOf(s), billingFrequency: value } }));
  }

  async function tokenFor(values: PaymentValues): Promise<string | { error: string }> {
    if (testMode) return testTokenFor(values.cardNumber) ?? { error: T.cardNumberRequired };
    const mounted = stripeCard.current;
    if (!mounted) return { error: T.cardUnavailable };
    const made = await mounted.tokenize(values.nameOnCard);
    return 'token' in made ? made.token : { error: made.error || T.callUs };
  }

  /** Submit Payment: 'next' once the quote is bound, the coverage step when it cannot be priced for today, else 'stay'. */
  async function submit(): Promise<StepIntent> {
    // a second click, or Enter while the first is running, is the same payment: it waits for that one
    if (busy.current) return 'stay';
    const now = purchaseOf(latest.current);
    if (now.bound) return 'stay';
    if (now.paymentFailed) {
      setDialog(true);
      return 'stay';
    }
    if (!policy || card.kind !== 'ready') return 'stay';
    const values = form.validate();
    if (values && effectiveDatePassed((quotePolicyOf(latest.current.quoteResponse) ?? policy).effectiveDate, localToday())) {
      return priceForToday();
    }
    // Stripe's fields are checked once ours pass, so the focus goes to the first problem on the page
    if (!values || !(testMode || stripe.validate())) return 'stay';
    busy.current = true;
    setSubmitting(true);
    setFailure(null);
    setQuoteChanged(null);
    showLoader(T.paying);
    try {
      // the version and the figures in force now (a 409 may have replaced the quote since this render)
      const livePolicy = quotePolicyOf(latest.current.quoteResponse) ?? policy;
      const frequencyNow = now.billingFrequency;
      const quoteVersion = livePolicy.quoteVersion ?? 1;
      const amountDueCents = billingSummary(livePolicy, frequencyNow).dueTodayCents;
      let current = attempt.current;
      // another version, amount or frequency is another payment: a new attempt with a new key
      if (current && (current.body.quoteVersion !== quoteVersion || current.body.amountDueCents !== amountDueCents || current.body.billingFrequency !== frequencyNow)) {
        current = null;
      }
      if (!current) {
        const token = await tokenFor(values);
        if (typeof token !== 'string') {
          setFailure([token.error]);
          return 'stay';
        }
        current = {
          key: newIdempotencyKey(),
          body: {
            quoteNumber: livePolicy.policyNumber,
            quoteVersion,
            amountDueCents,
            stripeKey: { key: card.publishableKey },
            paymentToken: { token },
            billingFrequency: frequencyNow,
            payPlan: PAY_PLANS[frequencyNow],
            cardConsent: CARD_CONSENT[frequencyNow],
            // only when ticked: not given is not sent, never sent as given
            ...(values.electronicDelivery === 'true' ? { electronicDeliveryConsent: ELECTRONIC_DELIVERY_CONSENT } : {}),
          },
        };
        attempt.current = current;
      }
      return await settle(await bind(api, current), current, livePolicy);
    } finally {
      hideLoader();
      busy.current = false;
      setSubmitting(false);
    }
  }

  /** The bind's answer (or complete_payment's, which answers as the bind does). */
  async function settle(first: ApiResult<BindResponse>, current: Attempt, livePolicy: QuotePolicy): Promise<StepIntent> {
    const quoteNumber = current.body.quoteNumber;
    let result = first;
    for (let round = 0; ; round++) {
      if (result.ok) {
        attempt.current = null;
        rememberPurchaseToken(quoteNumber, result.data.purchaseToken);
        const bound = boundFrom(result.data, quoteNumber, livePolicy);
        // the host page hears of the purchase here, where the bind answered (its conversion tag)
        emit('ppm-purchase', {
          policyNumber: bound.policyNumber,
          binderNumber: bound.binderNumber,
          quoteNumber: bound.quoteNumber,
          billingFrequency: current.body.billingFrequency,
          // what the card was charged, as the bind answered it from the payment record (in dollars, as before)
          amount: (bound.amountChargedCents ?? 0) / 100,
        });
        // a policy with no financed or leased vehicle has no lienholders to give: the steps table passes them over
        update((s) => ({ ...s, purchase: { ...purchaseOf(s), bound, lienholdersDone: financedVehicles(livePolicy).length === 0 } }));
        return 'next';
      }
      if (result.status === 202 && is(result.body, PaymentNeedsAuthentication) && round < 3) {
        const needs = result.body;
        rememberPurchaseToken(quoteNumber, needs.purchaseToken);
        if (!(await authenticate(needs, quoteNumber))) {
          // nothing charged yet: the same attempt (same key) asks again, and the bank's check opens again
          setFailure([T.authNotFinished]);
          return 'stay';
        }
        result = await api.call(endpoints.completePayment, { quoteNumber }, { headers: { [PURCHASE_TOKEN_HEADER]: needs.purchaseToken } });
        continue;
      }
      if (result.status === 409 && is(result.body, QuoteChangedAnswer)) {
        // nothing was charged: show the version in force; the next submit pays it, as a new attempt
        const changed = result.body.current;
        attempt.current = null;
        update((s) => ({ ...s, quoteResponse: withPolicy(s.quoteResponse, changed) }));
        setQuoteChanged(result.messages.length ? result.messages : [MESSAGES.quoteChanged]);
        return 'stay';
      }
      if (result.status === 422 && result.messages.includes(MESSAGES.effectiveDatePassed)) {
        // nothing was charged: the 'Sorry!' flow prices the quote from today, then the buyer confirms the new figures
        attempt.current = null;
        hideLoader();
        return priceForToday();
      }
      if (result.status === 0 || result.status >= 500 || result.status === 409 || result.status === 202) {
        // no answer, our fault or still running: whether it was charged is not known; the same key asks again
        setFailure([T.callUs]);
        return 'stay';
      }
      attempt.current = null;
      setFailure(result.messages.length ? result.messages : [T.callUs]);
      update((s) => ({ ...s, purchase: { ...purchaseOf(s), paymentFailed: true } }));
      return 'stay';
    }
  }

  /**
   * Doc 3 section 4's 'Sorry!' on step 6: the effective date has passed (the page stayed open past midnight).
   * Confirmed, the quote is priced again from today, as on step 5, and the new figures stay on this step with
   * the quote-changed notice: nothing is charged until the buyer presses Submit Payment again.
   */
  async function priceForToday(): Promise<StepIntent> {
    const policyNow = quotePolicyOf(latest.current.quoteResponse);
    if (!policyNow) return 'stay';
    const confirmed = await new Promise<boolean>((resolve) => {
      pastAnswer.current = resolve;
      setPastWindow(true);
    });
    if (!confirmed) return 'stay';
    const repriced = await quoteCall.repriceForToday(latest.current, policyNow, localToday());
    if (!repriced.ok) return { to: 'coverage' }; // as on step 5: the buyer picks a date there and prices the quote again
    attempt.current = null;
    setQuoteChanged([MESSAGES.quoteChanged]);
    return 'stay';
  }

  function closePast(confirmed: boolean) {
    setPastWindow(false);
    pastAnswer.current?.(confirmed);
    pastAnswer.current = null;
  }

  /**
   * The bank's 3-D Secure check: Stripe.js's page with Stripe, our test window in test mode. True once it
   * ended (completed or failed: complete_payment tells which); false when the buyer closed the test window.
   */
  async function authenticate(needs: PaymentNeedsAuthentication, quoteNumber: string): Promise<boolean> {
    if (needs.authentication.mode === 'stripe') {
      const secret = needs.authentication.clientSecret;
      if (!secret || !stripeCard.current) return false;
      await stripeCard.current.authenticate(secret);
      return true;
    }
    hideLoader();
    const choice = await testAuthentication.ask();
    if (!choice) return false;
    showLoader(T.paying);
    await api.call(endpoints.testAuthentication, { quoteNumber, result: choice }, { headers: { [PURCHASE_TOKEN_HEADER]: needs.purchaseToken } });
    return true;
  }

  function onSubmitClick(event: MouseEvent<HTMLButtonElement>) {
    // the wizard's form would submit too (Enter in a field clicks this button): this click is the one path
    event.preventDefault();
    void act(submit);
  }

  const frequencyField: FieldBinding = {
    id: 'ppm-payment-billingFrequency', name: 'billingFrequency', value: frequency, error: undefined,
    onChange: chooseFrequency, onBlur: () => undefined, inputRef: () => undefined,
  };

  return (
    <div ref={rootRef} className="ppm-root ppm-payment" part="payment">
      {/* first on the step, so nobody reads the price and the card form without knowing no charge is real */}
      {testMode && (
        <div className="ppm-notice ppm-payment__test" role="note">
          <p className="ppm-payment__test-title">{T.testModeTitle}</p>
          <p>{T.testModeBody}</p>
        </div>
      )}
      <RadioGroup
        legend={T.frequencyLegend}
        field={frequencyField}
        options={[{ value: 'monthly', label: T.monthly }, { value: 'biannually', label: T.biannually }]}
      />
      {policy && <PriceSummary policy={policy} frequency={frequency} />}

      <section className="ppm-payment__card" aria-labelledby="ppm-payment-card-heading">
        <h4 id="ppm-payment-card-heading" className="ppm-payment__heading">
          {T.cardHeading}
        </h4>
        <p className="ppm-payment__accepted">{T.cardAccepted}</p>
        <TextField label={T.nameOnCard} field={changed(form.field('nameOnCard'))} autoComplete="cc-name" />
        {card.kind === 'loading' && (
          <p className="ppm-payment__status" role="status">
            {T.cardLoading}
          </p>
        )}
        {card.kind === 'failed' && <p className="ppm-notice ppm-notice--danger">{T.cardUnavailable}</p>}
        {card.kind === 'off-site' && <p className="ppm-notice ppm-notice--danger">{T.notOnThisSite}</p>}
        {testMode && (
          <>
            <MaskedField label={T.cardNumber} field={changed(form.field('cardNumber'))} mask="cardNumber" autoComplete="off" />
            <div className="ppm-payment__row">
              <MaskedField label={T.cardExpiry} field={changed(form.field('cardExpiry'))} mask="cardExpiry" autoComplete="off" />
              <MaskedField label={T.cardCvc} field={changed(form.field('cardCvc'))} mask="cardCvc" autoComplete="off" />
            </div>
          </>
        )}
        {card.kind === 'ready' && card.mode === 'stripe' && (
          stripe.render({ idPrefix: 'ppm-payment', classPrefix: 'ppm-payment' })
        )}
        <p className="ppm-payment__badge">
          <span className="ppm-payment__powered">
            {T.poweredBy} <strong className="ppm-payment__stripe">{T.stripe}</strong>
          </span>
          <span className="ppm-payment__secure">{testMode ? T.secureTestMode : T.secure}</span>
        </p>
      </section>

      {quoteChanged && (
        <div className="ppm-notice ppm-payment__changed" role="alert">
          <p className="ppm-payment__failure-title">{T.quoteChangedHeading}</p>
          {quoteChanged.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      {failure && (
        <div className="ppm-notice ppm-notice--danger ppm-payment__failure" role="alert">
          <p className="ppm-payment__failure-title">{T.failedHeading}</p>
          {failure.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      {/* the consent to electronic delivery: optional, unticked until the buyer ticks it; its label is the words the bind sends */}
      <div className="ppm-payment__delivery" part="delivery-consent">
        <Checkbox label={ELECTRONIC_DELIVERY_CONSENT} field={changed(form.field('electronicDelivery'))} />
      </div>

      {/* issue 19: the kept card's consent, the words the bind sends; it follows the frequency */}
      <p id={consentId} className="ppm-payment__consent" part="card-consent">
        {CARD_CONSENT[frequency]}
      </p>

      <div className="ppm-wizard__actions">
        <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={back}>
          {T.back}
        </button>
        <button
          type="submit"
          className="ppm-button ppm-payment__submit"
          part="submit-payment"
          aria-disabled={submitting || card.kind !== 'ready' ? true : undefined}
          aria-describedby={consentId}
          onClick={onSubmitClick}
        >
          {T.submit}
        </button>
      </div>
      {testAuthentication.window}

      <Modal open={pastWindow} title={T.sorry} onClose={() => closePast(false)} closeLabel={T.close}>
        <p>{MESSAGES.effectiveDatePassed}</p>
        <button type="button" className="ppm-button" onClick={() => closePast(true)}>
          {T.ok}
        </button>
      </Modal>

      <CallToComplete open={dialog} quoteNumber={policy?.policyNumber} onClose={() => setDialog(false)} />
    </div>
  );
}

/** POST /api/policy/bind with the attempt's key; the body is the attempt's, unchanged on a retry. */
function bind(api: ApiClient, attempt: Attempt) {
  return api.call(endpoints.bind, attempt.body, { headers: { 'Idempotency-Key': attempt.key } });
}

function boundFrom(answer: BindResponse, quoteNumber: string, policy: QuotePolicy): BoundPolicy {
  const first = answer.policies?.[0];
  return {
    quoteNumber,
    policyNumber: first?.policyNumber ?? quoteNumber,
    binderNumber: first?.binderNumber ?? '',
    emailAddress: first?.emailAddress ?? policy.emailAddress ?? '',
    amountChargedCents: answer.amountChargedCents,
  };
}

/** The stored quote answer with the version in force (a 409 quote_changed's `current`) as its policy. */
function withPolicy(response: unknown, policy: QuotePolicy): unknown {
  const policies = (response as { policies?: unknown } | null)?.policies;
  if (response && typeof response === 'object' && Array.isArray(policies)) return { ...response, policies: [policy, ...policies.slice(1)] };
  return { policies: [policy] };
}

/** A Stripe Element's frame: a label that focuses it, the spec's message, and the element's container. */
/** The price of the chosen frequency: what is due today, what follows, the term's total and the fees. */
function PriceSummary({ policy, frequency }: { policy: QuotePolicy; frequency: BillingFrequency }) {
  const headingId = useId();
  const s = billingSummary(policy, frequency);
  return (
    <section className="ppm-payment__summary" aria-labelledby={headingId}>
      <h4 id={headingId} className="ppm-payment__heading">
        {T.summaryHeading}
      </h4>
      <dl className="ppm-payment__pairs">
        <div className="ppm-payment__pair">
          <dt>{T.quoteNumber}</dt>
          <dd>{policy.policyNumber}</dd>
        </div>
        <div className="ppm-payment__pair ppm-payment__pair--total">
          <dt>{T.dueToday}</dt>
          <dd>{formatCents(s.dueTodayCents)}</dd>
        </div>
        {frequency === 'monthly' && s.paymentsCount > 1 && (
          <div className="ppm-payment__pair">
            <dt>{T.monthlyAfter(s.paymentsCount - 1)}</dt>
            <dd>{formatCents(s.perPaymentCents)}</dd>
          </div>
        )}
        <div className="ppm-payment__pair">
          <dt>{T.sixMonthCost}</dt>
          <dd>{formatCents(s.sixMonthCostCents)}</dd>
        </div>
      </dl>
      {(frequency === 'biannually' || s.estimated) && <p className="ppm-payment__note">{frequency === 'monthly' ? T.estimatedNote : T.singleNote}</p>}
      <p className="ppm-payment__note">{T.feesIncluded}</p>
      <ul className="ppm-payment__fees">
        {s.fees.map((fee) => (
          <li key={fee.label}>
            {fee.label}: {formatCents(fee.cents)} {T.feePer[fee.per]}
            {fee.count > 1 ? ` ${T.feeTimes(fee.count)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
