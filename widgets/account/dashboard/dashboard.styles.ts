/**
 * The dashboard's own rules (adopted after the shared sheets and core's modal, DashboardPage.tsx). Phone first: one column,
 * the vehicle's sections stacked and full-width buttons; from doc 1's sm breakpoint (744) the sections sit two
 * by two, and from md (999) the account's links move beside the vehicles.
 */
export const dashboardStyles = /* css */ `
.account-dashboard h1 { overflow-wrap: anywhere; }
.dash-policy-line { margin: 0 0 1.5rem; color: var(--_muted); font-weight: 600; }
.dash-policy-line a { margin-left: 0.5rem; font-weight: 400; }
.dash-layout { display: grid; gap: 1.5rem; }
@media (min-width: 1000px) { .dash-layout { grid-template-columns: minmax(0, 1fr) 18rem; align-items: start; } }
.dash-vehicles { display: grid; gap: 1rem; min-width: 0; }

.dash-vehicle { border: 1px solid var(--_line); border-radius: var(--_radius); background: var(--_surface); }
.dash-vehicle__title { margin: 0; font-size: 1.25rem; }
.dash-vehicle__toggle {
  display: flex; width: 100%; align-items: center; justify-content: space-between; gap: 1rem;
  min-height: 3.5rem; padding: 0.75rem 1.25rem; font: inherit; font-weight: 700; text-align: left;
  color: var(--_ink); background: transparent; border: 0; border-radius: var(--_radius); cursor: pointer;
}
.dash-vehicle__toggle:hover { background: #f4f5f7; }
.dash-vehicle__toggle:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; box-shadow: inset 0 0 0 2px var(--_ink); }
.dash-vehicle__chevron { flex: none; width: 1.5rem; height: 1.5rem; }
@media (prefers-reduced-motion: no-preference) { .dash-vehicle__chevron { transition: transform 0.2s; } }
.dash-vehicle--open .dash-vehicle__chevron { transform: rotate(180deg); }
.dash-vehicle__panel { padding: 0 1.25rem 1.25rem; border-top: 1px solid var(--_line); }
.dash-vehicle__panel[hidden] { display: none; }

.dash-section { padding: 1.25rem 0 0; min-width: 0; }
.dash-section + .dash-section { border-top: 1px solid var(--_line); margin-top: 1.25rem; }
.dash-section h3 { margin: 0 0 0.75rem; font-size: 1.15rem; }
.dash-section h3:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
.dash-section h4 { margin: 1rem 0 0.5rem; font-size: 1rem; }
.dash-section .account-actions { margin-top: 1rem; }
/* from sm: vehicle and policy side by side; coverage and drivers below, full width, their lists in columns */
@media (min-width: 745px) {
  .dash-vehicle__panel:not([hidden]) { display: grid; grid-template-columns: 1fr 1fr; column-gap: 2rem; }
  .dash-section + .dash-section { margin-top: 0; }
  .dash-section + .dash-section--policy { border-top: 0; }
  .dash-section + .dash-section--coverage, .dash-section + .dash-section--drivers { grid-column: 1 / -1; margin-top: 1.25rem; }
  .dash-coverages { display: grid; grid-template-columns: 1fr 1fr; column-gap: 2rem; }
  .dash-coverages > div:nth-child(2) { border-top: 0; }
  .dash-drivers { grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); column-gap: 2rem; }
}

.dash-picture { display: flex; justify-content: center; margin: 0 0 1rem; padding: 0.75rem; background: #f4f5f7; border-radius: var(--_radius); }
/* a box of the silhouette's shape from the start, whatever picture then loads into it: nothing under it moves (CLS 0) */
.dash-picture img { display: block; max-width: 100%; height: auto; max-height: 10rem; aspect-ratio: 5 / 2; object-fit: contain; }
.dash-picture__default { width: 100%; max-width: 16rem; height: auto; color: #8a939d; }

.dash-facts { margin: 0; display: grid; gap: 0.5rem; }
.dash-facts > div { display: grid; grid-template-columns: minmax(7rem, 40%) 1fr; gap: 0.75rem; }
.dash-facts dt { color: var(--_muted); }
.dash-facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.dash-facts--inline > div { grid-template-columns: minmax(7rem, 40%) 1fr; }
.dash-section--coverage > .dash-facts, .dash-drivers .dash-facts { max-width: 26rem; }
.dash-vin { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.04em; }

.dash-coverages { margin: 0; }
/* a phone stacks name, limit and description; wider, the limit sits at the right of the name */
.dash-coverages > div { padding: 0.6rem 0; border-top: 1px solid var(--_line); display: grid; grid-template-columns: 1fr; align-content: start; }
.dash-coverages > div:first-child { border-top: 0; }
.dash-coverages dt { font-weight: 600; }
.dash-coverages__limit { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
@media (min-width: 450px) {
  .dash-coverages > div { grid-template-columns: 1fr auto; column-gap: 1rem; }
  .dash-coverages__limit { text-align: right; white-space: nowrap; }
}
.dash-coverages__about { grid-column: 1 / -1; margin: 0.25rem 0 0; color: var(--_muted); font-size: 0.9375rem; }

.dash-drivers { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; }
.dash-drivers__name { margin: 0 0 0.25rem; font-weight: 700; }

.dash-id-card-note { flex-basis: 100%; margin: 0; }
.account-dashboard .ppm-button[disabled] { cursor: not-allowed; }
@media (max-width: 449px) { .dash-section .account-actions > * { flex: 1 1 100%; } }

.dash-links { padding: 1.25rem; border: 1px solid var(--_line); border-radius: var(--_radius); background: var(--_surface); }
.dash-links h2 { margin: 0 0 0.75rem; font-size: 1.15rem; }
.dash-links ul { list-style: none; margin: 0; padding: 0; }
.dash-links li + li { border-top: 1px solid var(--_line); }
.dash-links a { display: flex; align-items: center; min-height: 2.75rem; font-weight: 600; }

/* the 'Call Us' modal's content (CallUsDialog.tsx, inside core's .ppm-modal) */
.dash-call-us p { margin: 0 0 0.75rem; }
.dash-call-us__phone { font-weight: 700; white-space: nowrap; }
.dash-call-us .account-actions { justify-content: flex-end; margin-top: 1rem; }
`;
