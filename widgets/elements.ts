/**
 * The one list of our custom elements: each element's tag, from its declaration (<name>.element.ts), and
 * the loader of the chunk that registers it. The embed loader (embed.ts) defines tags from it, so it
 * carries names only; widgets/README.md (elements-readme.ts) documents the elements in this order, from
 * their declarations' docs (<name>.docs.ts), which the bundle never imports. Only widgets that exist are
 * listed; each later widget adds its line.
 */
import { element as claimForm } from './claim-form/claim-form.element.ts';
import { element as notifyMe } from './notify-me/notify-me.element.ts';
import { element as quoteStart } from './quote-start/quote-start.element.ts';
import { element as quoteWizard } from './quote-wizard/quote-wizard.element.ts';
import { element as retrieveQuote } from './retrieve-quote/retrieve-quote.element.ts';

export interface ElementEntry {
  tag: `ppm-${string}`;
  /** Loads the chunk that registers the element. */
  load: () => Promise<unknown>;
}

export const ELEMENTS: readonly ElementEntry[] = [
  { tag: quoteStart.tag, load: () => import('./quote-start/quote-start.ts') },
  { tag: retrieveQuote.tag, load: () => import('./retrieve-quote/retrieve-quote.ts') },
  { tag: notifyMe.tag, load: () => import('./notify-me/notify-me.ts') },
  { tag: quoteWizard.tag, load: () => import('./quote-wizard/quote-wizard.ts') },
  { tag: claimForm.tag, load: () => import('./claim-form/claim-form.ts') },
];
