/**
 * Every text of the account confirmation page (/account/confirm, ours, issue 7), keyed (STYLE.md habit 7).
 * The outcome's words are the API's (MESSAGES.accountConfirmed, accountConfirmationLinkInvalid); without a
 * token doc 1's 'Please come through the link in email' (MESSAGES.passwordNoToken); no answer, section 8's
 * call-us text. The rest is ours.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';

export const CONFIRM_TEXTS = {
  working: 'Confirming your account…',
  continue: 'Continue to My Account',
  customerCare: 'Customer care:',
  supportHours: BRAND.supportHours,
  noToken: MESSAGES.passwordNoToken,
  callUs: MESSAGES.callUs,
};

export type ConfirmTexts = typeof CONFIRM_TEXTS;
