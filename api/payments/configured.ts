import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import type { PaymentGateway } from './gateway.ts';
import { createStripeGateway } from './stripe.ts';
import { createTestModeGateway } from './test-mode.ts';

/** The gateway the configuration names: Stripe when its keys are set, else the test-mode gateway. */
export function paymentGatewayFor(config: Config, db: Queryable): PaymentGateway {
  const stripe = config.stripe;
  // the test mode keeps its PaymentIntents in our database, as Stripe keeps its own
  if (!stripe) return createTestModeGateway(db);
  return createStripeGateway({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, apiUrl: stripe.apiUrl });
}
