/**
 * Every text of the rollover page (/rollover#identifier), keyed (STYLE.md habit 7). Doc 1's own words: the
 * links 'View Quote' and 'Sign Renewal Application' and the sentence after them ("Rollover page"), the
 * not-found snackbar (section 8, MESSAGES.rolloverNotFound, its two spaces kept), 'Loading...' (section 9).
 * The rest is ours.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';

export const ROLLOVER_TEXTS = {
  loading: 'Loading...',
  ready: 'Your renewal is ready',
  intro: 'Your policy renews at the end of this term. Please sign the renewal application so your cover continues without a break.',
  viewQuote: 'View Quote',
  newTab: '(opens in a new tab)',
  sign: 'Sign Renewal Application',
  afterSigning: 'After signing nothing more is needed; odometer requests continue on the usual schedule.',
  // ours (issue 23): the same link opened after signing
  signedTitle: 'Your renewal is signed',
  signedText: 'Thank you: your renewal application is signed, so your cover continues without a break when this term ends. Nothing more is needed; odometer requests continue on the usual schedule.',
  documents: 'Your policy documents',
  notFound: MESSAGES.rolloverNotFound,
  care: `Customer Care: ${BRAND.phone}, ${BRAND.supportHours}.`,
  home: 'Go to the home page',
  close: 'Close',
};

export type RolloverTexts = typeof ROLLOVER_TEXTS;
