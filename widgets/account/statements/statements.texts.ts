/**
 * Every text of the statements page (/account/Statements, linked as /account/statements), keyed (STYLE.md
 * habit 7). Doc 1 gives only the title 'Statements' ("Placeholder page titled Statements"); issue 9 asks for
 * the intervals, the miles, the mileage charge and the link for this interval's photo. The words are ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';

export const STATEMENTS_TEXTS = {
  loading: 'Loading...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log in',
  unavailable: MESSAGES.callUs,
  title: 'Statements',
  policyLine: (policyNumber: string) => `Policy #${policyNumber}`,
  intro:
    'Each billing interval runs from one odometer reading to the next. The mileage charge is the miles you drove times your per-mile rate; your monthly base rate is billed on top.',
  choosePolicy: "Please choose the policy whose statements you would like to see.",
  choosePolicyLink: 'Choose a policy',
  loadFailure: MESSAGES.callUs,

  photoTitle: "This interval's odometer photo",
  photoText: "Send a photo of each vehicle's odometer with your phone; we read the miles from it to close the interval.",
  photoLink: 'Send odometer photo',

  payPerMile: (baseRate: string, perMile: string) => `Pay-Per-Mile: ${baseRate} a month plus ${perMile} a mile.`,
  unlimited: 'Unlimited plan: no mileage is charged for this vehicle, and no odometer photos are needed.',
  caption: (vehicle: string) => `Billing intervals of the ${vehicle}`,
  noIntervals: 'No odometer reading has been recorded for this vehicle yet.',

  period: 'Period',
  startReading: 'Start reading',
  endReading: 'End reading',
  miles: 'Miles',
  perMileRate: 'Per-mile rate',
  mileageCharge: 'Mileage charge',
  total: 'Total of closed intervals',

  closedPeriod: (start: string, end: string) => `${start} to ${end}`,
  openPeriod: (start: string) => `Since ${start}`,
  inProgress: 'in progress',
  notYet: 'Not yet',
  notRecorded: 'Not recorded',
};

export type StatementsTexts = typeof STATEMENTS_TEXTS;
