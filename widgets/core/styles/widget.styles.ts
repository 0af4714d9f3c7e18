import { BRAND } from '../../../contract/index.ts';

const c = BRAND.colours;

/**
 * What the widgets draw, in parts, so a small widget adopts the parts it uses rather than the whole (issue
 * 11): the theme, fields (label, input or select) and buttons. What a form shows once the person has acted (a
 * field's error, a notice) is in form-messages.styles.ts, outside the runtime chunk every page fetches, since
 * quote-start shows neither (issue 25). base.styles.ts adds what only the larger widgets draw (hints,
 * toggletip labels, radio groups, icon buttons).
 *
 * Theming from outside: set `--ppm-*` on the element (they inherit into the shadow root) or style `::part`.
 * Defaults come from the brand config, so a white-label programme changes one file.
 *
 * CSS custom properties:
 *   --ppm-font, --ppm-ink, --ppm-muted, --ppm-surface, --ppm-line, --ppm-accent, --ppm-accent-ink,
 *   --ppm-danger, --ppm-info, --ppm-success, --ppm-radius, --ppm-focus
 */
export const themeStyles = /* css */ `
:host { display: block; }
:host([hidden]) { display: none; }
.ppm-root {
  --_font: var(--ppm-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  --_ink: var(--ppm-ink, ${c.ink});
  --_muted: var(--ppm-muted, ${c.muted});
  --_surface: var(--ppm-surface, ${c.surface});
  --_line: var(--ppm-line, ${c.line});
  --_accent: var(--ppm-accent, ${c.accent});
  --_accent-ink: var(--ppm-accent-ink, ${c.accentInk});
  --_danger: var(--ppm-danger, ${c.danger});
  --_info: var(--ppm-info, ${c.info});
  --_success: var(--ppm-success, ${c.success});
  --_radius: var(--ppm-radius, 6px);
  /* the focus ring: the brand's blue, 6.67:1 on the white surface (WCAG 1.4.11 asks 3:1; the amber it
     replaces was 1.64:1). A host that puts a widget on a dark surface sets --ppm-focus to a light colour. */
  --_focus: var(--ppm-focus, ${c.info});
  font-family: var(--_font);
  font-size: 1rem;
  line-height: 1.5;
  color: var(--_ink);
  box-sizing: border-box;
}
.ppm-root *, .ppm-root *::before, .ppm-root *::after { box-sizing: inherit; }
.ppm-visually-hidden {
  position: absolute !important; width: 1px !important; height: 1px !important; margin: 0 !important;
  padding: 0 !important; overflow: hidden !important; clip: rect(0 0 0 0) !important;
  clip-path: inset(50%) !important; border: 0 !important; white-space: nowrap !important;
}
`;

export const fieldStyles = /* css */ `
.ppm-field { margin: 0 0 1rem; position: relative; display: flex; flex-direction: column; }
/* in a row of fields each control sits at the foot of its cell: a label or hint that wraps to a second line
   never puts its control below its neighbour's */
.ppm-field > :last-child { margin-top: auto; }
.ppm-label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.ppm-input, .ppm-select {
  display: block; width: 100%; min-height: 2.75rem; padding: 0.5rem 0.75rem;
  font: inherit; color: var(--_ink); background: var(--_surface);
  border: 2px solid var(--_ink); border-radius: var(--_radius);
}
.ppm-input:focus, .ppm-select:focus {
  outline: 3px solid var(--_focus); outline-offset: 0; box-shadow: inset 0 0 0 2px var(--_ink);
}
`;

export const buttonStyles = /* css */ `
.ppm-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem;
  min-height: 2.75rem; padding: 0.5rem 1.5rem; font: inherit; font-weight: 600;
  color: var(--_accent-ink); background: var(--_accent); border: 2px solid transparent;
  border-radius: var(--_radius); cursor: pointer;
}
.ppm-button:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 0; box-shadow: inset 0 0 0 2px var(--_ink);
}
.ppm-button:hover { filter: brightness(0.92); }
.ppm-button[disabled] { opacity: 0.6; cursor: progress; }
.ppm-button--secondary { color: var(--_ink); background: var(--_surface); border-color: var(--_ink); }
`;

/*
 * A stylesheet text made of parts (base.styles.ts's baseStyles): adoptStyles (adopt.ts) adopts it as its
 * parts' sheets. Where one piece adopts some parts and another the whole into the same root (the retrieve
 * window inside quote-start, the site's page loader beside an island), the parts already there are shared,
 * not adopted a second time later in the order, where a copy of a base rule would override a widget's own
 * rule. Here rather than in adopt.ts: the account pages' plain elements read base.styles.ts without React.
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
