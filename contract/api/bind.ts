import { array, define, enums, object, optional, string, type, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { PAY_PLANS, type BillingFrequency } from '../reference/options.ts';
import { oneOf } from '../rules/choice.ts';
import { requiredMax } from '../rules/text.ts';
import { LIMITS } from '../rules/limits.ts';
import { policyNumber } from './common.ts';
import { PolicyOwner } from './policy.ts';

/**
 * POST /api/policy/bind: the payment submission of doc 3 sections 3 and 7. The card itself never
 * reaches us: paymentToken is what the card provider's library made in the browser, stripeKey the
 * public key it used. payPlan follows billingFrequency: 18 monthly, 21 six-month.
 */
const BILLING = Object.keys(PAY_PLANS) as BillingFrequency[];

const publishableKey = define<string>('publishableKey', (value) =>
  (typeof value === 'string' && /^pk_(test|live)_[A-Za-z0-9]{1,255}$/.test(value)) || MESSAGES.required,
);
const paymentToken = define<string>('paymentToken', (value) =>
  (typeof value === 'string' && /^[A-Za-z0-9_]{3,255}$/.test(value)) || MESSAGES.cardNumber,
);

/**
 * The publishable key of the test-mode gateway (api/payments/test-mode.ts), used without Stripe keys. It is
 * shaped like Stripe's test keys and says what it is: with it, no real charge is ever made.
 */
export const TEST_MODE_PUBLISHABLE_KEY = 'pk_test_ppmTestModeNoRealCharges';

/** GET /api/payments/config: which card form the payment step shows, and the key it tokenises with. */
export const PaymentsConfig = type({ mode: enums(['stripe', 'test']), publishableKey: string() });
export type PaymentsConfig = Infer<typeof PaymentsConfig>;

/** An Idempotency-Key header of the bind: a UUID in practice; any 8 to 255 safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,255}$/;

export const BindRequest = object({
  quoteNumber: policyNumber,
  stripeKey: object({ key: publishableKey }),
  paymentToken: object({ token: paymentToken }),
  billingFrequency: oneOf(BILLING),
  payPlan: define<18 | 21>('payPlan', (value, context) => {
    const parent = context.branch[context.branch.length - 2] as { billingFrequency?: unknown } | undefined;
    const frequency = parent?.billingFrequency;
    if (typeof frequency !== 'string' || !(frequency in PAY_PLANS)) return true; // billingFrequency reports it
    return value === PAY_PLANS[frequency as BillingFrequency] || MESSAGES.choice;
  }),
});
export type BindRequest = Infer<typeof BindRequest>;

/** doc 3 section 3: bindResponse.policies[0] with policyNumber, policyOwners and emailAddress. */
export const BindResponse = type({
  policies: array(
    type({
      policyNumber: string(),
      policyOwners: array(PolicyOwner),
      emailAddress: string(),
      /** ours: the binder's number, shown on the thank-you page until the policy is issued */
      binderNumber: optional(string()),
      policyStatus: optional(string()),
      fromQuoteNumber: optional(string()),
    }),
  ),
});
export type BindResponse = Infer<typeof BindResponse>;

/** The payment form's own field (the card fields are the provider's Elements; doc 3 section 5). */
export const PaymentForm = object({
  nameOnCard: requiredMax(LIMITS.shortTextMax),
  billingFrequency: oneOf(BILLING),
});
export type PaymentForm = Infer<typeof PaymentForm>;
