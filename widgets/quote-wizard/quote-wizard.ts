/**
 * <ppm-quote-wizard>: the quote wizard (doc 2, doc 3) as a custom element: steps 1 Your Info and
 * 2 Your Vehicle, 3 Your Drivers, then the coverage step. What was typed is kept in this tab's
 * sessionStorage ('ppm-quote-wizard'), so a reload resumes at the same step; arriving afresh clears it.
 *
 * Attributes:
 *   api-base  - origin of the API (default: the origin embed.js came from; '' on our own site)
 *   site-url  - origin of the brand site, where the unavailable pages are (default: as api-base)
 *   dealer    - a dealer code: presets 'How did you hear about us?' to Dealer and that dealer, and
 *               attributes the quote to it (the page's ?dealer= wins, as quote-start sends it)
 *   state     - a two-letter state to preset on step 1 when it is one we write in (the page's ?state= wins)
 * Properties:
 *   apiBase, siteUrl, dealer, state - as the attributes
 * Events:
 *   ppm-step  - CustomEvent<{ step: number; name: string }>, each time a step is shown (a page view per step)
 * Parts:
 *   base, hero, steps, form, field, label, input, select, error-message, listbox, tooltip-button,
 *   tooltip-text, vehicle, coverage, back, continue, help, overlay, snackbars, snackbar, modal
 * CSS custom properties:
 *   --ppm-font, --ppm-ink, --ppm-muted, --ppm-surface, --ppm-line, --ppm-accent, --ppm-accent-ink,
 *   --ppm-danger, --ppm-info, --ppm-success, --ppm-radius, --ppm-focus
 */
import { defineElement } from '../core/register.ts';
import { QuoteWizard } from './QuoteWizard.tsx';
import { quoteWizardStyles } from './quote-wizard.styles.ts';

export const QUOTE_WIZARD_TAG = 'ppm-quote-wizard';

defineElement(QUOTE_WIZARD_TAG, QuoteWizard, { attributes: ['apiBase', 'siteUrl', 'dealer', 'state'], styles: quoteWizardStyles });

declare global {
  interface HTMLElementTagNameMap {
    'ppm-quote-wizard': HTMLElement & { apiBase?: string; siteUrl?: string; dealer?: string; state?: string };
  }
}
