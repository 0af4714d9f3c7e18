import type { Stripe, StripeCardCvcElement, StripeCardExpiryElement, StripeCardNumberElement, StripeElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardField, CardState } from '../../quote-wizard/steps/payment/stripe-card.ts';

/**
 * The card page's Stripe Elements (issue 19: a SetupIntent on our own origin): the payment step's three
 * fields (widgets/quote-wizard/steps/payment/stripe-card.ts, whose types this shares) mounted in the light
 * DOM, and Stripe.js's confirmCardSetup, which the payment step has no use for. Stripe.js comes from
 * js.stripe.com through loadStripe the first time the page asks ('@stripe/stripe-js/pure' loads nothing on
 * import, and the page imports this module only in Stripe mode). The card number goes to Stripe only: the
 * page then sends our server the SetupIntent's id, which the server asks Stripe about.
 */
export type { CardField, CardState };

export interface StripeSetupCard {
  /** Confirms the SetupIntent with the card typed; `error` is Stripe's message (a decline, an incomplete field). */
  confirm(clientSecret: string): Promise<{ setupIntentId: string } | { error: string }>;
  focus(field: CardField): void;
  /** Empties the fields for another card. */
  clear(): void;
  destroy(): void;
}

/** Our fonts and colours for Stripe's iframes, as the payment step gives them. */
const STYLE = {
  base: { fontSize: '16px', color: '#1d232a', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', '::placeholder': { color: '#6b7580' } },
  invalid: { color: '#b3261e' },
};

export async function mountStripeSetup(
  publishableKey: string,
  containers: Record<CardField, HTMLElement>,
  onChange: (state: CardState) => void,
): Promise<StripeSetupCard> {
  const stripe: Stripe | null = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  const elements = stripe.elements();
  const fields = {
    cardNumber: elements.create('cardNumber', { style: STYLE, showIcon: true }) as StripeCardNumberElement,
    cardExpiry: elements.create('cardExpiry', { style: STYLE }) as StripeCardExpiryElement,
    cardCvc: elements.create('cardCvc', { style: STYLE }) as StripeCardCvcElement,
  };
  const state: CardState = { complete: { cardNumber: false, cardExpiry: false, cardCvc: false }, errors: {} };
  for (const name of Object.keys(fields) as CardField[]) {
    const element = fields[name] as unknown as { on(event: 'change', handler: (event: StripeElementChangeEvent) => void): void; mount(to: HTMLElement): void };
    element.on('change', (event) => {
      state.complete = { ...state.complete, [name]: event.complete };
      state.errors = { ...state.errors, [name]: event.error?.message };
      onChange({ ...state });
    });
    element.mount(containers[name]);
  }
  return {
    async confirm(clientSecret) {
      // 3-D Secure, when the bank asks, is Stripe.js's own window here
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: fields.cardNumber } });
      if (result.setupIntent?.status === 'succeeded') return { setupIntentId: result.setupIntent.id };
      return { error: result.error?.message ?? '' };
    },
    focus: (field) => fields[field].focus(),
    clear: () => Object.values(fields).forEach((field) => field.clear()),
    destroy: () => Object.values(fields).forEach((field) => field.destroy()),
  };
}
