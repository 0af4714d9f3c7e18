/**
 * Every text of the statements page (/account/Statements, linked as /account/statements), keyed (STYLE.md
 * habit 7). Doc 1 gives only the title 'Statements' ("Placeholder page titled Statements"); issue 21 ("How it
 * is shown") asks for each period's readings, miles, rate, bill and its status, and the balance. The bill's
 * lines and how the miles were found are worded once in contract/rules/bill-lines.ts (the API sends each
 * line's words); the rest of the words are ours. Dates come in as MM/DD/YYYY.
 */
import { MESSAGES } from '../../../contract/messages.ts';

export const STATEMENTS_TEXTS = {
  loading: 'Loading your statements...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log in',
  title: 'Statements',
  policyLine: (policyNumber: string) => `Policy #${policyNumber}`,
  intro: 'Each billing period ends with a photo of each odometer. Its bill charges the miles driven, and the next period’s base rate and fees.',
  choosePolicy: 'Please choose the policy whose statements you would like to see.',
  choosePolicyLink: 'Choose a policy',
  noPolicy: 'There is no policy on your account yet.',
  accountLink: 'Back to your account',
  loadFailure: MESSAGES.callUs,

  balanceHeading: 'Balance',
  owed: (amount: string) => `You owe ${amount}`,
  credit: (amount: string) => `Credit of ${amount}`,
  nothingOwed: 'Nothing owed',

  photoLink: 'Send odometer photo',
  noPeriods: 'Your first billing period has not begun yet.',

  periodHeading: (start: string, end: string) => `${start} to ${end}`,
  periodStatus: { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' } as Record<'open' | 'closed' | 'cancelled', string>,
  readingsDue: (date: string) => `Odometer readings due ${date}`,

  vehiclesHeading: 'Vehicles',
  reading: (odometer: string, date: string) => `Odometer ${odometer} on ${date}`,
  verified: 'verified',
  inReview: 'being checked',
  noReading: 'No reading yet',
  photoAlt: (vehicle: string, date: string) => `Odometer photo of the ${vehicle}, ${date}`,
  milesBilled: (miles: string) => `Miles billed: ${miles}`,
  notBilledYet: 'Miles: billed when the period closes',
  rate: (rate: string) => `Rate: ${rate} a mile`,
  unlimited: 'Unlimited: no miles are billed for this vehicle.',

  billCaption: (date: string) => `Bill of ${date}`,
  firstPaymentCaption: (date: string) => `First payment of the new term, ${date}`,
  finalCaption: (date: string) => `Final bill of ${date}`,
  item: 'Item',
  amount: 'Amount',
  total: 'Total',
  noBill: (date: string) => `No bill yet: it is made when the readings are in, by ${date}.`,
  noBillCancelled: 'No bill for this period: the policy was cancelled.',
  billPdf: (date: string) => `Bill of ${date} (PDF)`,
  status: {
    paid: (on: string) => `Paid on ${on}`,
    due: (on: string) => `Due ${on}`,
    failed: (on: string, next: string | null) => (next ? `Payment failed on ${on}; next try on ${next}` : `Payment failed on ${on}`),
    carried: (on: string) => `Carried to your next bill on ${on}`,
    settled: () => 'Nothing to pay',
    'refund-due': () => 'Refund on its way to your card',
    refunded: (on: string) => `Refunded on ${on}`,
    unpaid: (on: string) => `Unpaid since ${on}`,
  },
};

export type StatementsTexts = typeof STATEMENTS_TEXTS;
