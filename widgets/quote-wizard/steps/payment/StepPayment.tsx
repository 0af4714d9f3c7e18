import { useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, LIMITS, localToday, requiredMax } from '../../../../contract/index.ts';
import { Checkbox, RadioGroup } from '../../../core/fields/Choices.tsx';
import { useForm, type FieldBinding, type Rules } from '../../../core/form.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { effectiveDatePassed, quotePolicyOf } from '../../model/quote-policy.ts';
import { purchaseOf } from '../../model/purchase-model.ts';
import type { StepIntent } from '../../model/step-ids.ts';
import type { StepProps } from '../../step.ts';
import { CallToComplete } from '../CallToComplete.tsx';
import { purchaseStyles } from '../purchase.styles.ts';
import { CardForm } from './CardForm.tsx';
import { cardRules } from './card-logic.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import { PriceSummary } from './PriceSummary.tsx';
import type { MountCard } from './StripeFields.tsx';
import { useBindAttempt } from './use-bind-attempt.tsx';
import { usePaymentCard } from './use-payment-card.ts';

/**
 * Step 6, Your Payment (doc 3 sections 2, 4, 5, 7, 8): the billing frequency, the price of that frequency
 * (PriceSummary.tsx), the name on the card and the card (CardForm.tsx, with use-payment-card.ts: Stripe
 * Elements or our test form, only a token ever leaves the page), the consents, then Submit Payment, which
 * the bind attempt pays (use-bind-attempt.tsx: one Idempotency-Key per attempt, 402, 409 quote_changed,
 * 3-D Secure, a passed effective date). A refused payment leaves every later submit only showing 'Call to
 * complete your quote' (doc 3 section 4). Bound, the step says 'next'; the steps table decides what follows.
 *
 * Beside the card's consent (issue 19: the words the bind sends, following the frequency), an optional
 * checkbox asks for the consent to electronic delivery (bills and notices by e-mail instead of by post),
 * labelled with its words (contract ELECTRONIC_DELIVERY_CONSENT) and unticked until the buyer ticks it;
 * ticked, the bind carries those words, and the server keeps them.
 */
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
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, purchaseStyles);
  const policy = quotePolicyOf(state.quoteResponse);
  const frequency = purchaseOf(state).billingFrequency;
  const [dialog, setDialog] = useState(false);
  const consentId = useId();
  const latest = useRef(state);
  latest.current = state;

  // Stripe's change events end the attempt (another card is another payment); the attempt, made from the
  // card, is only there after it, so the card reaches it through this ref
  const forgetAttempt = useRef(() => {});
  const card = usePaymentCard({ api, rootRef, mountCard, onChange: () => forgetAttempt.current() });
  const attempt = useBindAttempt({ api, update, latest, card });
  forgetAttempt.current = attempt.forget;

  const rules = useMemo(() => (card.testMode ? { ...nameRule, ...cardRules() } : nameRule) as Rules<PaymentValues>, [card.testMode]);
  const form = useForm<PaymentValues>('ppm-payment', rules, EMPTY);

  register({
    onContinue: submit,
    onBack: () => (latest.current.purchase?.bound ? 'stay' : 'previous'),
  });

  /** A field the person changed ends the attempt: the next submit is a new payment with a new key. */
  function changed(binding: FieldBinding): FieldBinding {
    return {
      ...binding,
      onChange: (value) => {
        attempt.forget();
        binding.onChange(value);
      },
    };
  }

  function chooseFrequency(value: string) {
    if (value !== 'monthly' && value !== 'biannually') return;
    attempt.forget();
    update((s) => ({ ...s, purchase: { ...purchaseOf(s), billingFrequency: value } }));
  }

  /** Submit Payment: 'next' once the quote is bound, the coverage step when it cannot be priced for today, else 'stay'. */
  async function submit(): Promise<StepIntent> {
    // a second click, or Enter while the first is running, is the same payment: it waits for that one
    if (attempt.running()) return 'stay';
    const now = purchaseOf(latest.current);
    if (now.bound) return 'stay';
    if (now.paymentFailed) {
      // doc 3 section 4: after a refused payment, every later submit only shows 'Call to complete your quote'
      setDialog(true);
      return 'stay';
    }
    if (!policy || card.state.kind !== 'ready') return 'stay';
    const values = form.validate();
    if (values && effectiveDatePassed((quotePolicyOf(latest.current.quoteResponse) ?? policy).effectiveDate, localToday())) {
      return attempt.priceForToday();
    }
    // Stripe's fields are checked once ours pass, so the focus goes to the first problem on the page
    if (!values || !card.validate()) return 'stay';
    return attempt.pay(values);
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
      {card.testMode && (
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

      <CardForm card={card} field={(name) => changed(form.field(name))} />

      {attempt.quoteChanged && (
        <div className="ppm-notice ppm-payment__changed" role="alert">
          <p className="ppm-payment__failure-title">{T.quoteChangedHeading}</p>
          {attempt.quoteChanged.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      {attempt.failure && (
        <div className="ppm-notice ppm-notice--danger ppm-payment__failure" role="alert">
          <p className="ppm-payment__failure-title">{T.failedHeading}</p>
          {attempt.failure.map((message) => (
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
          aria-disabled={attempt.submitting || card.state.kind !== 'ready' ? true : undefined}
          aria-describedby={consentId}
          onClick={onSubmitClick}
        >
          {T.submit}
        </button>
      </div>
      {attempt.dialogs}

      <CallToComplete open={dialog} quoteNumber={policy?.policyNumber} onClose={() => setDialog(false)} />
    </div>
  );
}
