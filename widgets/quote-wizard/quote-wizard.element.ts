/**
 * <ppm-quote-wizard>'s public surface, declared once: the names that the loader (elements.ts) and the
 * registration (quote-wizard.ts) read. What each name means, and the element's events, parts and CSS custom
 * properties, are in quote-wizard.docs.ts, which nothing in the bundle imports (core/element-declaration.ts).
 */
import type { ElementSurface } from '../core/element-declaration.ts';

export const element = {
  tag: 'ppm-quote-wizard',
  attributes: ['api-base', 'site-url', 'dealer', 'state'],
  properties: [],
} as const satisfies ElementSurface;
