/**
 * <ppm-notify-me>: the availability sign-up (doc 1 sections 2, 5, 8) as a custom element.
 *
 * Attributes:
 *   api-base  - origin of the API (default: the origin embed.js came from; '' on our own site)
 *   state     - two-letter state to preselect when it is one of the 50 states or DC (else the page's ?state=)
 * Properties:
 *   apiBase, state - as the attributes
 *   texts          - Partial<NotifyMeTexts>: replacement texts (labels, button, notices), merged over the defaults
 * Events:
 *   ppm-subscribe - CustomEvent<{ state: string; alreadySubscribed: boolean }>, after the sign-up is accepted
 *   ppm-error     - CustomEvent<{ widget: 'ppm-notify-me'; status: number; message: string }>, the request failed
 * Parts:
 *   base, form, field, label, input, error-message, listbox, status, notice, notice-success, notice-info,
 *   notice-danger, submit
 * CSS custom properties:
 *   --ppm-font, --ppm-ink, --ppm-muted, --ppm-surface, --ppm-line, --ppm-accent, --ppm-accent-ink,
 *   --ppm-danger, --ppm-info, --ppm-success, --ppm-radius, --ppm-focus
 */
import { defineElement } from '../core/register.ts';
import { NotifyMe } from './NotifyMe.tsx';
import { notifyMeStyles } from './notify-me.styles.ts';
import type { NotifyMeTexts } from './notify-me.texts.ts';

export const NOTIFY_ME_TAG = 'ppm-notify-me';

defineElement(NOTIFY_ME_TAG, NotifyMe, { attributes: ['apiBase', 'state'], properties: ['texts'], styles: notifyMeStyles });

declare global {
  interface HTMLElementTagNameMap {
    'ppm-notify-me': HTMLElement & { apiBase?: string; state?: string; texts?: Partial<NotifyMeTexts> };
  }
}
