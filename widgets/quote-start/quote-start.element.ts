/**
 * <ppm-quote-start>'s public surface, declared once: the names that the loader (elements.ts) and the
 * registration (quote-start.ts) read. What each name means, and the element's events, parts and CSS custom
 * properties, are in quote-start.docs.ts, which nothing in the bundle imports (core/element-declaration.ts).
 */
import type { ElementSurface } from '../core/element-declaration.ts';

export const element = {
  tag: 'ppm-quote-start',
  attributes: ['variant', 'quote-url', 'dealer', 'api-base'],
  properties: ['texts'],
} as const satisfies ElementSurface;
