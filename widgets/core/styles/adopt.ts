import { useLayoutEffect, type RefObject } from 'react';
import { partsOf } from './widget.styles.ts';

/**
 * Styles go through constructable stylesheets (DESIGN.md: no injected <style>, so a strict CSP holds).
 * One sheet per CSS text per page, so ten widgets adopt the same object instead of ten copies.
 */
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

/**
 * Adds the sheets to a document or shadow root, keeping the order given and what is already there. A text made
 * of parts (widget.styles.ts composedOf) is adopted as its parts.
 */
export function adoptStyles(root: Document | ShadowRoot, cssTexts: readonly string[]): void {
  const wanted = cssTexts.flatMap(partsOf).map(sheetFor);
  const missing = wanted.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}

/**
 * The same component renders in a shadow root (embedded) and in the light DOM (an Astro island on our
 * site): it adopts its sheets into whichever root node it finds itself in. Class names carry the `ppm-`
 * prefix so nothing leaks onto a host page's own elements.
 */
export function useAdoptedStyles(ref: RefObject<Element | null>, cssTexts: readonly string[]): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, cssTexts);
    // cssTexts are module constants; adopting again is a no-op
  }, [ref, ...cssTexts]);
}
