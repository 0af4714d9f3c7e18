import { BRAND, LIMITS } from '../../../../contract/index.ts';
import { QUOTE_CALL_TEXTS } from '../../quote/quote-call.texts.ts';

/**
 * Every text step 4 and its pricing panel show, keyed (STYLE.md habit 7). The spec's texts are word for
 * word and say so; the rest (explanations, the pair warning, accessible names) are ours: doc 3 names
 * them without giving their wording.
 */
const threshold = LIMITS.mileageThreshold.toLocaleString('en-US');

export const COVERAGE_TEXTS = {
  // doc 3 section 2
  vehicle: 'Vehicle',
  vehicleOf: (index: number, total: number) => `Vehicle ${index} of ${total}`,
  model: 'Model',
  vin: 'VIN',
  previousVehicle: 'Previous vehicle',
  nextVehicle: 'Next vehicle',
  effectiveDate: 'Policy Effective Date',
  effectiveDateHint: 'MM/DD/YYYY, from today to 30 days ahead',
  calendar: 'Choose the effective date from the calendar',
  calculate: 'Calculate',
  // ours: doc 3 section 2 "A note says further package changes need a call to customer care"
  packageNote: 'Your package follows the bodily injury limit you choose. For any other change to your package, call customer care at',
  tooltipAbout: (label: string) => `About ${label}`,
  select: 'Select...',
  // ours: doc 3 section 8 "Decline warning modal: text explains comprehensive and collision must be bought together"
  pairTitle: 'Comprehensive and Collision',
  pairText:
    'Comprehensive and collision coverage must be bought together. Declining one of them declines the other, and choosing a deductible for one lets you choose the other again.',
  // ours: doc 3 section 4 "In FL, collision requires comprehensive"
  collisionNeedsComprehensiveText:
    'Collision coverage requires comprehensive coverage, so declining comprehensive declines collision too. You may still decline collision alone.',
  ok: 'OK',
  close: 'Close',

  // the 'Your Quote' panel (doc 3 section 2, "Pricing panel")
  panelHeading: 'Your Quote',
  selectPlan: 'Select Payment Plan for this vehicle',
  payPerMile: 'Pay-Per-Mile',
  unlimited: 'Unlimited',
  // ours, from doc 3 section 1's product description and guidance
  payPerMileText: `A monthly base charge plus a charge for each mile you drive. You report your miles with a photo of your odometer, through a web link we send by text and email. Best under ${threshold} miles a year.`,
  unlimitedText: `A fixed premium for the 6-month term, with no mileage reporting; we ask for an odometer reading at the start of each term. Best over ${threshold} miles a year, or if you would rather not report odometer readings.`,
  vehiclePremium: 'Vehicle Premium',
  baseCharge: 'Base Charge',
  perMonth: 'per month',
  perMileCharge: 'Per Mile Charge',
  perMile: 'per mile',
  estimatedMonthlyMiles: 'Estimated monthly miles',
  estimatedMonthlyCost: 'Estimated monthly cost',
  basedOn: (miles: number) => `based on your estimated driving of ${miles.toLocaleString('en-US')} miles per month`,
  unlimitedTerm: (amount: string) => `${amount} for the 6-month term`,
  totalPolicyPremium: 'Total Policy Premium',
  perTerm: 'for 6 months',
  downPayment: 'Down Payment (Due Today)',
  notCalculated: 'not calculated yet',
  paymentOption: 'How would you like to pay?',
  estimatedMonthly: 'Estimated monthly',
  singlePayment: 'Single payment for 6 months',
  // ours: the Total Policy Premium tooltip (doc 3: "estimated monthly payment including fees, with a tooltip")
  totalTooltipLabel: 'About the total policy premium and its fees',
  totalTooltipMonthly: 'Your estimated monthly payment for all vehicles, including these fees:',
  totalTooltipSingle: 'Your single payment for the 6-month term for all vehicles, including these fees:',
  feePer: { month: 'per month', payment: 'per payment', term: 'for the term' } as const,
  /** doc 3 section 9: the mileage monitoring fee is charged for each Pay-Per-Mile vehicle */
  feeTimesVehicles: (count: number, total: string) => `x ${count} Pay-Per-Mile vehicles = ${total}`,
  // ours: the price explains itself (DESIGN.md "Beyond the spec")
  breakdown: 'What each coverage adds',
  breakdownMonthly: (amount: string) => `${amount} a month`,
  breakdownPerMile: (amount: string) => `${amount} a mile`,
  breakdownTerm: (amount: string) => `${amount} for 6 months`,
  /** a choice that changes a coverage's price (stacking, a deductible's type): its cost is in that line */
  breakdownIncluded: 'Included',
  calculateFirst: 'Choose your coverage to see your price.',
  // ours (issue 11): which figure is a preview, and one that no longer describes the choices on screen
  previewNote: 'Preview: this price updates as you change your coverage. Calculate or Continue makes your quote and emails it to you.',
  outOfDate: 'Out of date: we could not update this price for your latest choices. Press Calculate to try again.',
  // a first preview that failed: there is no earlier figure to mark out of date
  previewFailed: 'We could not price your choices just now. Press Calculate to try again.',
  unavailableShort: 'not available just now',
  priceAnnouncement: (amount: string, per: string, preview: boolean) => `${preview ? 'Preview price' : 'Your price'}: ${amount} ${per}`,
  // the phone's price bar, kept in view while the panel is below the form
  priceBarLabel: 'Your price',
  priceBarLink: 'See your quote',
  outOfDateShort: 'out of date',
  // ours: a plan switched after pricing; the totals above were priced with the earlier plan
  planChanged: 'The totals below are for the plans you had when you calculated; we update them when you continue.',
  emailed: (email: string) => `Your quote has been emailed to ${email}.`,
  quoteNumber: (number: string) => `Quote number ${number}`,

  // doc 3 section 8 (the quote call's texts: quote/quote-call.texts.ts)
  calculating: QUOTE_CALL_TEXTS.calculating,
  finalizing: QUOTE_CALL_TEXTS.finalizing,
  needMoreInformation: QUOTE_CALL_TEXTS.needMoreInformation,
  callCustomerCare: `Call customer care at ${BRAND.phone}`,
  contactUs: 'Contact Us',
  zeroVehicles: 'Trying to select coverage with zero vehicles',
  // ours: doc 3 section 2 "Any state not in these lists gets no calculation and a call-us message"
  unsupportedState: (state: string) =>
    `We cannot calculate a quote online for vehicles garaged in ${state}. To complete your quote, please call us at`,
} as const;
