import type { Stripe, StripeCardCvcElement, StripeCardExpiryElement, StripeCardNumberElement, StripeElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * The card through Stripe Elements (DESIGN.md "Embedding"): Stripe.js comes from js.stripe.com, loaded by
 * @stripe/stripe-js's loadStripe the first time the payment step asks for it, never bundled and never on
 * any other step ('@stripe/stripe-js/pure' does not load it on import, and the payment step imports
 * this module only in Stripe mode). The three fields are Stripe's iframes, mounted in the light DOM of our own page (Stripe.js
 * refuses a shadow root); createToken turns them into the paymentToken of doc 3 section 3.
 */
export type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc';

export interface CardState {
  /** Each field is complete (Stripe says so in its change events). */
  complete: Record<CardField, boolean>;
  /** Stripe's own message for a field that is wrong (a number that fails its check, a past date). */
  errors: Partial<Record<CardField, string>>;
}

export interface StripeCard {
  /** Creates the token; `error` is Stripe's message when it cannot. */
  tokenize(nameOnCard: string): Promise<{ token: string } | { error: string }>;
  /**
   * The bank asked for 3-D Secure (the bind's 202): Stripe.js shows the bank's page (handleNextAction with the
   * PaymentIntent's client secret). `error` is Stripe's message when the buyer failed or left it; either way
   * POST /api/policy/complete_payment then asks the server how the payment ended.
   */
  authenticate(clientSecret: string): Promise<{ ok: true } | { error: string }>;
  /**
   * The account's card page (widgets/account/card/): confirms a SetupIntent with the card typed, Stripe.js
   * showing the bank's 3-D Secure window itself when asked; `error` is Stripe's message (a decline).
   */
  confirmSetup(clientSecret: string): Promise<{ setupIntentId: string } | { error: string }>;
  focus(field: CardField): void;
  /** Empties the fields for another card. */
  clear(): void;
  destroy(): void;
}

/** Our fonts and colours for Stripe's iframes (they cannot read our stylesheets). */
const STYLE = {
  base: { fontSize: '16px', color: '#1d232a', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', '::placeholder': { color: '#6b7580' } },
  invalid: { color: '#b3261e' },
};

export async function mountStripeCard(
  publishableKey: string,
  containers: Record<CardField, HTMLElement>,
  onChange: (state: CardState) => void,
): Promise<StripeCard> {
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
    async tokenize(nameOnCard) {
      const result = await stripe.createToken(fields.cardNumber, { name: nameOnCard });
      return result.token ? { token: result.token.id } : { error: result.error?.message ?? '' };
    },
    async authenticate(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error ? { error: result.error.message ?? '' } : { ok: true };
    },
    async confirmSetup(clientSecret) {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: fields.cardNumber } });
      if (result.setupIntent?.status === 'succeeded') return { setupIntentId: result.setupIntent.id };
      return { error: result.error?.message ?? '' };
    },
    focus: (field) => fields[field].focus(),
    clear: () => Object.values(fields).forEach((field) => field.clear()),
    destroy: () => Object.values(fields).forEach((field) => field.destroy()),
  };
}
