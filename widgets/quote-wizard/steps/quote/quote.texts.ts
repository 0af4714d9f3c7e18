import { BRAND, MESSAGES } from '../../../../contract/index.ts';
import { QUOTE_CALL_TEXTS } from '../../quote/quote-call.texts.ts';

/**
 * Every text of step 5 (Your Quote) and the saved-quote start, keyed
 * (STYLE.md habit 7). The spec's texts are word for word and say where they come from; headings and
 * labels the spec names but does not word are ours.
 */
export const QUOTE_TEXTS = {
  // doc 3 section 2, Step 5: the buttons
  back: 'Back',
  save: 'Save My Quote',
  purchase: 'Purchase Now',
  callToComplete: 'Call to Complete',

  // the summary (doc 3 section 2: drivers, policy coverage, each vehicle's coverage and premium)
  quoteNumber: 'Quote number',
  effectiveDate: 'Policy effective date',
  drivers: 'Drivers',
  dateOfBirth: 'Date of birth',
  policyCoverage: 'Policy Coverage',
  policyCoverageNote: 'These limits apply to every vehicle on the policy.',
  vehicleHeading: (index: number, total: number, title: string) => (total > 1 ? `Vehicle ${index} of ${total}: ${title}` : `Vehicle: ${title}`),
  vin: 'VIN',
  coverageCaption: 'Coverage for this vehicle and what each adds to its price',
  coverageCaptionNoBreakdown: 'Coverage for this vehicle',
  coverage: 'Coverage',
  limit: 'Limit',
  monthlyBase: 'Adds per month',
  perMile: 'Adds per mile',
  unlimitedShare: 'Adds for 6 months',
  notPriced: 'Included',
  // doc 3 section 2, pricing panel: the premium block's names
  vehiclePremium: 'Vehicle Premium',
  plan: 'Payment plan',
  payPerMile: 'Pay-Per-Mile',
  unlimited: 'Unlimited',
  baseCharge: 'Base Charge per month',
  perMileCharge: 'Per Mile Charge',
  perMileUnit: 'per mile',
  estimatedMiles: 'Estimated monthly miles',
  estimatedCost: 'Estimated monthly cost',
  estimatedCostNote: (miles: string) => `based on your estimated driving of ${miles} miles per month, before fees`,
  unlimitedPremium: 'Unlimited premium for the 6-month term',
  totals: 'Your Total',
  totalPremium: 'Total Policy Premium',
  totalPremiumNote: 'Estimated monthly payment, including fees',
  feesIncluded: 'Fees included in the monthly payment:',
  feePer: { month: 'a month', payment: 'per payment', term: 'per term' } as const,
  feePerVehicle: 'for each Pay-Per-Mile vehicle',
  feeTimes: (count: number, total: string) => `(x ${count} = ${total})`,
  // doc 3 section 2: the single-payment option; section 9: six months of premium plus the six-month fee
  singlePayment: 'Single payment for 6 months',
  singlePaymentNote: 'Instead of monthly payments, including fees',
  downPayment: 'Down Payment (Due Today)',

  // Call to Complete opens doc 3 section 8's 'Call to complete your quote' (steps/call-to-complete.texts.ts)
  ok: 'OK',
  close: 'Close',

  // doc 3 section 8: past effective date
  sorry: 'Sorry!',
  datePassed: "Your initial effective date has passed; your new effective date has been updated to today's date.",
  requoteFailed: QUOTE_CALL_TEXTS.requoteFailed,
  noStoredRequest: 'Something went wrong. Please try again later.',
  // doc 3 section 8: loader text (the quote call's: quote/quote-call.texts.ts)
  finalizing: QUOTE_CALL_TEXTS.finalizing,

  // doc 1 section 4 and section 8: save quote
  saved: MESSAGES.quoteSaved,
  saveFailed: MESSAGES.callUs,
  // ours: the save answered 401 (the session ended meanwhile): the page signs out, and says why
  saveSignedOut: MESSAGES.signInRequired,

  // doc 1 section 8: "Quote not found via URL query"
  quoteNotFound: MESSAGES.quoteLinkNotFound,
  // a stored quote response that cannot be read (an old save): start the quote over, honestly
  unreadable: `We could not show this quote. Please go back and calculate it again, or call us at ${BRAND.phone}.`,
} as const;
