import { array, define, enums, literal, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { BRAND } from '../brand.ts';
import { QuotePolicy } from './quote-response.ts';
import { MESSAGES } from '../messages.ts';
import { PAY_PLANS, type BillingFrequency } from '../reference/options.ts';
import { oneOf } from '../rules/choice.ts';
import { requiredMax } from '../rules/text.ts';
import { wholeNumber } from '../rules/whole.ts';
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
/** A token the card provider's library made in the browser (tok_... or pm_...): never a card number. */
export const paymentTokenRule = define<string>('paymentToken', (value) =>
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

/**
 * The kept card's consent (issue 19): pay-per-mile bills every month after the down payment, so the card is
 * kept for those charges. Step 6 shows the buyer's frequency's text above Submit Payment; the bind sends the
 * text it showed and the server stores those very words with the card and the time (evidence in a dispute).
 */
export const CARD_CONSENT: Readonly<Record<BillingFrequency, string>> = {
  monthly:
    `By pressing Submit Payment you authorise ${BRAND.productName} to keep this card on file and to charge it each ` +
    'month for your base rate and the miles you drove that month, until your policy ends or you replace the card ' +
    'in your account.',
  biannually:
    `By pressing Submit Payment you authorise ${BRAND.productName} to keep this card on file and to charge it each ` +
    'month for the miles you drove that month, until your policy ends or you replace the card in your account.',
};

/**
 * The consent for a card that replaces the kept one from the account (issue 19; /account/card): shown above
 * Replace card for the policy's billing frequency, sent back by the page and stored with the new card and the
 * time, as CARD_CONSENT is at the purchase.
 */
export const CARD_REPLACE_CONSENT: Readonly<Record<BillingFrequency, string>> = {
  monthly:
    `By pressing Replace card you authorise ${BRAND.productName} to keep this card on file in place of your current ` +
    'card and to charge it each month for your base rate and the miles you drove that month, until your policy ends ' +
    'or you replace the card again.',
  biannually:
    `By pressing Replace card you authorise ${BRAND.productName} to keep this card on file in place of your current ` +
    'card and to charge it each month for the miles you drove that month, until your policy ends or you replace the ' +
    'card again.',
};

/**
 * The consent to electronic delivery (issue: notices by e-mail or by post), asked on step 6 beside the card's
 * consent as an optional checkbox, unticked until the buyer ticks it: consent is given, never assumed. These are
 * the checkbox's label word for word; the bind sends them back and the server stores them with the policy and
 * the time (api/policies/records.ts delivery_consents). Given, bills, payment notices and notices about the
 * policy go by e-mail; not given, they are posted (api/notices/). It says what ESIGN asks a consumer be told:
 * what goes electronically, how it comes (PDF), how to withdraw, and that paper stays available.
 */
export const ELECTRONIC_DELIVERY_CONSENT =
  'I agree to receive my bills, payment notices and notices about my policy, including a notice of cancellation, by ' +
  'e-mail at the address I gave, instead of by post. They come as PDF files. I can withdraw this, or ask for a paper ' +
  `copy, at any time by calling ${BRAND.phone}.`;

/** Either absent or null (not given), or exactly the wording shown (given). */
const electronicDeliveryConsent = define<string>('electronicDeliveryConsent', (value) =>
  value === ELECTRONIC_DELIVERY_CONSENT || MESSAGES.electronicDeliveryConsentMismatch,
);

const consentText = define<string>('cardConsent', (value, context) => {
  const parent = context.branch[context.branch.length - 2] as { billingFrequency?: unknown } | undefined;
  const frequency = parent?.billingFrequency;
  if (typeof frequency !== 'string' || !(frequency in CARD_CONSENT)) return true; // billingFrequency reports it
  return value === CARD_CONSENT[frequency as BillingFrequency] || MESSAGES.cardConsentRequired;
});

/**
 * doc 3 section 3's payment submission, and ours (issue 19): the version of the quote and the amount due today
 * that the buyer saw. The server charges that version and that amount or nothing.
 */
export const BindRequest = object({
  quoteNumber: policyNumber,
  quoteVersion: wholeNumber(1, 1_000_000),
  amountDueCents: wholeNumber(1, 100_000_000),
  stripeKey: object({ key: publishableKey }),
  paymentToken: object({ token: paymentTokenRule }),
  billingFrequency: oneOf(BILLING),
  payPlan: define<18 | 21>('payPlan', (value, context) => {
    const parent = context.branch[context.branch.length - 2] as { billingFrequency?: unknown } | undefined;
    const frequency = parent?.billingFrequency;
    if (typeof frequency !== 'string' || !(frequency in PAY_PLANS)) return true; // billingFrequency reports it
    return value === PAY_PLANS[frequency as BillingFrequency] || MESSAGES.choice;
  }),
  cardConsent: consentText,
  /** ours: the consent to electronic delivery, when the buyer ticked it (ELECTRONIC_DELIVERY_CONSENT); absent or null when not. */
  electronicDeliveryConsent: optional(nullable(electronicDeliveryConsent)),
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
  /** ours: what the card was charged today, read from the payment record (the thank-you page shows it). */
  amountChargedCents: number(),
  billingFrequency: enums(BILLING),
  /**
   * ours: proves the person who just paid, for what follows the payment on this page (the lienholders, the
   * account's password). Held in memory by the widget and sent as the Purchase-Token header; short-lived.
   */
  purchaseToken: string(),
});
export type BindResponse = Infer<typeof BindResponse>;

/** The header the purchase token travels in. */
export const PURCHASE_TOKEN_HEADER = 'Purchase-Token';

/**
 * 202 from the bind (or complete_payment): the buyer's bank asks them to authenticate (3-D Secure). With
 * Stripe, Stripe.js's handleNextAction completes it with `clientSecret`; in test mode our test authentication
 * window does. Then POST /api/policy/complete_payment with the purchase token finishes the bind.
 */
export const PaymentNeedsAuthentication = type({
  authentication: type({ mode: enums(['stripe', 'test']), clientSecret: nullable(string()) }),
  purchaseToken: string(),
});
export type PaymentNeedsAuthentication = Infer<typeof PaymentNeedsAuthentication>;

/**
 * 409 from the bind when the quote is not what the buyer saw (another window re-priced it, or the amount
 * differs): nothing was charged; `current` is the version in force, for step 6 to show and confirm.
 */
export const QuoteChangedAnswer = type({
  error_messages: array(string()),
  error_type: literal('quote_changed'),
  current: QuotePolicy,
});
export type QuoteChangedAnswer = Infer<typeof QuoteChangedAnswer>;

/** POST /api/policy/complete_payment: after the buyer authenticated (Purchase-Token header). */
export const CompletePaymentRequest = object({ quoteNumber: policyNumber });
export type CompletePaymentRequest = Infer<typeof CompletePaymentRequest>;

/** POST /api/payments/test_authentication: the test mode's authentication window's answer. */
export const TestAuthenticationRequest = object({ quoteNumber: policyNumber, result: enums(['complete', 'fail']) });
export type TestAuthenticationRequest = Infer<typeof TestAuthenticationRequest>;
export const TestAuthenticationAnswer = type({ ok: literal(true) });

/** The payment form's own field (the card fields are the provider's Elements; doc 3 section 5). */
export const PaymentForm = object({
  nameOnCard: requiredMax(LIMITS.shortTextMax),
  billingFrequency: oneOf(BILLING),
});
export type PaymentForm = Infer<typeof PaymentForm>;
