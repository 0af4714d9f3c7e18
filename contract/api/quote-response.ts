import { array, number, optional, string, type, unknown, type Infer } from 'superstruct';
import { AddressInfo, DriverInfo, PolicyOwner, VehicleInfo } from './policy.ts';

/**
 * The quote response of POST /api/policy/quote (doc 3 section 3 "Quote response"), also what the saved-quote
 * lookups, the hand-over and the account's quotes answer. Its own module (issue 11): a page that only reads a
 * stored quote (the wizard's first step checks the one this tab kept) does not load the request's struct, its
 * field rules and the coverage engine with it (quote.ts, which re-exports these).
 */

/**
 * One installment option of findBilling.allInstallmentOptions. The spec names the list, not its
 * entries; this shape is ours: the plan, what is due today and each later payment.
 */
export const InstallmentOption = type({
  payPlan: number(),
  billingFrequency: string(),
  downPayment: number(),
  installmentAmount: number(),
  numberOfInstallments: number(),
});
export type InstallmentOption = Infer<typeof InstallmentOption>;

/** A quoted policy (doc 3 section 3 "Quote response": policies[0]). Money is in dollars. */
export const QuotePolicy = type({
  policyNumber: string(),
  /**
   * ours: the version of the quote these figures are (1 as made, one more for each re-price under the same
   * number). The bind names it, so the buyer is charged for the version they saw or not at all.
   */
  quoteVersion: optional(number()),
  /** YYYY-MM-DD */
  effectiveDate: string(),
  policyStatus: optional(string()),
  emailAddress: optional(string()),
  /** the request this quote was priced from (the wizard compares it before re-requesting) */
  quoteRequest: optional(unknown()),
  findBilling: type({
    downPayment: number(),
    estimatedMonthlyPayment: number(),
    allInstallmentOptions: array(InstallmentOption),
  }),
  downPaymentMonthly: number(),
  downPaymentSingle: number(),
  downPayment: number(),
  estimatedMonthlyPayment: number(),
  estimatedTotalWritten: number(),
  ratedState: string(),
  addressInfo: array(AddressInfo),
  driverInfo: array(DriverInfo),
  policyOwners: array(PolicyOwner),
  vehicleInfo: array(VehicleInfo),
});
export type QuotePolicy = Infer<typeof QuotePolicy>;

export const QuoteResponse = type({ policies: array(QuotePolicy) });
export type QuoteResponse = Infer<typeof QuoteResponse>;
