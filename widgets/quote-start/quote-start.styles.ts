import { buttonStyles, fieldStyles, themeStyles } from '../core/styles/widget.styles.ts';

/**
 * quote-start's own rules; the shared ones come from core. The layout follows the widget's own width
 * (a container query), not the window's: a dealer may put it in a narrow sidebar of a wide page.
 */
const quoteStartOwnStyles = /* css */ `
.ppm-quote-start { container-type: inline-size; }
.ppm-quote-start__form { display: grid; grid-template-columns: minmax(0, 1fr); column-gap: 1rem; align-items: end; }
/* 'Retrieve my quote' sits under 'Start a tailored quote', the lesser of the two choices */
.ppm-quote-start__actions, .ppm-quote-start__retrieve { margin: 0 0 1rem; }
.ppm-quote-start__actions .ppm-button, .ppm-quote-start__retrieve .ppm-button { width: 100%; }
.ppm-quote-start--full .ppm-quote-start__actions { margin-bottom: 0; }
.ppm-quote-start--full .ppm-quote-start__retrieve { margin: 0.75rem 0 0; }
@container (min-width: 30rem) {
  .ppm-quote-start--wide .ppm-quote-start__form { grid-template-columns: minmax(0, 1fr) auto; }
  .ppm-quote-start--wide .ppm-quote-start__actions .ppm-button, .ppm-quote-start--wide .ppm-quote-start__retrieve .ppm-button { width: auto; }
}
.ppm-quote-start__phone { margin: 0; color: var(--_muted); }
.ppm-quote-start__phone a { color: var(--_ink); font-weight: 600; white-space: nowrap; }
.ppm-quote-start__phone a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
`;

/**
 * Every sheet the widget needs, in order: adopted into its shadow root, or into the document on our site. Of
 * core's styles only the parts it draws (no notices, hints, radio groups or icon buttons); the retrieve
 * window adds the rest when it opens (retrieve-quote.styles.ts).
 */
export const quoteStartStyles: readonly string[] = [themeStyles, fieldStyles, buttonStyles, quoteStartOwnStyles];
