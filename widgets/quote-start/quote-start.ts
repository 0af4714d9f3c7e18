/**
 * <ppm-quote-start>: the start-quote widget (doc 1 "Homepage") as a custom element: a state picker and
 * 'Start a tailored quote'. No state, or a state we write in, goes to `quote-url` with `?state=XX` (and
 * `&dealer=CODE`); CA, IL, PA and WI go to /unavailable?not-writing&state=XX; any other state to
 * /unavailable/{State Name}, on the brand site.
 *
 * Attributes:
 *   variant   - `wide` (default): Arizona, Colorado, Florida, Georgia, Oregon, Tennessee and Texas, and the phone
 *               line; `full`: the 50 states and DC
 *   quote-url - where the wizard is (default: /receive-a-quote on the origin embed.js came from)
 *   dealer    - a dealer code we gave you: the wizard presets 'how did you hear' to Dealer and this dealer, and
 *               the quote is attributed to it. An unknown code is ignored with a console warning.
 *   api-base  - origin of the API, for 'Retrieve my quote' (default: the origin embed.js came from)
 * Properties:
 *   variant, quoteUrl, dealer, apiBase - as the attributes
 *   texts                              - Partial<QuoteStartTexts>: replacement texts (label, empty choice, buttons,
 *                                        phone line)
 * Events:
 *   ppm-quote-start - CustomEvent<{ state: string; dealer: string; url: string }>, cancelable, sent when the
 *                     visitor presses the button and before the widget navigates to `url`; call
 *                     preventDefault() to navigate yourself ('' means no state or no dealer)
 *   ppm-quote, ppm-error - from 'Retrieve my quote', whose form opens in a modal (see <ppm-retrieve-quote>;
 *                     its code loads on the first click; its parts are listed here too). A signed-in person goes
 *                     to /account/lookup-quotes instead.
 * Parts:
 *   base, form, field, label, select, submit, retrieve, phone, modal, input, error-message, calendar-button, back,
 *   new-quote, snackbars, snackbar, snackbar-danger
 * CSS custom properties:
 *   --ppm-font, --ppm-ink, --ppm-muted, --ppm-surface, --ppm-line, --ppm-accent, --ppm-accent-ink,
 *   --ppm-danger, --ppm-radius, --ppm-focus
 */
import { defineElement } from '../core/register.ts';
import { QuoteStart } from './QuoteStart.tsx';
import { quoteStartStyles } from './quote-start.styles.ts';
import type { QuoteStartTexts } from './quote-start.texts.ts';

export const QUOTE_START_TAG = 'ppm-quote-start';

defineElement(QUOTE_START_TAG, QuoteStart, {
  attributes: ['variant', 'quoteUrl', 'dealer', 'apiBase'],
  properties: ['texts'],
  styles: quoteStartStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ppm-quote-start': HTMLElement & {
      variant?: string;
      quoteUrl?: string;
      dealer?: string;
      apiBase?: string;
      texts?: Partial<QuoteStartTexts>;
    };
  }
}
