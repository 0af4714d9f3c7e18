/**
 * The quote wizard's old per-step pages (doc 1 route table, doc 2 section 1, doc 3 section 2). Each one
 * redirects to /receive-a-quote: the API answers a real 301, the static site writes a redirect page.
 */
import { PAGES } from '../pages.ts';

export const WIZARD_PATH = PAGES.wizard;

export const WIZARD_STEP_PAGES = [
  'quote-info-page',
  'quote-vehicles-page',
  'quote-drivers-page',
  'quote-coverage-page',
  'quote-quote-page',
  'quote-payment-page',
  'quote-thank-you-page',
] as const;
