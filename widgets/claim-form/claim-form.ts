/**
 * <ppm-claim-form>: the claim form, First Notice of Loss (doc 1 "Claims page", sections 3, 5, 7, 8), as a
 * custom element. Its public surface is declared once in claim-form.element.ts; widgets/README.md is
 * generated from there and claim-form.docs.ts.
 */
import type { TagNameMapEntry } from '../core/element-declaration.ts';
import { defineElement } from '../core/register.ts';
import { ClaimForm, type ClaimFormProps } from './ClaimForm.tsx';
import { element } from './claim-form.element.ts';
import { claimFormStyles } from './claim-form.styles.ts';

defineElement(element, ClaimForm, { styles: claimFormStyles });

declare global {
  interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, ClaimFormProps> {}
}
