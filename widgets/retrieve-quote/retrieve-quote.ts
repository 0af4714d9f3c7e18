/**
 * <ppm-retrieve-quote>: retrieve a saved quote (doc 1 "Homepage", "My Policy page", sections 5, 7, 8) as a
 * custom element: e-mail, date of birth and ZIP, then the quote opens in the wizard. Its public surface
 * (attributes, properties, events, parts, CSS custom properties) is declared once in retrieve-quote.element.ts;
 * widgets/README.md is generated from there.
 */
import type { TagNameMapEntry } from '../core/element-declaration.ts';
import { defineElement } from '../core/register.ts';
import { RetrieveQuote, type RetrieveQuoteProps } from './RetrieveQuote.tsx';
import { element } from './retrieve-quote.element.ts';
import { retrieveQuoteStyles } from './retrieve-quote.styles.ts';

defineElement(element, RetrieveQuote, { styles: retrieveQuoteStyles });

declare global {
  interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, RetrieveQuoteProps> {}
}
