/**
 * Every text of the card request page (/account/request-a-card, also /account/request-card), keyed (STYLE.md
 * habit 7). Doc 1's own words: the two messages 'At least one Car must be selected.' and 'At least one
 * Delivery method must be selected.' (section 5, MESSAGES.cardVehicle and cardDelivery, which the contract's
 * RequestCardForm holds) and the delivery labels Electronic and Mail (contract/reference/options.ts
 * CARD_DELIVERY); 'Loading...' (section 9). The answer's text is the API's (MESSAGES.cardEmailed, cardMailed).
 * The rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const REQUEST_CARD_TEXTS = {
  loading: 'Loading...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log In',
  unavailable: MESSAGES.callUs,
  policy: 'Policy number',
  intro: 'Choose the vehicles that need an insurance ID card and how you would like to receive it.',
  vehicles: 'Which vehicles need a card?',
  vehicle: (year: number, make: string, model: string, vin: string) => `${year} ${make} ${model} (VIN ending ${vin.slice(-6)})`,
  delivery: 'How would you like to receive it?',
  deliveryHint: 'Electronic: we e-mail the card to the address on your account. Mail: we post it to the mailing address on your policy.',
  submit: 'Request Card',
  submitting: 'Sending...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  failed: MESSAGES.callUs,
  /** No policy selected among several (doc 1: the dashboard sends the person to the chooser alike). */
  choosePolicy: 'Please choose the policy you would like a card for.',
  choosePolicyLink: 'Choose a Policy',
  noPolicy: 'There is no policy on your account yet. An insurance ID card comes with a purchased policy.',
  noVehicles: 'This policy has no vehicles to make a card for. Please call us and we will help.',
  accountLink: 'Go to My Account',
};

export type RequestCardTexts = typeof REQUEST_CARD_TEXTS;
