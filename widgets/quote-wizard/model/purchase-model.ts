import type { BillingFrequency, QuotePolicy } from '../../../contract/index.ts';

/**
 * What the wizard keeps of the purchase (steps 6, the lienholder sub-step and 7) in WizardState, so a
 * reload lands where the person was: the chosen frequency, whether a payment was refused, the bound
 * policy's numbers and the lienholder answers. Never card data: the card, its token and the name on the
 * card stay in the payment step's memory.
 */
export interface BoundPolicy {
  /** The quote that was bought (doc 3 section 3: the bind's quoteNumber). */
  quoteNumber: string;
  policyNumber: string;
  binderNumber: string;
  emailAddress: string;
  /**
   * What the card was charged today, in cents, as the bind answered it (read from the payment record; the
   * thank-you step and the ppm-purchase event use it). An amount is not secret. Older saves have none.
   */
  amountChargedCents?: number;
}

/** One financed or leased vehicle's lienholder answers, as the controls hold them (doc 3 section 3). */
export interface LienholderAnswers {
  carNumber: number;
  option: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber: string;
}

export interface PurchaseState {
  billingFrequency: BillingFrequency;
  /** doc 3 section 4: after a failed payment, further submits only show 'Call to complete your quote'. */
  paymentFailed: boolean;
  bound: BoundPolicy | null;
  lienholders: LienholderAnswers[];
  /** The lienholder sub-step is over (sent, skipped or apologised for): step 7 follows. */
  lienholdersDone: boolean;
}

export function initialPurchase(): PurchaseState {
  return { billingFrequency: 'monthly', paymentFailed: false, bound: null, lienholders: [], lienholdersDone: false };
}

/** The wizard state's purchase part; older saves (before the purchase existed) have none. */
export function purchaseOf(state: { purchase?: PurchaseState | undefined }): PurchaseState {
  return state.purchase ?? initialPurchase();
}

/** doc 3 section 4: the lienholder sub-step shows when any vehicle is LEASED or FINANCED. */
export function financedVehicles(policy: QuotePolicy | null): QuotePolicy['vehicleInfo'] {
  return (policy?.vehicleInfo ?? []).filter((vehicle) => /^(LEASED?|FINANCED?)$/i.test(String(vehicle.financing ?? '')));
}
