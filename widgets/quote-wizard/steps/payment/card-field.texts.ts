import { MESSAGES } from '../../../../contract/index.ts';

/**
 * The card fields' texts, shared by step 6 and the account's card page (widgets/account/card/): the same
 * three fields, labelled and checked the same way wherever a card is typed (doc 3 sections 2 and 5).
 */
export const CARD_FIELD_TEXTS = {
  cardNumber: 'Card Number',
  cardExpiry: 'Expiry Date (MM/YY)',
  cardCvc: 'CVC',
  // doc 3 section 5
  cardNumberRequired: MESSAGES.cardNumber,
  cardExpiryRequired: MESSAGES.cardExpiry,
  cardCvcRequired: MESSAGES.cardCvc,
  secure: 'Your card details go straight to Stripe; they never reach our servers.',
  secureTestMode: 'In test mode your card details never leave this page: only a Stripe test token is sent.',
} as const;
