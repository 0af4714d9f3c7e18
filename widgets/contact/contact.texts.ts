import { BRAND } from '../../contract/brand.ts';
import { CONTACT_SUBJECT_FALLBACK } from '../../contract/reference/claim-options.ts';

/**
 * Every text the contact form shows, keyed (STYLE.md habit 7). Doc 1 names the fields, not their labels: the
 * labels are ours, and say which fields may stay empty, as the claim form's do. The failure and success texts
 * are doc 1 section 8's, word for word.
 */
export const CONTACT_TEXTS = {
  subject: 'Subject (optional)',
  subjectHint: `Leave it empty and we will use '${CONTACT_SUBJECT_FALLBACK}'.`,
  body: 'Message',
  agreementBefore: 'I have read and agree to the ',
  agreementLink: 'privacy policy',
  agreementAfter: '.',
  firstName: 'First Name',
  middleName: 'Middle Initial (optional)',
  lastName: 'Last Name',
  suffix: 'Suffix (optional)',
  suffixHint: 'For example Jr. or III',
  email: 'Email',
  phone: 'Phone (optional)',
  phoneHint: 'As 000-000-0000',
  submit: 'Send',
  sending: 'Sending your message...',
  // doc 1 section 8, word for word, as notify-me's, but for the brand's name where the spec writes "the
  // product" (a placeholder, as its {phone} is: docs/architecture.md, choices; issue 23)
  failure: 'Something went wrong. Please try again later.',
  success: `Thank you for contacting ${BRAND.productName}. A customer care concierge will be in touch as soon as possible`,
};

export type ContactTexts = typeof CONTACT_TEXTS;

/** Where the agreement's link goes (doc 1 route table). */
export const PRIVACY_POLICY_PATH = '/legal/privacy-policy';

/** doc 1 section 8: the success text shows for 10 s, then the page goes home. */
export const SUCCESS_MS = 10_000;
