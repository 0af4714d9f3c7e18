import { BRAND, MESSAGES } from '../../../../contract/index.ts';
import { CARD_FIELD_TEXTS } from './card-field.texts.ts';

/**
 * Every text of step 6 (Your Payment), keyed (STYLE.md habit 7). The spec's texts are word for word and
 * say where they come from; the rest is ours.
 */
export const PAYMENT_TEXTS = {
  // doc 3 section 2: "Billing frequency choice (monthly or every six months; radio values monthly and biannually)"
  frequencyLegend: 'Billing frequency',
  monthly: 'Monthly',
  biannually: 'Every six months',

  // the price summary of the chosen frequency (contract billingSummary: exactly what the bind charges)
  summaryHeading: 'Your price',
  dueToday: 'Down Payment (Due Today)',
  monthlyAfter: (count: number) => `Then ${count} monthly payments of`,
  estimatedNote: 'Estimated: the monthly payment follows the miles you drive.',
  sixMonthCost: 'Total for the 6-month term',
  singleNote: 'One payment covers the whole 6-month term.',
  feesIncluded: 'Fees included in each payment:',
  feePer: { month: 'a month', payment: 'per payment', term: 'per term' } as const,
  feeTimes: (count: number) => `x ${count} Pay-Per-Mile vehicles`,
  quoteNumber: 'Quote number',

  // doc 3 section 2: card name, card number, expiry and CVC
  cardHeading: 'Card details',
  cardAccepted: 'We accept debit and credit cards.',
  nameOnCard: 'Name on Card',
  ...CARD_FIELD_TEXTS,
  // doc 3 section 1: "indicated by a 'powered by' badge"
  poweredBy: 'Powered by',
  stripe: 'Stripe',
  // the test mode (DESIGN.md "The API": "says on screen that no real charge is made")
  testModeTitle: 'Test mode: no real charge is made.',
  testModeBody:
    "Payments here are not real. Use one of Stripe's test cards: 4242\u00a04242\u00a04242\u00a04242 (Visa) and 5555\u00a05555\u00a05555\u00a04444 (Mastercard) are accepted; 4000\u00a00000\u00a00000\u00a00002 is declined; 4000\u00a00027\u00a06000\u00a03184 asks for a test authentication. Any future expiry date and any 3-digit CVC will do.",
  cardLoading: 'Loading the secure card form...',
  cardUnavailable: `The card form could not be loaded. Please reload the page, or call us at ${BRAND.phone} to complete your purchase.`,
  // ours: a wizard embedded on another site (payment happens on our own site only, DESIGN.md "Embedding")
  notOnThisSite: `Card payment opens on our own site. Please call us at ${BRAND.phone} to complete your purchase.`,

  // doc 3 section 2: "On the payment step the button reads Submit Payment"
  back: 'Back',
  submit: 'Submit Payment',
  // doc 3 section 8: "The payment loader says not to reload or go back" (its words are ours)
  paying: 'Please wait while we process your payment. Do not reload this page or press the back button.',
  // doc 3 section 8: an answer without the server's words, or no answer
  callUs: MESSAGES.callUs,
  failedHeading: 'Your payment did not go through',

  authNotFinished: 'The security check for your card was not finished, so nothing was charged. Press Submit Payment to try again.',
  // ours (issue 19): the quote changed since the page showed it
  quoteChangedHeading: 'Please check your new price',

  ok: 'OK',
  // doc 3 section 8: the passed effective date's modal (its text is MESSAGES.effectiveDatePassed)
  sorry: 'Sorry!',
  close: 'Close',
} as const;
