/**
 * <ppm-retrieve-quote>: retrieve a saved quote (doc 1 "Homepage", "My Policy page", sections 5, 7, 8) as a
 * custom element. E-mail, date of birth (MM/DD/YYYY, calendar up to 18 years ago) and ZIP; 'See my quote'
 * looks the quote up (only when all three are given) and opens it in the wizard; a miss shows 'Sorry!' with
 * 'New Quote'. For a person signed in on our own site the button goes to /account/lookup-quotes instead
 * (embedded on another origin it always shows the form). Escape closes.
 *
 * Attributes:
 *   api-base  - origin of the API (default: the origin embed.js came from; '' on our own site)
 *   quote-url - where the wizard is (default: /receive-a-quote on the origin embed.js came from); a found quote
 *               opens there with ?email=&dob=YYYY-MM-DD&zipcode=, which the wizard removes from the address bar
 *   mode      - `modal` (default): a 'Retrieve my quote' button that opens the form in a modal;
 *               `inline`: the form in the page, with a 'Retrieve' button
 *   open      - modal mode: present (and not "false") opens the modal when the element appears
 * Properties:
 *   apiBase, quoteUrl, mode, open - as the attributes
 *   texts                         - Partial<RetrieveQuoteTexts>: replacement texts (labels, buttons, messages)
 * Events:
 *   ppm-quote - CustomEvent<{ action: 'retrieved'; policyNumber: string }>, cancelable, sent when the quote was
 *               found and before the widget opens it in the wizard; preventDefault() keeps the visitor here
 *   ppm-error - CustomEvent<{ widget: 'ppm-retrieve-quote'; status: number; message: string }>, the lookup
 *               failed (404: no quote matches; 429: too many tries; 0: no answer); `message` is what was shown
 * Parts:
 *   base, trigger, modal, form, field, label, input, error-message, calendar-button, back, submit, new-quote,
 *   snackbars, snackbar, snackbar-danger
 * CSS custom properties:
 *   --ppm-font, --ppm-ink, --ppm-muted, --ppm-surface, --ppm-line, --ppm-accent, --ppm-accent-ink,
 *   --ppm-danger, --ppm-radius, --ppm-focus
 */
import { defineElement } from '../core/register.ts';
import { RetrieveQuote } from './RetrieveQuote.tsx';
import { retrieveQuoteStyles } from './retrieve-quote.styles.ts';
import type { RetrieveQuoteTexts } from './retrieve-quote.texts.ts';

export const RETRIEVE_QUOTE_TAG = 'ppm-retrieve-quote';

defineElement(RETRIEVE_QUOTE_TAG, RetrieveQuote, {
  attributes: ['apiBase', 'quoteUrl', 'mode', 'open'],
  properties: ['texts'],
  styles: retrieveQuoteStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ppm-retrieve-quote': HTMLElement & {
      apiBase?: string;
      quoteUrl?: string;
      mode?: string;
      open?: string;
      texts?: Partial<RetrieveQuoteTexts>;
    };
  }
}
