/**
 * The messages of paying a bill from the failed-payment e-mail's link (issue 21: /account/pay).
 * contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';

// ours: an unknown or expired link (one answer for both)
export const billPaymentLinkExpired = `This payment link has expired or is not valid. Please call ${BRAND.phone} and we will help you pay your bill.`;
// ours: a bill that cannot be paid online (the policy is cancelled, or the bill is a refund or owes nothing)
export const billNotPayable = `This bill cannot be paid online. Please call ${BRAND.phone} and we will help you.`;
// ours: the bank's check is still open (settle asked before it ended)
export const billAuthenticationNotFinished = "Your bank's security check was not finished, so nothing was charged. Press Pay to try again.";
// ours: the test authentication window asked for a bill with no check waiting
export const billAuthenticationNotPending = 'There is no card authentication waiting for this bill.';
