/**
 * The policy's lists: the quote request's default previous company, billing, lienholders, call-backs, tort
 * and ID cards (doc 1, doc 3).
 */
import type { Option } from './options.ts';

/** doc 3 section 9: the default previous company. */
export const DEFAULT_PREVIOUS_COMPANY = 'OTHER STANDARD';

/** Billing per vehicle (doc 3 section 4): per_mile, or capped for Unlimited. */
export const BILLING_TYPES = ['per_mile', 'capped'] as const;

/** Payment step (doc 3 sections 2 and 7): radio values monthly and biannually; pay plans 18 and 21. */
export const BILLING_FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'biannually', label: 'Every six months' },
] as const satisfies readonly Option<string>[];
export const PAY_PLANS = { monthly: 18, biannually: 21 } as const;
export type BillingFrequency = keyof typeof PAY_PLANS;

/**
 * Lienholder options (doc 3 section 9): PFS and PLL (the marque's financing arms; both prefill the
 * maker's financing address and lock it; the address is data of a later issue), other, and I don't know
 * (skipped on send). Labels of PFS and PLL are ours.
 */
export const LIENHOLDER_OPTIONS = [
  { value: 'PFS', label: 'Porsche Financial Services', prefilled: true },
  { value: 'PLL', label: 'Porsche Leasing Ltd.', prefilled: true },
  { value: 'other', label: 'Other', prefilled: false },
  { value: "I don't know", label: "I don't know", prefilled: false },
] as const;
export const LIENHOLDER_UNKNOWN = "I don't know";

/** Call-back time slots (doc 3 section 9). */
export const CALLBACK_SLOTS = ['8-10', '10-12', '12-2', '2-4', '4-6'] as const;

/** Tort option (PA, doc 3 section 3): full maps to F, otherwise L (doc 3 section 9). */
export const TORT_OPTIONS = [
  { value: 'F', label: 'Full' },
  { value: 'L', label: 'Limited' },
] as const satisfies readonly Option<string>[];

/** Request a card (doc 1 section 2): delivery electronic or mail. */
export const CARD_DELIVERY = [
  { value: 'electronic', label: 'Electronic' },
  { value: 'mail', label: 'Mail' },
] as const satisfies readonly Option<string>[];
