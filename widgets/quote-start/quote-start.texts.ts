import { BRAND } from '../../contract/brand.ts';

/**
 * Every text quote-start shows, keyed (STYLE.md habit 7), so a brand or a locale replaces them through the
 * element's `texts` property or the component's `texts` prop. The buttons are the spec's texts word for word
 * (doc 1 "Homepage"); the label, the empty choice and the phone line are ours.
 */
export const QUOTE_START_TEXTS = {
  form: 'Start a quote',
  state: 'Where is your car garaged?',
  // The empty choice is a real answer: with no state the visitor goes on to the quote (doc 1).
  noState: 'Choose a state',
  start: 'Start a tailored quote',
  // doc 1 "Homepage": quote widgets offer 'Start a tailored quote' and 'Retrieve my quote'
  retrieve: 'Retrieve my quote',
  phoneLead: 'Prefer to talk? Call',
  phoneHours: BRAND.supportHours,
};

export type QuoteStartTexts = typeof QUOTE_START_TEXTS;
