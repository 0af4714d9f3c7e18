/**
 * <ppm-quote-start>'s docs, from which widgets/README.md is generated (elements-readme.ts); the names they
 * describe are declared in quote-start.element.ts, and the type checker holds the two together.
 */
import type { ElementDocs } from '../core/element-declaration.ts';
import { docs as retrieveQuote, RETRIEVE_WINDOW_PARTS } from '../retrieve-quote/retrieve-quote.docs.ts';
import type { element } from './quote-start.element.ts';

export const docs: ElementDocs<typeof element> = {
  summary: "a state picker and 'Start a tailored quote', which leads to the wizard, with 'Retrieve my quote'",
  description:
    "The start-quote widget (doc 1 \"Homepage\"). No state, or a state we write in, goes to `quote-url` with `?state=XX` " +
    "(and `&dealer=CODE`); CA, IL, PA and WI go to /unavailable?not-writing&state=XX; any other state to " +
    "/unavailable/{State Name}, on the brand site. 'Retrieve my quote' opens `<ppm-retrieve-quote>`'s form in a modal " +
    '(its code loads on the first click), so its events and parts are listed here too; a person signed in on our ' +
    'own site goes to /account/lookup-quotes instead.',
  attributes: {
    variant:
      '`wide` (default): Arizona, Colorado, Florida, Georgia, Oregon, Tennessee and Texas, and the phone line; `full`: the 50 states and DC',
    'quote-url': 'where the wizard is (default: /receive-a-quote on the origin embed.js came from)',
    dealer:
      "a dealer code we gave you: the wizard presets 'how did you hear' to Dealer and this dealer, and the quote is " +
      'attributed to it. An unknown code is ignored with a console warning.',
    'api-base': "origin of the API, for 'Retrieve my quote' (default: the origin embed.js came from)",
  },
  properties: {
    texts: { type: 'Partial<QuoteStartTexts>', doc: 'replacement texts (label, empty choice, buttons, phone line)' },
  },
  events: [
    {
      name: 'ppm-quote-start',
      cancelable: true,
      doc:
        'sent when the visitor presses the button and before the widget navigates to `url`; call preventDefault() ' +
        "to navigate yourself ('' means no state or no dealer)",
    },
    ...retrieveQuote.events.map((event) => ({ ...event, from: 'ppm-retrieve-quote' as const, doc: `from 'Retrieve my quote': ${event.doc}` })),
  ],
  parts: [
    'base',
    'form',
    'field',
    'label',
    'select',
    ['submit', "'Start a tailored quote'"],
    ['retrieve', "the 'Retrieve my quote' button"],
    ['phone', 'the phone line (variant `wide`)'],
    ...RETRIEVE_WINDOW_PARTS,
  ],
  cssProperties: ['--ppm-font', '--ppm-ink', '--ppm-muted', '--ppm-surface', '--ppm-line', '--ppm-accent', '--ppm-accent-ink', '--ppm-danger', '--ppm-radius', '--ppm-focus'],
};
