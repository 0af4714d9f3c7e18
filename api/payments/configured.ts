import type { Config } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { createStripeGateway } from './stripe.ts';
import { createTestModeGateway } from './test-mode.ts';

/** The gateway the configuration names: Stripe when its keys are set, else the test-mode gateway. */
export function paymentGatewayFor(config: Config): PaymentGateway {
  const stripe = config.stripe;
  if (!stripe) return createTestModeGateway();
  return createStripeGateway({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, apiUrl: stripe.apiUrl });
}
