/**
 * <ppm-notify-me>'s public surface, declared once: the names that the loader (elements.ts) and the
 * registration (notify-me.ts) read. What each name means, and the element's events, parts and CSS custom
 * properties, are in notify-me.docs.ts, which nothing in the bundle imports (core/element-declaration.ts).
 */
import type { ElementSurface } from '../core/element-declaration.ts';

export const element = {
  tag: 'ppm-notify-me',
  attributes: ['api-base', 'state'],
  properties: ['texts'],
} as const satisfies ElementSurface;
