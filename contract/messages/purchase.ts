/**
 * The messages of the purchase: payment, the bind's refusals, lienholders and the card fields.
 * contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';

// doc 3 section 8: payment errors by the card provider's error type
export const paymentDeclined =
  'Your payment method has been declined. Please check to make sure your card information is correct, or try a different payment method.';
export const paymentNotProcessed = 'We were unable to process your payment - please check that your card information is correct and try again.';

// ours: the bind's refusals (issue 7); each says what to do next
export const idempotencyKeyReused = 'This Idempotency-Key was already used for a different payment. Please start a new payment attempt.';
export const paymentInProgress = 'This payment is still being processed. Please wait a moment before trying again.';
export const quoteToBindNotFound = `We were unable to locate this quote. Please call ${BRAND.phone} to complete your purchase.`;
export const quoteAlreadyBound = 'This quote has already been purchased. Your policy documents are on their way by e-mail.';
export const coverageSelectionMismatch = 'The coverages chosen do not match the limits sent. Please press Calculate again.';
export const quoteExpired = 'This quote is more than 30 days old. Please start a new quote for a current price.';
export const effectiveDatePassed = "Your initial effective date has passed; your new effective date has been updated to today's date.";
// ours (issue 19): the price paid is the price shown; the kept card; what follows the payment
export const quoteChanged =
  'Your quote changed since this page showed it, perhaps in another window. Nothing was charged. Please check the price below and press Submit Payment again to pay it.';
export const cardConsentRequired = 'Please reload the page: the terms for keeping your card for the monthly bill are missing.';
export const electronicDeliveryConsentMismatch =
  'Please reload the page: the words of the consent to receive your notices by e-mail are not the ones we show.';
export const purchaseTokenRequired = 'This step belongs to a payment made on this page. Please reload the page, or call us to finish your purchase.';
export const authenticationNotPending = 'There is no card authentication waiting for this quote.';
export const testAuthenticationOnly = 'Test authentication exists only in test mode.';
export const stripeKeyNotOurs = 'The payment key does not belong to this site. Please reload the page and try again.';

// ours: POST /api/policy/lienholder refusals
export const lienholderPolicyNotFound = 'We could not find a purchased policy with that vehicle.';
export const lienholderNotFinanced = 'A lienholder can be added only to a financed or leased vehicle.';

// doc 3 section 5: payment card fields (the card fields themselves are the card provider's)
export const cardNumber = 'Card Number is Required';
export const cardExpiry = 'Expiry date is Required';
export const cardCvc = 'CVC is Required';
