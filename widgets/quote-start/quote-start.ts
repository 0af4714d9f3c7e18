/**
 * <ppm-quote-start>: the start-quote widget (doc 1 "Homepage") as a custom element: a state picker and
 * 'Start a tailored quote' that leads to the wizard, with 'Retrieve my quote'. Its public surface (attributes,
 * properties, events, parts, CSS custom properties) is declared once in quote-start.element.ts; widgets/README.md
 * is generated from there.
 */
import type { TagNameMapEntry } from '../core/element-declaration.ts';
import { defineElement } from '../core/register.ts';
import { QuoteStart, type QuoteStartProps } from './QuoteStart.tsx';
import { element } from './quote-start.element.ts';
import { quoteStartStyles } from './quote-start.styles.ts';

defineElement(element, QuoteStart, { styles: quoteStartStyles });

declare global {
  interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, QuoteStartProps> {}
}
