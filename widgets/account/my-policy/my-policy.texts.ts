/**
 * Every text of the My Policy page (/account/my-policy), keyed (STYLE.md habit 7). Doc 1's own words: the
 * form titles 'Request Documents & Insurance Card' and 'Retrieve Your Quote', the button 'Submit' ("My Policy
 * page") and the failure text (section 8, MESSAGES.policyDocsRequestFailed). The rest is ours; the success
 * text says no more than the API knows to tell: its answer is the same whether or not a policy uses the address.
 */
import { MESSAGES } from '../../../contract/messages.ts';

export const MY_POLICY_TEXTS = {
  requestTitle: 'Request Documents & Insurance Card',
  requestIntro:
    'Enter the email address on your policy. We will e-mail you a link to a page with your documents and insurance ID card.',
  email: 'Email Address',
  submit: 'Submit',
  /** The button while the request runs, then once it is done (doc 1: "button shows loading then loaded"). */
  submitting: 'Sending...',
  submitted: 'Sent',
  sent: 'If a policy uses this address, we have e-mailed it a link to its documents. The e-mail can take a few minutes to arrive; please check your spam folder too.',
  failed: MESSAGES.policyDocsRequestFailed,
  retrieveTitle: 'Retrieve Your Quote',
};

export type MyPolicyTexts = typeof MY_POLICY_TEXTS;
