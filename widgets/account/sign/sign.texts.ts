/**
 * Every text of the e-signature page (/account/sign), keyed (STYLE.md habit 7). Doc 1 gives only
 * 'Loading...' (section 9); the rules' messages are the contract's (esign* in contract/messages.ts); the
 * consent itself comes from the API, which records it word for word. The rest is ours.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const SIGN_TEXTS = {
  loading: 'Loading...',
  // (true whether or not the odometer photos are in: the signature is needed, not alone enough)
  intro: 'Your application must be signed before your policy is issued. Please read it, then sign below.',
  policyNumber: 'Policy number',
  readApplication: 'Read your application (PDF)',
  newTab: '(opens in a new tab)',
  fullName: 'Full name',
  fullNameHint: 'Type your full name as it appears on the application.',
  sign: 'Sign',
  signing: 'Signing...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  signedTitle: 'Thank you: your application is signed.',
  signedHeading: 'Your application is signed',
  signedText: 'A signed copy with its audit trail is on your documents page.',
  alreadySigned: MESSAGES.esignAlreadySigned,
  signedOn: (date: string) => `Signed on ${date}.`,
  /** The same page for a renewal's application (issue 23): the policy is issued already, its next term waits on this. */
  renewal: {
    intro: 'Your policy renews at the end of this term once you have signed the renewal application. Please read it, then sign below.',
    readApplication: 'Read your renewal application (PDF)',
    signedTitle: 'Thank you: your renewal application is signed.',
    signedHeading: 'Your renewal application is signed',
    signedText: 'Your cover continues when this term ends; nothing more is needed. A signed copy with its audit trail is on your documents page.',
  },
  documentsLink: 'Go to your documents',
  noToken: `${MESSAGES.token} Please open the link in the e-mail or text message we sent you, ask My Policy for a new one, or call us on ${BRAND.phone}.`,
  myPolicyLink: 'Go to My Policy',
  /** No answer at all, or one we cannot read: what was typed stays, so trying again costs nothing. */
  failure: `We could not reach our service. Please try again in a moment, or call us on ${BRAND.phone}.`,
};

export type SignTexts = typeof SIGN_TEXTS;
