import { lazy, Suspense } from 'react';
import { WizardLoading } from '../../shell/WizardLoading.tsx';
import type { StepThankYouProps } from '../thank-you/StepThankYou.tsx';
import type { StepPaymentProps } from './StepPayment.tsx';

/**
 * Steps 6 and 7 load when the person reaches them: most visitors never pay in the session they quote in,
 * and a dealer's page that embeds the wizard never shows the payment at all (payment happens on our own
 * site). Each is its own chunk of the embed bundle (the build prints the payment step's size), and
 * Stripe.js itself loads only from the payment step, from js.stripe.com (stripe-card.ts).
 */
const Purchase = lazy(() => import('./StepPurchase.tsx').then((module) => ({ default: module.StepPurchase })));
const ThankYou = lazy(() => import('../thank-you/StepThankYou.tsx').then((module) => ({ default: module.StepThankYou })));

/** Step 6: the payment, then the lienholder sub-step (StepPurchase.tsx). */
export function PurchaseStep(props: StepPaymentProps) {
  return (
    <Suspense fallback={<WizardLoading />}>
      <Purchase {...props} />
    </Suspense>
  );
}

/** Step 7: thank-you and account creation (StepThankYou.tsx). */
export function ThankYouStep(props: StepThankYouProps) {
  return (
    <Suspense fallback={<WizardLoading />}>
      <ThankYou {...props} />
    </Suspense>
  );
}
