import { define, enums, nullable, object, optional, string, type, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { PAY_PLANS, type BillingFrequency } from '../reference/options.ts';
import { CARD_REPLACE_CONSENT, paymentTokenRule } from './bind.ts';
import { policyNumber } from './common.ts';

/**
 * The account's card page (issue 19 deliverable 6: /account/card): the card kept for the monthly bill, and
 * its replacement through a SetupIntent on our own origin. No card number ever reaches our server: with
 * Stripe the card fields (Stripe's iframes) confirm the SetupIntent with Stripe itself and the page sends its
 * id; in test mode the page sends the test token made from one of Stripe's test card numbers.
 *
 *   GET  /api/account/card?policyNumber=          -> PaymentCardAnswer
 *   POST /api/account/card/setup { policyNumber } -> CardSetupAnswer (a SetupIntent for the policy's Customer)
 *   POST /api/account/card { policyNumber, setupIntentId, paymentToken?, cardConsent } -> ReplaceCardAnswer
 */

const BILLING = Object.keys(PAY_PLANS) as BillingFrequency[];

/** Stripe's card brands (PaymentMethod card.brand) as a person reads them; the test mode's are already so. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB',
  unionpay: 'UnionPay', cartes_bancaires: 'Cartes Bancaires', eftpos_au: 'eftpos', interac: 'Interac', link: 'Link',
};

export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand === 'unknown' || brand === '' ? 'Card' : brand);
}

/** The card in force: brand as a person reads it, the last four digits, and since when (ISO date-time). */
export const KeptCardView = type({ brand: string(), last4: string(), since: string() });
export type KeptCardView = Infer<typeof KeptCardView>;

export const PaymentCardAnswer = type({
  policyNumber: string(),
  /** Which CARD_REPLACE_CONSENT text the page shows above Replace card. */
  billingFrequency: enums(BILLING),
  /** null: no card on file that can be replaced online (the page says to call). */
  card: nullable(KeptCardView),
});
export type PaymentCardAnswer = Infer<typeof PaymentCardAnswer>;

export const CardSetupRequest = object({ policyNumber });
export type CardSetupRequest = Infer<typeof CardSetupRequest>;

/**
 * A SetupIntent for the policy's Customer. 'stripe': Stripe.js confirms it with `clientSecret` and the card
 * fields, under `publishableKey`; 'test': the page sends a test token with the id and the server confirms it.
 */
export const CardSetupAnswer = type({
  mode: enums(['stripe', 'test']),
  setupIntentId: string(),
  clientSecret: nullable(string()),
  publishableKey: string(),
});
export type CardSetupAnswer = Infer<typeof CardSetupAnswer>;

const setupIntentId = define<string>('setupIntentId', (value) =>
  (typeof value === 'string' && /^seti_[A-Za-z0-9_]{1,250}$/.test(value)) || MESSAGES.cardSetupNotOurs,
);

/** One of the replacement consent texts, word for word; the server checks it is the policy's frequency's. */
const replaceConsent = define<string>('cardReplaceConsent', (value) =>
  Object.values(CARD_REPLACE_CONSENT).includes(value as string) || MESSAGES.cardReplaceConsentRequired,
);

export const ReplaceCardRequest = object({
  policyNumber,
  setupIntentId,
  /** test mode only: the test token the page made from a test card number */
  paymentToken: optional(paymentTokenRule),
  cardConsent: replaceConsent,
});
export type ReplaceCardRequest = Infer<typeof ReplaceCardRequest>;

export const ReplaceCardAnswer = type({ msg: string(), card: KeptCardView });
export type ReplaceCardAnswer = Infer<typeof ReplaceCardAnswer>;
