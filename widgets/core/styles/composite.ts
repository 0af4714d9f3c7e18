/**
 * A stylesheet text made of parts (base.styles.ts's baseStyles): adoptStyles (adopt.ts) adopts it as its
 * parts' sheets. A small widget adopts only the parts it draws (issue 11: a host page pays for the styles
 * its widget uses); where another piece adopts the whole into the same root (the retrieve window inside
 * quote-start, the site's page loader beside an island), the parts already there are shared, not adopted a
 * second time later in the order, where a copy of a base rule would override a widget's own rule.
 * No React here: the account pages' plain elements read base.styles.ts too.
 */
const composites = new Map<string, readonly string[]>();

/** The parts as one text (for a CSS file, or a page that joins its sheets), remembered as made of them. */
export function composedOf(parts: readonly string[]): string {
  const text = parts.join('\n');
  composites.set(text, parts);
  return text;
}

/** The texts to adopt for `cssText`: its parts when it is made of parts, else itself. */
export function partsOf(cssText: string): readonly string[] {
  return composites.get(cssText) ?? [cssText];
}
