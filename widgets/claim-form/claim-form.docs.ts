/**
 * <ppm-claim-form>'s docs, from which widgets/README.md is generated (elements-readme.ts); the names they
 * describe are declared in claim-form.element.ts, and the type checker holds the two together.
 */
import type { ElementDocs } from '../core/element-declaration.ts';
import type { element } from './claim-form.element.ts';

export const docs: ElementDocs<typeof element> = {
  summary: 'the claim form (First Notice of Loss): five steps, up to 5 photos of the damage, a claim reference on success',
  description:
    "The claim form of doc 1 (\"Claims page\", sections 3, 5, 7, 8): steps Contact and insurer, Incident and own vehicle, Other vehicle, " +
    'People and injuries, Police, with Back, Next and Submit (Submit works on step 5). Next checks the step\'s shown fields; hidden ' +
    'fields are neither checked nor sent. POST /api/contact/claims (multipart, with an Idempotency-Key, so a second press files nothing twice). ' +
    'On success it shows doc 1\'s text with the claim reference for 10 s, then a fresh form; on failure what the person typed and the photos stay.',
  attributes: {
    'api-base': "origin of the API (default: the origin embed.js came from; '' on our own site)",
  },
  properties: {
    texts: { type: 'Partial<ClaimFormTexts>', doc: 'replacement texts (questions, step titles, buttons, notices), merged over the defaults' },
  },
  events: [
    { name: 'ppm-claim', doc: 'the claim was filed; `reference` is what the claimant was shown (CLM-XXXX-XXXX)' },
    { name: 'ppm-error', doc: 'the request failed; the form keeps every answer' },
  ],
  parts: [
    'base',
    ['title', "the form's heading, 'File a Claim'"],
    ['status', 'the live region above the form that holds the success notice'],
    ['notice', 'a notice (success or failure)'],
    ['notice-success', "doc 1's success text with the claim reference"],
    ['notice-danger', 'the failure text above the buttons'],
    'form',
    ['step-heading', "the step's heading: 'Step N of 5' and its title"],
    ['error-summary', "the 'There is a problem' box after a Next or Submit with errors"],
    'field',
    'label',
    'input',
    'select',
    'error-message',
    'calendar-button',
    ['photos', 'the box of the photo picker'],
    ['file-input', 'the file input that adds photos'],
    ['photo-list', 'the list of chosen photos, each with its Remove button'],
    ['actions', 'the row of Back, Next and Submit'],
    ['back', "the 'Back' button"],
    ['next', "the 'Next' button"],
    ['submit', "the 'Submit' button"],
    'overlay',
  ],
  cssProperties: [
    '--ppm-font', '--ppm-ink', '--ppm-muted', '--ppm-surface', '--ppm-line', '--ppm-accent', '--ppm-accent-ink',
    '--ppm-danger', '--ppm-success', '--ppm-radius', '--ppm-focus',
  ],
};
