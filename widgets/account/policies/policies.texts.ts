/**
 * Every text of the policy chooser (/account/multiple-policies, with the quote chooser) and of lookup quotes
 * (/account/lookup-quotes), keyed (STYLE.md habit 7). Doc 1 "Quote chooser"'s own words: 'Which quote would
 * you like to view?', 'Policy #{policyNumber}', 'You do not have any current quotes.', 'View my policies' and
 * 'View my policy'. Doc 1 "Lookup quotes" names a 'no policy' and a 'multiple policies' message without their
 * words: those, and the rest, are ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';

export const POLICIES_TEXTS = {
  loading: 'Loading...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log in',
  unavailable: MESSAGES.callUs,

  // the policy chooser (doc 1 route table: "Chooser when a user has several policies")
  policyChooserTitle: 'Which policy would you like to view?',
  policyButton: (policyNumber: string) => `Policy #${policyNumber}`,
  renews: (date: string) => `Renews ${date}`,
  viewing: 'You are viewing this policy.',
  noPolicies: 'There are no policies on your account yet. When you buy a quote, its policy appears here.',
  receiveQuote: 'Receive a Quote',

  // the quote chooser (doc 1 "Quote chooser")
  quoteChooserTitle: 'Which quote would you like to view?',
  noCurrentQuotes: 'You do not have any current quotes.',
  viewMyPolicies: 'View my policies',
  viewMyPolicy: 'View my policy',

  // lookup quotes (doc 1 "Lookup quotes")
  lookupIntro: 'Your saved quotes that are not yet policies. Choose one to open it at the quote step, where you can review it and buy it.',
  noQuotePolicy:
    'You do not have any saved quotes. A quote you save with Save My Quote appears here until you buy it.',
  multiplePolicies:
    'You have more than one policy on your account. Choose the one you would like to view on the policies page.',
  toPolicies: 'My Policies',
  toAccount: 'My Account',
  quoteVehicles: (names: string) => `Vehicles: ${names}`,
};

export type PoliciesTexts = typeof POLICIES_TEXTS;
