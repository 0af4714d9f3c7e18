import { fieldErrorStyles, noticeStyles } from './form-messages.styles.ts';
import { buttonStyles, composedOf, fieldStyles, themeStyles } from './widget.styles.ts';

/**
 * What the larger widgets share (the wizard, retrieve-quote, the account pages): every part of
 * widget.styles.ts (theme, fields, buttons) and of form-messages.styles.ts (field errors, notices), and hints,
 * labels with a toggletip, radio and checkbox groups, icon buttons. Adopted, it is its parts' sheets (widget.styles.ts composedOf), so a small widget that adopts
 * some of them shares them. The theme's custom properties are documented in widget.styles.ts.
 */
export const moreFieldStyles = /* css */ `
/* a label's "i" button (core/Tooltip.tsx) is taller than the label's line: it overhangs the line rather than
   push its field below the next one in the row */
.ppm-label-row > .ppm-tooltip__button { margin-block: -0.125rem; }
.ppm-hint { display: block; color: var(--_muted); margin-bottom: 0.25rem; font-size: 0.9375rem; }
.ppm-choice input:focus-visible, .ppm-icon-button:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 0; box-shadow: inset 0 0 0 2px var(--_ink);
}
.ppm-choices { border: 0; margin: 0 0 1rem; padding: 0; }
.ppm-choices legend { font-weight: 600; margin-bottom: 0.25rem; padding: 0; }
/* a radio group in error gets the same bar as a field (.ppm-choices above would reset its border) */
.ppm-choices.ppm-field--error { border-left: 4px solid var(--_danger); padding-left: 0.75rem; }
.ppm-choice { display: flex; align-items: center; gap: 0.5rem; min-height: 2.75rem; }
.ppm-choice input { width: 1.5rem; height: 1.5rem; margin: 0; accent-color: var(--_accent); }
.ppm-icon-button {
  display: inline-flex; align-items: center; justify-content: center; min-width: 2.75rem; min-height: 2.75rem;
  font: inherit; color: inherit; background: transparent; border: 0; border-radius: var(--_radius); cursor: pointer;
}
`;

export const baseStyles = composedOf([themeStyles, fieldStyles, fieldErrorStyles, buttonStyles, moreFieldStyles, noticeStyles]);
