/**
 * The one list of our custom elements: tag, the loader of its chunk, its attributes. The embed loader
 * (embed.ts) defines tags from this list, and docs or a manifest are generated from it and from each
 * element's header comment. Only widgets that exist are listed; each later widget adds its line.
 */
export interface ElementEntry {
  tag: `ppm-${string}`;
  /** Loads the chunk that registers the element. */
  load: () => Promise<unknown>;
  /** Observed kebab-case attributes. */
  attributes: readonly string[];
}

export const ELEMENTS: readonly ElementEntry[] = [
  { tag: 'ppm-quote-start', load: () => import('./quote-start/quote-start.ts'), attributes: ['variant', 'quote-url', 'dealer', 'api-base'] },
  { tag: 'ppm-retrieve-quote', load: () => import('./retrieve-quote/retrieve-quote.ts'), attributes: ['api-base', 'quote-url', 'mode', 'open'] },
  { tag: 'ppm-notify-me', load: () => import('./notify-me/notify-me.ts'), attributes: ['api-base', 'state'] },
  { tag: 'ppm-quote-wizard', load: () => import('./quote-wizard/quote-wizard.ts'), attributes: ['api-base', 'site-url', 'dealer', 'state'] },
];
