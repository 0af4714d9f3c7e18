/**
 * The messages of the account's card page (issue 19: replacing the card kept for the monthly bill).
 * contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';

// ours: a policy with no card on file (bought before cards were kept), or one kept with another provider
export const noCardOnFile = `We have no card on file for this policy that can be replaced online. Please call ${BRAND.phone} and we will update it with you.`;
// ours: a SetupIntent that is not this policy's, or that did not save a card
export const cardSetupNotOurs = 'This card form does not belong to this policy. Please reload the page and enter your card again.';
export const cardSetupNotFinished = 'Your new card was not saved. Please enter it again and press Replace card.';
// ours: a card whose bank asks for its own check (3-D Secure) when it is saved, in test mode
export const cardNeedsAuthentication =
  "This card needs your bank's extra check, which we cannot do here. Your card on file has not changed. Please use another card.";
export const cardReplaceConsentRequired = 'Please reload the page: the terms for keeping your new card for the monthly bill are missing.';
// ours: the page's token in a mode that has none (with Stripe the card fields confirm the card with Stripe)
export const paymentTokenNotExpected = 'Please reload the page and enter your card again.';
// ours: the answer when the card was replaced
export const cardReplaced = 'Your new card is on file. We will charge it for your monthly bill from now on.';
