import { useEffect, useState, type RefObject } from 'react';
import type { PaymentsConfig } from '../../../../contract/index.ts';
import type { ApiClient } from '../../../core/api-client.ts';
import { PAYMENT_TEXTS as T } from './payment.texts.ts';
import { useStripeFields, type MountCard, type StripeFields } from './StripeFields.tsx';
import { testTokenFor } from './card-logic.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * Step 6's card, whichever form takes it: GET /api/payments/config says 'stripe' (Stripe Elements,
 * stripe-card.ts) or 'test' (our test form, which turns Stripe's test cards into Stripe's test tokens here
 * in the browser). Either way only a token leaves the page. CardForm.tsx draws it; the bind attempt
 * (use-bind-attempt.ts) asks it for the token and, in Stripe mode, for the bank's 3-D Secure page.
 */
export type Card =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'off-site' }
  | ({ kind: 'ready' } & PaymentsConfig);

export interface PaymentCard {
  state: Card;
  /** Our test form takes the card (no real charge). */
  testMode: boolean;
  /** Stripe's fields (drawn by CardForm.tsx in Stripe mode). */
  stripe: StripeFields;
  /** Stripe's fields are complete (showing each one's message and focusing the first that is not); true in test mode. */
  validate(): boolean;
  /** The payment token of the card typed, or the message to show. */
  tokenFor(values: { nameOnCard: string; cardNumber: string }): Promise<string | { error: string }>;
}

export interface PaymentCardOptions {
  api: ApiClient;
  /** An element of the step: Stripe.js cannot mount inside a shadow root. */
  rootRef: RefObject<HTMLElement | null>;
  /** Tests: a stand-in for Stripe Elements (the real one needs js.stripe.com). */
  mountCard: MountCard | undefined;
  /** Stripe reported a change: another card is another attempt. */
  onChange(): void;
}

export function usePaymentCard({ api, rootRef, mountCard, onChange }: PaymentCardOptions): PaymentCard {
  const [card, setCard] = useState<Card>({ kind: 'loading' });

  // Stripe Elements, when the server pays through Stripe
  const stripe = useStripeFields({
    publishableKey: card.kind === 'ready' && card.mode === 'stripe' ? card.publishableKey : null,
    mount: mountCard,
    onChange,
    onFailed: () => setCard({ kind: 'failed' }),
  });

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

  const testMode = card.kind === 'ready' && card.mode === 'test';

  async function tokenFor(values: { nameOnCard: string; cardNumber: string }): Promise<string | { error: string }> {
    if (testMode) return testTokenFor(values.cardNumber) ?? { error: T.cardNumberRequired };
    const mounted = stripe.card.current;
    if (!mounted) return { error: T.cardUnavailable };
    const made = await mounted.tokenize(values.nameOnCard);
    return 'token' in made ? made.token : { error: made.error || T.callUs };
  }

  return { state: card, testMode, stripe, validate: () => testMode || stripe.validate(), tokenFor };
}
