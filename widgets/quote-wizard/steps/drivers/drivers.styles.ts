import { datePickerStyles } from '../../../core/date-picker.tsx';
import { comboboxStyles } from '../../../core/fields/StateCombobox.tsx';
import { modalStyles } from '../../../core/modal.tsx';
import { snackbarStyles } from '../../../core/snackbar.tsx';
import { baseStyles } from '../../../core/styles/base.styles.ts';

/** Step 3's own rules; the shared sheets come from core (adopting a sheet twice is a no-op). */
const driversOwnStyles = /* css */ `
.ppm-drivers__page { border: 0; margin: 0; padding: 0; min-width: 0; }
.ppm-drivers__legend {
  display: block; width: 100%; padding: 0 0 0.25rem; margin: 0 0 1rem; font-size: 1.375rem; font-weight: 700;
  border-bottom: 2px solid var(--_line);
}
.ppm-drivers__legend:focus { outline: none; }
.ppm-drivers__legend:focus-visible { outline: 3px solid var(--_focus); }
.ppm-drivers__count { display: block; font-size: 0.9375rem; font-weight: 400; color: var(--_muted); }
.ppm-drivers__grid { display: grid; grid-template-columns: minmax(0, 1fr); column-gap: 1.25rem; }
@media (min-width: 40em) {
  .ppm-drivers__grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .ppm-drivers__wide { grid-column: 1 / -1; }
}
.ppm-drivers__section {
  margin: 0.5rem 0 1rem; padding-top: 1rem; border-top: 1px solid var(--_line);
}
.ppm-drivers__section > .ppm-drivers__grid { margin-top: 0.25rem; }
.ppm-drivers .ppm-input[readonly] { background: #f0f2f4; border-color: var(--_line); color: var(--_ink); }
.ppm-drivers__more {
  display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0; margin: -1rem 0 0.75rem; font: inherit;
  color: var(--_info); background: none; border: 0; text-decoration: underline; cursor: pointer;
}
.ppm-drivers__more:focus-visible { outline: 3px solid var(--_focus); }
.ppm-drivers__note { margin: 0 0 1rem; color: var(--_muted); }
.ppm-drivers__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 0.5rem 0 1rem; }
.ppm-drivers__choices-inline .ppm-choices { display: flex; flex-wrap: wrap; column-gap: 1.5rem; }
.ppm-drivers__choices-inline .ppm-choices legend { flex: 0 0 100%; }
.ppm-drivers__choices-inline .ppm-choices .ppm-error-message { flex: 0 0 100%; }
.ppm-drivers a { color: inherit; font-weight: 600; }
/*
 * Industry and occupation names run long ('Arts, Design, Entertainment, Sports and Media'): each list has a
 * row of its own, and where the browser lets a select be styled (appearance: base-select) the chosen name and
 * the options wrap instead of being cut off on a phone. Elsewhere it stays the native select.
 */
@supports (appearance: base-select) {
  .ppm-drivers__occupation .ppm-select, .ppm-drivers__occupation .ppm-select::picker(select) { appearance: base-select; }
  .ppm-drivers__occupation .ppm-select { display: flex; align-items: center; gap: 0.5rem; white-space: normal; text-align: start; }
  /* the state list's chevron (core/fields/StateCombobox.tsx), not the styled select's triangle */
  .ppm-drivers__occupation .ppm-select::picker-icon {
    content: ''; flex: none; width: 0.6rem; height: 0.6rem; margin: -0.25rem 0.15rem 0 auto;
    border-right: 2px solid var(--_ink); border-bottom: 2px solid var(--_ink); transform: rotate(45deg);
  }
  .ppm-drivers__occupation .ppm-select::picker(select) {
    max-width: calc(100vw - 2rem); padding: 0.25rem 0; border: 2px solid var(--_ink); border-radius: var(--_radius);
  }
  .ppm-drivers__occupation option { padding: 0.5rem 0.75rem; white-space: normal; }
}
`;

export const driversStyles: readonly string[] = [
  baseStyles, comboboxStyles, datePickerStyles, modalStyles, snackbarStyles, driversOwnStyles,
];
