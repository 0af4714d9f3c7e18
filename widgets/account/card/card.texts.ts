import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { CARD_FIELD_TEXTS } from '../../quote-wizard/steps/payment/card-field.texts.ts';

/**
 * Every text of the account's card page (/account/card, issue 19), keyed (STYLE.md habit 7). The consent
 * words are the contract's (CARD_REPLACE_CONSENT), which the server stores with the card; the card fields'
 * labels and the test-mode notice say what the payment step says.
 */
export const CARD_PAGE_TEXTS = {
  loading: 'Loading your card...',
  inForceHeading: 'Card on file',
  inForce: (brand: string, last4: string) => `${brand} ending ${last4}`,
  since: (date: string) => `On file since ${date}`,
  usedFor: 'We charge this card for your monthly bill.',
  noCard: MESSAGES.noCardOnFile,
  replaceHeading: 'Replace your card',
  policy: 'Policy',
  ...CARD_FIELD_TEXTS,
  submit: 'Replace card',
  saving: 'Saving your new card. Please do not reload this page.',
  replaced: (brand: string, last4: string) => `Your ${brand} ending ${last4} is now the card for your monthly bill.`,
  failedHeading: 'Your card was not replaced',
  // the test mode (DESIGN.md "The API": "says on screen that no real charge is made")
  testModeTitle: 'Test mode: no real card is saved.',
  testModeBody:
    "Cards here are not real. Use one of Stripe's test cards: 4242\u00a04242\u00a04242\u00a04242 (Visa) or 5555\u00a05555\u00a05555\u00a04444 (Mastercard) is accepted; 4000\u00a00000\u00a00000\u00a00002 is declined. Any future expiry date and any 3-digit CVC will do.",
  cardLoading: 'Loading the secure card form...',
  cardUnavailable: `The card form could not be loaded. Please reload the page, or call us at ${BRAND.phone}.`,
  callUs: MESSAGES.callUs,
  choosePolicy: 'You have more than one policy. Please choose the policy whose card you want to change.',
  choosePolicyLink: 'Choose a policy',
  noPolicy: 'There is no policy on your account yet.',
  accountLink: 'Go to My Account',
  back: 'Back to My Account',
} as const;

export type CardPageTexts = typeof CARD_PAGE_TEXTS;
