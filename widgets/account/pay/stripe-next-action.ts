import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * The bank's 3-D Secure check with Stripe (as the purchase's stripe-card.ts authenticate does): Stripe.js,
 * loaded from js.stripe.com only when a bill's payment asks for it, shows the bank's page for the
 * PaymentIntent's client secret. `error` is Stripe's message when it failed or was left; either way the page
 * then asks the server how the payment ended (POST /api/bill-payment/settle).
 */
export async function handleNextActionWithStripe(publishableKey: string, clientSecret: string): Promise<{ ok: true } | { error: string }> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) return { error: 'Stripe.js did not load' };
  const result = await stripe.handleNextAction({ clientSecret });
  return result.error ? { error: result.error.message ?? '' } : { ok: true };
}
