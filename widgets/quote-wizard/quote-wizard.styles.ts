import { baseStyles } from '../core/styles/base.styles.ts';
import { comboboxStyles } from '../core/fields/StateCombobox.tsx';
import { datePickerStyles } from '../core/date-picker.tsx';
import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';
import { modalStyles } from '../core/modal.tsx';
import { overlayStyles } from '../core/overlay.tsx';
import { snackbarStyles } from '../core/snackbar.tsx';
import { tooltipStyles } from '../core/Tooltip.tsx';

/** The wizard's own rules; the shared ones come from core. */
export const quoteWizardOwnStyles = /* css */ `
/*
 * One column for every step, at the left edge of its container like the page's heading (issue 11): hero, steps
 * and phone line keep its width on every step; a one-column step's form keeps a readable measure inside it,
 * and step 4's two columns (form and Your Quote) use all of it.
 */
.ppm-wizard { max-width: 68rem; margin: 0; }
.ppm-wizard__form:not(:has(.ppm-coverage)) { max-width: 46rem; }
/* the car at the top, not centred: centred beside a title the browser has not parsed yet, it would move (shell/shell.browser.test.ts) */
.ppm-wizard__hero {
  display: flex; align-items: flex-start; gap: 1rem; padding: 1.25rem 1.25rem; margin-bottom: 1.25rem;
  color: var(--_surface); background: linear-gradient(120deg, var(--_ink) 0%, #3a424c 100%); border-radius: var(--_radius);
}
.ppm-wizard__car { flex: none; width: 6rem; height: auto; color: var(--_accent); }
.ppm-wizard__title { margin: 0; font-size: 1.375rem; line-height: 1.25; }
.ppm-wizard__loading { padding: 2rem 0; text-align: center; font-weight: 600; }
.ppm-steps { margin: 0 0 1.5rem; }
/* columns by the list's length (StepIndicator.tsx), not by how many steps the browser has parsed so far */
.ppm-steps__list { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.25rem; margin: 0; padding: 0; list-style: none; counter-reset: none; }
.ppm-steps__list[data-count="6"] { grid-template-columns: repeat(6, minmax(0, 1fr)); }
.ppm-steps__item {
  display: flex; flex-direction: column; align-items: center; gap: 0.25rem; min-width: 0;
  text-align: center; font-size: 0.8125rem; color: var(--_muted);
}
.ppm-steps__number {
  display: inline-flex; align-items: center; justify-content: center; width: 2rem; height: 2rem; border-radius: 50%;
  border: 2px solid var(--_line); background: var(--_surface); font-weight: 700; color: var(--_muted);
}
.ppm-steps__item--done .ppm-steps__number { border-color: var(--_ink); background: var(--_ink); color: var(--_surface); }
.ppm-steps__item--current { color: var(--_ink); font-weight: 700; }
.ppm-steps__item--current .ppm-steps__number { border-color: var(--_accent); background: var(--_accent); color: var(--_accent-ink); }
.ppm-wizard__heading { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.25; }
.ppm-wizard__heading:focus { outline: none; }
.ppm-wizard__heading:focus-visible { outline: 3px solid var(--_focus); }
.ppm-wizard__intro { margin: 0 0 1.25rem; color: var(--_muted); }
.ppm-grid { display: grid; grid-template-columns: 1fr; column-gap: 1rem; }
@media (min-width: 36em) {
  .ppm-grid { grid-template-columns: 1fr 1fr; }
  .ppm-grid__wide { grid-column: 1 / -1; }
}
.ppm-subsection { margin: 0 0 1rem; padding: 1rem 1rem 0; border: 2px solid var(--_line); border-radius: var(--_radius); }
.ppm-subsection__legend { padding: 0 0.375rem; font-weight: 700; }
.ppm-vehicle { margin: 0 0 1rem; padding: 0; border: 0; min-width: 0; }
.ppm-vehicle__legend { margin-bottom: 1rem; padding: 0; font-size: 1.25rem; font-weight: 700; }
.ppm-vehicle__legend:focus { outline: none; }
.ppm-vehicle__count { font-size: 1rem; font-weight: 400; color: var(--_muted); }
.ppm-vehicle__found {
  display: grid; grid-template-columns: repeat(2, 1fr); column-gap: 1rem; margin: 0 0 1rem; padding: 1rem 1rem 0;
  background: #f4f6f8; border-radius: var(--_radius);
}
.ppm-vehicle__found-title { grid-column: 1 / -1; margin: 0 0 0.5rem; font-weight: 700; color: var(--_success); }
@media (min-width: 36em) { .ppm-vehicle__found { grid-template-columns: 0.6fr 1fr 1fr 1fr; } }
.ppm-input[readonly] { border-color: var(--_line); background: #f4f6f8; }
.ppm-vehicle__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 0 0 1rem; }
.ppm-wizard__actions {
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.75rem; margin-top: 1.5rem;
  padding-top: 1.25rem; border-top: 2px solid var(--_line);
}
.ppm-wizard__actions .ppm-button[type="submit"] { margin-left: auto; min-width: 10rem; }
.ppm-panel { padding: 1rem 1.25rem; border: 2px solid var(--_line); border-radius: var(--_radius); }
.ppm-wizard__help { margin: 1.5rem 0 0; color: var(--_muted); }
.ppm-wizard__phone { color: var(--_ink); font-weight: 700; white-space: nowrap; }
.ppm-wizard .ppm-modal__body .ppm-button { margin-top: 0.5rem; }
@media (max-width: 30em) {
  .ppm-steps__name { font-size: 0.6875rem; }
  .ppm-wizard__actions .ppm-button { flex: 1 1 auto; }
}
`;

/** Every sheet the wizard needs, in order: adopted into its shadow root, or into the document on our site. */
export const quoteWizardStyles: readonly string[] = [
  baseStyles, comboboxStyles, datePickerStyles, tooltipStyles, errorSummaryStyles, modalStyles, overlayStyles, snackbarStyles,
  quoteWizardOwnStyles,
];
