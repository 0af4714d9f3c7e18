import { MESSAGES } from '../../../contract/index.ts';

/**
 * The texts of the quote call (quote/use-quote-call.ts), keyed (STYLE.md habit 7), word for word from doc 3
 * section 8. The coverage and quote steps' text tables name these same entries.
 */
export const QUOTE_CALL_TEXTS = {
  // doc 3 section 8: loader texts
  calculating: 'Please wait while we calculate your quote, as this process can take up to a minute.',
  finalizing: 'Please wait while we finalize your quote...',
  // doc 3 section 8: "Quote calculation failure", with one message or none (drawn with its call and Contact Us links)
  needMoreInformation: 'We are working on your quote but need a bit more information',
  // doc 3 section 8: "Forward or continue failure"
  forwardFailed: MESSAGES.callUs,
  // doc 3 section 8: "Re-quote failure while saving" (a passed effective date priced again from today)
  requoteFailed: 'Something went wrong. Please update your Policy Effective Date',
} as const;
