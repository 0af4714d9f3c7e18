import { datePickerStyles } from '../../../core/date-picker.tsx';
import { modalStyles } from '../../../core/modal.tsx';
import { snackbarStyles } from '../../../core/snackbar.tsx';
import { baseStyles } from '../../../core/styles/base.styles.ts';
import { tooltipStyles } from '../../../core/Tooltip.tsx';

/** Step 4's own rules; the shared sheets come from core (adopting a sheet twice is a no-op). */
const coverageOwnStyles = /* css */ `
/* the wizard's column width is the shell's (quote-wizard.styles.ts), the same on every step; step 4's two columns fill it */
.ppm-coverage__columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.5rem; }
@media (min-width: 46.5em) {
  .ppm-coverage__columns { grid-template-columns: minmax(0, 1.45fr) minmax(0, 1fr); align-items: start; }
}
.ppm-coverage__problem { margin: 0 0 1rem; padding: 1rem 1.25rem; border: 2px solid var(--_danger); border-radius: var(--_radius); }

.ppm-cover-vehicle { margin: 0 0 1.25rem; padding: 1rem; background: #f4f6f8; border-radius: var(--_radius); }
.ppm-cover-vehicle__head { display: flex; align-items: center; gap: 0.5rem; margin-bottom: 0.75rem; }
.ppm-cover-vehicle__heading { flex: 1 1 auto; margin: 0; font-size: 1.25rem; }
.ppm-cover-vehicle__heading:focus { outline: none; }
.ppm-cover-vehicle__heading:focus-visible { outline: 3px solid var(--_focus); }
.ppm-cover-vehicle__chevron {
  flex: none; width: 2.75rem; height: 2.75rem; padding: 0; font-size: 1.75rem; line-height: 1; color: var(--_ink);
  background: var(--_surface); border: 2px solid var(--_ink); border-radius: 50%; cursor: pointer;
}
.ppm-cover-vehicle__chevron:last-child { order: 2; }
.ppm-cover-vehicle__chevron[disabled] { opacity: 0.35; cursor: default; }
.ppm-cover-vehicle__chevron:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.ppm-cover-vehicle__body { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; }
.ppm-cover-vehicle__picture { flex: 0 0 9rem; display: flex; align-items: center; justify-content: center; min-height: 4rem; }
.ppm-cover-vehicle__picture img { display: block; max-width: 100%; height: auto; }
.ppm-cover-vehicle__default { width: 100%; height: auto; color: #6b7580; }
.ppm-cover-vehicle__facts { flex: 1 1 12rem; margin: 0; }
.ppm-cover-vehicle__facts > div { margin: 0 0 0.375rem; }
.ppm-cover-vehicle__facts dt { font-size: 0.8125rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: var(--_muted); }
.ppm-cover-vehicle__facts dd { margin: 0; font-weight: 600; }
.ppm-cover-vehicle__vin { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.05em; overflow-wrap: anywhere; }

.ppm-coverage__fields { display: grid; grid-template-columns: minmax(0, 1fr); column-gap: 1.25rem; }
@media (min-width: 36em) { .ppm-coverage__fields { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.ppm-coverage__date { grid-column: 1 / -1; }
@media (min-width: 36em) { .ppm-coverage__date { max-width: 22rem; } }
.ppm-coverage .ppm-input[readonly] { background: #f0f2f4; border-color: var(--_line); color: var(--_ink); }
.ppm-coverage__note { margin: 0.25rem 0 1rem; color: var(--_muted); }
.ppm-coverage__calculate { min-width: 10rem; }
.ppm-coverage__errors .ppm-snackbar__text a { color: inherit; font-weight: 700; }
.ppm-coverage__error-links { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin-top: 0.25rem; }

.ppm-price { padding: 1.25rem; border: 2px solid var(--_line); border-radius: var(--_radius); background: var(--_surface); }
.ppm-price__heading { margin: 0 0 1rem; font-size: 1.25rem; }
.ppm-price__heading:focus { outline: none; }
.ppm-price__heading:focus-visible { outline: 3px solid var(--_focus); }
.ppm-price__list { margin: 0 0 1rem; }
.ppm-price__row {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: start; gap: 0 1rem;
  padding: 0.5rem 0; border-bottom: 1px solid var(--_line);
}
.ppm-price__explain-line { display: block; font-size: 0.8125rem; font-weight: 400; color: var(--_muted); }
.ppm-price__label { font-weight: 600; }
.ppm-price__label-row { margin: 0; }
.ppm-price__value { margin: 0; font-size: 1.125rem; font-weight: 700; text-align: right; }
.ppm-price__note { display: block; font-size: 0.8125rem; font-weight: 400; color: var(--_muted); }
.ppm-price__list--totals .ppm-price__value { font-size: 1.375rem; }
.ppm-price__list--totals .ppm-price__row:last-child { border-bottom: 0; }
.ppm-price .ppm-tooltip__text { white-space: pre-line; text-align: left; }
.ppm-price__plans-title { margin: 0 0 0.5rem; font-weight: 700; }
.ppm-tabs { display: flex; border-bottom: 2px solid var(--_ink); }
.ppm-tabs__tab {
  flex: 1 1 0; min-height: 2.75rem; padding: 0.5rem 0.75rem; font: inherit; font-weight: 700; color: var(--_ink);
  background: #eef1f4; border: 2px solid transparent; border-bottom: 0; border-radius: var(--_radius) var(--_radius) 0 0; cursor: pointer;
}
.ppm-tabs__tab[aria-selected="true"] { color: var(--_surface); background: var(--_ink); }
.ppm-tabs__tab:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.ppm-tabs__panel { padding: 0.75rem 0 0; }
.ppm-price__explain { margin: 0 0 0.75rem; font-size: 0.9375rem; color: var(--_muted); }
.ppm-price__subheading { margin: 0.5rem 0 0; font-size: 1rem; }
.ppm-price__options { margin: 0 0 0.5rem; padding: 0; border: 0; }
.ppm-price__options-legend { padding: 0; margin-bottom: 0.375rem; font-weight: 700; }
.ppm-price__option { display: flex; align-items: center; gap: 0.5rem; min-height: 2.25rem; cursor: pointer; }
.ppm-price__option input { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--_ink); }
.ppm-price__changed, .ppm-price__hint { margin: 0 0 0.75rem; font-size: 0.9375rem; color: var(--_muted); }
.ppm-price__breakdown { margin: 0 0 1rem; }
.ppm-price__breakdown summary { min-height: 2.25rem; font-weight: 700; cursor: pointer; }
.ppm-price__shares { margin: 0.25rem 0 0; padding: 0; list-style: none; font-size: 0.9375rem; }
.ppm-price__share { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1rem; padding: 0.375rem 0; border-bottom: 1px solid var(--_line); }
.ppm-price__share-limit { color: var(--_muted); }
.ppm-price__share-cost { font-weight: 600; }
.ppm-price__emailed { margin: 0; font-size: 0.9375rem; }
/* issue 11: which figure is a preview, and a figure of earlier choices */
.ppm-price__status { margin: 0 0 0.75rem; padding: 0.5rem 0.75rem; font-size: 0.9375rem; border-radius: var(--_radius); background: #eef1f4; }
.ppm-price__status--outOfDate, .ppm-price__status--unavailable { background: #fff4e5; border-left: 4px solid #b35c00; }
.ppm-price--outOfDate .ppm-price__value { color: var(--_muted); text-decoration: line-through; text-decoration-thickness: 1px; }

/*
 * The phone's price bar (issue 11): where the panel sits below the form, the current figure stays in view
 * at the top while the person changes coverages. WCAG 2.4.11: the fields keep a scroll margin taller than
 * the bar, so a field that takes focus is scrolled clear of it, never under it.
 */
.ppm-price-bar { display: none; }
@media (max-width: 46.49em) {
  .ppm-price-bar {
    position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.375rem;
    box-sizing: border-box; min-height: 3rem; margin: 0; padding: 0.625rem 1rem;
    color: var(--_surface); background: var(--_ink); border-radius: var(--_radius); box-shadow: 0 2px 6px rgb(0 0 0 / 0.2);
  }
  .ppm-price-bar__label { font-weight: 600; }
  .ppm-price-bar__amount { font-size: 1.125rem; font-weight: 700; }
  .ppm-price-bar--outOfDate .ppm-price-bar__amount { text-decoration: line-through; }
  .ppm-price-bar__link { margin-left: auto; color: inherit; font-weight: 700; }
  .ppm-price-bar__link:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
  .ppm-coverage input, .ppm-coverage select, .ppm-coverage button, .ppm-coverage summary, .ppm-coverage a:not(.ppm-price-bar__link),
  .ppm-price__heading {
    scroll-margin-top: 5rem;
  }
}
`;

export const coverageStyles: readonly string[] = [
  baseStyles, datePickerStyles, tooltipStyles, modalStyles, snackbarStyles, coverageOwnStyles,
];
