/**
 * <ppm-quote-wizard>: the quote wizard (doc 2, doc 3) as a custom element, from the first question to a bound
 * policy (steps.ts lists the steps). Its public surface (attributes, events, parts, CSS custom properties) is
 * declared once in quote-wizard.element.ts; widgets/README.md is generated from there.
 */
import type { TagNameMapEntry } from '../core/element-declaration.ts';
import { defineElement } from '../core/register.ts';
import { QuoteWizard, type QuoteWizardProps } from './QuoteWizard.tsx';
import { element } from './quote-wizard.element.ts';
import { quoteWizardStyles } from './quote-wizard.styles.ts';

defineElement(element, QuoteWizard, { styles: quoteWizardStyles });

declare global {
  interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, QuoteWizardProps> {}
}
