/**
 * <ppm-quote-wizard>'s docs, from which widgets/README.md is generated (elements-readme.ts); the names they
 * describe are declared in quote-wizard.element.ts, and the type checker holds the two together.
 */
import type { ElementDocs } from '../core/element-declaration.ts';
import type { element } from './quote-wizard.element.ts';

export const docs: ElementDocs<typeof element> = {
  summary: 'the whole quote, from the first question to a bound policy',
  description:
    'The quote wizard (doc 2, doc 3), step by step: 1 Your Info, 2 Your Vehicle, 3 Your Drivers, 4 Your Coverage ' +
    '(where the quote is priced), 5 Your Quote, 6 Payment (the card; once the policy is bound, the lienholders of ' +
    'any leased or financed vehicle) and 7 Thank You. On the brand site what was typed is kept in this tab\'s ' +
    "sessionStorage ('ppm-quote-wizard'), so a reload resumes at the same step. On any other origin (a dealer's " +
    "page) the answers stay in memory only, never in the host's storage, and Purchase Now on step 5 hands the " +
    "visitor over to the brand site's /receive-a-quote with a single-use token, where steps 6 and 7 follow: card " +
    'payment happens on our own origin only (DESIGN.md "Embedding"). On the brand site, for a signed-in person ' +
    "(the page's session), step 5 offers Save My Quote and step 7 links to the account instead of offering to " +
    'create one; any 401 on the page takes both back at once.',
  attributes: {
    'api-base': "origin of the API (default: the origin embed.js came from; '' on our own site)",
    'site-url': 'origin of the brand site, where the unavailable pages are (default: as api-base)',
    dealer:
      "a dealer code: presets 'How did you hear about us?' to Dealer and that dealer, and attributes the quote to " +
      "it (the page's ?dealer= wins, as quote-start sends it)",
    state: "a two-letter state to preset on step 1 when it is one we write in (the page's ?state= wins)",
  },
  properties: {},
  events: [
    { name: 'ppm-step', doc: 'each time a step is shown (a page view per step)' },
    {
      name: 'ppm-quote',
      variant: 'priced',
      doc: 'each time a new price is calculated (no personal data)',
    },
    {
      name: 'ppm-purchase',
      doc: 'once a policy is bound (amount: the dollars the card was charged today, as the payment record says)',
    },
    {
      name: 'ppm-error',
      doc: 'each failure shown to the person (status 0: no HTTP status to report)',
    },
  ],
  parts: [
    'base',
    ['hero', 'the banner with the title'],
    ['steps', 'the step indicator'],
    ['error-summary', "the list of a step's problems after a failed Continue (or Calculate on step 4), each linking to its field"],
    'form',
    'field',
    'label',
    'input',
    'select',
    'error-message',
    'listbox',
    'calendar-button',
    'tooltip-button',
    'tooltip-text',
    ['vehicle', 'step 2: one vehicle'],
    ['drivers', 'step 3: the drivers'],
    ['driver-page', "step 3: one driver's page"],
    ['remove-driver', "step 3: 'Remove Driver'"],
    ['max-drivers', 'step 3: the notice that more drivers need a call'],
    ['coverage', 'step 4: the coverage'],
    ['vehicle-box', "step 4: one vehicle's coverages"],
    ['calculate', "step 4: 'Calculate', which prices the quote"],
    ['pricing', 'step 4: the price and how it is made up'],
    ['price-bar', 'step 4 where the price sits below the form (a phone): the bar keeping the price in view at the top; a host page with a sticky header of its own sets its top'],
    ['quote', 'step 5: the quote'],
    ['back', "'Back' (steps 2 to 6, and the lienholder sub-step)"],
    ['continue', "'Continue' (steps 1 to 4, and the lienholder sub-step before its last vehicle)"],
    ['call-to-complete', "step 5: 'Call to Complete'"],
    ['save', "step 5: 'Save My Quote' (signed in on our own site)"],
    ['purchase', "step 5: 'Purchase Now'"],
    ['payment', 'step 6: the payment'],
    ['delivery-consent', 'step 6: the optional, unticked checkbox consenting to bills and notices by e-mail instead of by post'],
    ['card-consent', 'step 6: the words that authorise keeping the card for the monthly bill, above Submit Payment'],
    ['submit-payment', "step 6: 'Submit Payment'"],
    ['lienholders', 'step 6, once the policy is bound: the lienholder sub-step'],
    ['submit', "the lienholder sub-step's last button"],
    ['thank-you', 'step 7'],
    ['home', "step 7 without a bound policy: 'Continue to Homepage'"],
    ['account', 'step 7, signed in: the way to the account'],
    ['account-link', "step 7, signed in: 'Go to My Account'"],
    ['create-account', "step 7: 'Create Account'"],
    ['help', 'the customer-care phone line under the form'],
    'overlay',
    'modal',
    'snackbars',
    'snackbar',
    'snackbar-danger',
    'snackbar-info',
  ],
  cssProperties: [
    '--ppm-font', '--ppm-ink', '--ppm-muted', '--ppm-surface', '--ppm-line', '--ppm-accent', '--ppm-accent-ink',
    '--ppm-danger', '--ppm-info', '--ppm-success', '--ppm-radius', '--ppm-focus',
  ],
};
