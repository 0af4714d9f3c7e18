/**
 * <ppm-notify-me>: the availability sign-up (doc 1 sections 2, 5, 8) as a custom element. Its public surface
 * (attributes, properties, events, parts, CSS custom properties) is declared once in notify-me.element.ts;
 * widgets/README.md is generated from there.
 */
import type { TagNameMapEntry } from '../core/element-declaration.ts';
import { defineElement } from '../core/register.ts';
import { NotifyMe, type NotifyMeProps } from './NotifyMe.tsx';
import { element } from './notify-me.element.ts';
import { notifyMeStyles } from './notify-me.styles.ts';

defineElement(element, NotifyMe, { styles: notifyMeStyles });

declare global {
  interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, NotifyMeProps> {}
}
