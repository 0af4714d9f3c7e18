/**
 * <ppm-retrieve-quote>'s docs, from which widgets/README.md is generated (elements-readme.ts); the names they
 * describe are declared in retrieve-quote.element.ts, and the type checker holds the two together.
 */
import type { ElementDocs, OwnPart } from '../core/element-declaration.ts';
import type { SharedPart } from '../core/shared.docs.ts';
import type { element } from './retrieve-quote.element.ts';

/** The parts of the form and its windows, which <ppm-quote-start> shows too. */
export const RETRIEVE_WINDOW_PARTS: readonly (SharedPart | OwnPart)[] = [
  'modal',
  'form',
  'field',
  'label',
  'input',
  'error-message',
  'calendar-button',
  ['back', "'Back' in the window, which closes it"],
  ['submit', "'See my quote' in the window"],
  ['new-quote', "'New Quote' in the 'Sorry!' window that a miss opens"],
  ['error-summary', "the 'There is a problem' box above the retrieve form after a failed submit"],
  'snackbars',
  'snackbar',
  'snackbar-danger',
];

export const docs: ElementDocs<typeof element> = {
  summary: 'e-mail, date of birth and ZIP to find a saved quote and open it in the wizard',
  description:
    'Retrieve a saved quote (doc 1 "Homepage", "My Policy page", sections 5, 7, 8). E-mail, date of birth ' +
    "(MM/DD/YYYY, calendar up to 18 years ago) and ZIP; 'See my quote' looks the quote up (only when all three are " +
    "given) and opens it in the wizard; a miss shows 'Sorry!' with 'New Quote'. For a person signed in on our own " +
    'site the button goes to /account/lookup-quotes instead (embedded on another origin it always shows the form). ' +
    'Escape closes.',
  attributes: {
    'api-base': "origin of the API (default: the origin embed.js came from; '' on our own site)",
    'quote-url':
      'where the wizard is (default: /receive-a-quote on the origin embed.js came from); a found quote opens there ' +
      'with ?email=&dob=YYYY-MM-DD&zipcode=, which the wizard removes from the address bar',
    mode: "`modal` (default): a 'Retrieve my quote' button that opens the form in a modal; `inline`: the form in the page, with a 'Retrieve' button",
    open: 'modal mode: present (and not "false") opens the modal when the element appears',
  },
  properties: {
    texts: { type: 'Partial<RetrieveQuoteTexts>', doc: 'replacement texts (labels, buttons, messages)' },
  },
  events: [
    {
      name: 'ppm-quote',
      variant: 'retrieved',
      cancelable: true,
      doc: 'sent when the quote was found and before the widget opens it in the wizard; preventDefault() keeps the visitor here',
    },
    {
      name: 'ppm-error',
      doc: 'the lookup failed (404: no quote matches; 429: too many tries; 0: no answer); `message` is what was shown',
    },
  ],
  parts: ['base', ['trigger', "the 'Retrieve my quote' button (`modal` mode)"], ...RETRIEVE_WINDOW_PARTS, ['submit', "'Retrieve' in `inline` mode"]],
  cssProperties: ['--ppm-font', '--ppm-ink', '--ppm-muted', '--ppm-surface', '--ppm-line', '--ppm-accent', '--ppm-accent-ink', '--ppm-danger', '--ppm-radius', '--ppm-focus'],
};
