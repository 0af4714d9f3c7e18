/**
 * <ppm-quote-wizard>: the quote wizard (doc 2, doc 3) as a custom element: 1 Your Info, 2 Your Vehicle,
 * 3 Your Drivers, 4 Your Coverage, 5 Your Quote, then 6 Payment (with lienholders) and 7 Thank You. On the
 * brand site what was typed is kept in this tab's sessionStorage ('ppm-quote-wizard'), so a reload resumes
 * at the same step. On any other origin (a dealer's page) the answers stay in memory only, never in the
 * host's storage, and Purchase Now hands the visitor over to the brand site's /receive-a-quote with a
 * single-use token: card payment happens on our own origin only (DESIGN.md "Embedding"). On the brand site,
 * for a signed-in person (the page's session), step 5 offers Save My Quote and step 7 links to the account
 * instead of offering to create one; any 401 on the page takes both back at once.
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
 *   ppm-step     - CustomEvent<{ step: number; name: string }>, each time a step is shown (a page view per step)
 *   ppm-quote    - CustomEvent<{ action: 'priced'; policyNumber; ratedState; vehicles; estimatedMonthlyPayment }>,
 *                  each time a new price is calculated (no personal data)
 *   ppm-purchase - CustomEvent<{ policyNumber; binderNumber; quoteNumber; billingFrequency; amount }>, once a
 *                  policy is bound (amount: dollars charged today)
 *   ppm-error    - CustomEvent<{ widget: 'ppm-quote-wizard'; status: number; message: string }>, each failure
 *                  shown to the person (status 0: no HTTP status to report)
 * Parts:
 *   base, hero, steps, form, field, label, input, select, error-message, listbox, tooltip-button,
 *   tooltip-text, vehicle, coverage, back, continue, help, overlay, snackbars, snackbar, modal, payment,
 *   submit-payment, lienholders, submit, thank-you, create-account, account, account-link, home
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
