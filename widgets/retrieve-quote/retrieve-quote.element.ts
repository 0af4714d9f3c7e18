/**
 * <ppm-retrieve-quote>'s public surface, declared once: the names that the loader (elements.ts) and the
 * registration (retrieve-quote.ts) read. What each name means, and the element's events, parts and CSS custom
 * properties, are in retrieve-quote.docs.ts, which nothing in the bundle imports (core/element-declaration.ts).
 */
import type { ElementSurface } from '../core/element-declaration.ts';

export const element = {
  tag: 'ppm-retrieve-quote',
  attributes: ['api-base', 'quote-url', 'mode', 'open'],
  properties: ['texts'],
} as const satisfies ElementSurface;
