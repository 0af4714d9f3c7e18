/**
 * <ppm-notify-me>'s docs, from which widgets/README.md is generated (elements-readme.ts); the names they
 * describe are declared in notify-me.element.ts, and the type checker holds the two together.
 */
import type { ElementDocs } from '../core/element-declaration.ts';
import type { element } from './notify-me.element.ts';

export const docs: ElementDocs<typeof element> = {
  summary: 'name, e-mail and state, to be told when the product launches in a state we do not write in yet',
  description: 'The availability sign-up (doc 1 sections 2, 5, 8). POST /api/contact/subscribe.',
  attributes: {
    'api-base': "origin of the API (default: the origin embed.js came from; '' on our own site)",
    state: "two-letter state to preselect when it is one of the 50 states or DC (else the page's ?state=)",
  },
  properties: {
    texts: { type: 'Partial<NotifyMeTexts>', doc: 'replacement texts (labels, button, notices), merged over the defaults' },
  },
  events: [
    { name: 'ppm-subscribe', doc: 'after the sign-up is accepted' },
    { name: 'ppm-error', doc: 'the request failed' },
  ],
  parts: [
    'base',
    'form',
    ['error-summary', "the 'There is a problem' box above the fields after a 'Notify Me' with errors"],
    'field',
    'label',
    'input',
    'error-message',
    'listbox',
    ['status', 'the live region under the fields that holds the notice'],
    ['notice', "the notice after 'Notify Me'"],
    ['notice-success', 'the notice once the sign-up is accepted'],
    ['notice-info', 'the notice when the address was already signed up'],
    ['notice-danger', 'the notice when the request failed'],
    ['submit', "the 'Notify Me' button"],
  ],
  cssProperties: [
    '--ppm-font', '--ppm-ink', '--ppm-muted', '--ppm-surface', '--ppm-line', '--ppm-accent', '--ppm-accent-ink',
    '--ppm-danger', '--ppm-info', '--ppm-success', '--ppm-radius', '--ppm-focus',
  ],
};
