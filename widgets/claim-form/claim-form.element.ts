/**
 * <ppm-claim-form>'s public surface, declared once: the names that the loader (elements.ts) and the
 * registration (claim-form.ts) read. What each name means, and the element's events, parts and CSS custom
 * properties, are in claim-form.docs.ts, which nothing in the bundle imports (core/element-declaration.ts):
 *
 * - attributes: `api-base`
 * - properties: `texts`
 * - events: `ppm-claim` ({ reference }), `ppm-error` ({ widget, status, message })
 * - parts: base, title, status, notice, notice-success, notice-danger, form, step-heading, error-summary, field,
 *   label, input, select, error-message, calendar-button, photos, file-input, photo-list, actions, back, next,
 *   submit, overlay
 * - CSS custom properties: the shared theme (--ppm-font, --ppm-ink, --ppm-accent, ...)
 */
import type { ElementSurface } from '../core/element-declaration.ts';

export const element = {
  tag: 'ppm-claim-form',
  attributes: ['api-base'],
  properties: ['texts'],
} as const satisfies ElementSurface;
