import { MaskedField } from '../../../core/fields/MaskedField.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import type { FieldBinding } from '../../../core/form.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import type { PaymentCard } from './use-payment-card.ts';

/** The fields of our own the card form binds (Stripe's are its own, in Stripe mode). */
export type CardFieldName = 'nameOnCard' | 'cardNumber' | 'cardExpiry' | 'cardCvc';

/**
 * Step 6's card form (doc 3 sections 2 and 5): the name on the card, then the card itself as the server's
 * mode says (use-payment-card.ts): our test form's three masked fields, or Stripe's three fields; while the
 * mode is not known yet, 'Loading...'; when the form cannot be had, the message why. The powered-by badge
 * below says whether a charge is real.
 */
export function CardForm({ card, field }: { card: PaymentCard; field(name: CardFieldName): FieldBinding }) {
  const state = card.state;
  return (
    <section className="ppm-payment__card" aria-labelledby="ppm-payment-card-heading">
      <h4 id="ppm-payment-card-heading" className="ppm-payment__heading">
        {T.cardHeading}
      </h4>
      <p className="ppm-payment__accepted">{T.cardAccepted}</p>
      <TextField label={T.nameOnCard} field={field('nameOnCard')} autoComplete="cc-name" />
      {state.kind === 'loading' && (
        <p className="ppm-payment__status" role="status">
          {T.cardLoading}
        </p>
      )}
      {/* announced as it appears (an alert): the form the person waits for will not come */}
      {state.kind === 'failed' && (
        <p className="ppm-notice ppm-notice--danger" role="alert">
          {T.cardUnavailable}
        </p>
      )}
      {state.kind === 'off-site' && (
        <p className="ppm-notice ppm-notice--danger" role="alert">
          {T.notOnThisSite}
        </p>
      )}
      {card.testMode && (
        <>
          <MaskedField label={T.cardNumber} field={field('cardNumber')} mask="cardNumber" autoComplete="off" />
          <div className="ppm-payment__row">
            <MaskedField label={T.cardExpiry} field={field('cardExpiry')} mask="cardExpiry" autoComplete="off" />
            <MaskedField label={T.cardCvc} field={field('cardCvc')} mask="cardCvc" autoComplete="off" />
          </div>
        </>
      )}
      {state.kind === 'ready' && state.mode === 'stripe' && card.stripe.render({ idPrefix: 'ppm-payment', classPrefix: 'ppm-payment' })}
      <p className="ppm-payment__badge">
        <span className="ppm-payment__powered">
          {T.poweredBy} <strong className="ppm-payment__stripe">{T.stripe}</strong>
        </span>
        <span className="ppm-payment__secure">{card.testMode ? T.secureTestMode : T.secure}</span>
      </p>
    </section>
  );
}
