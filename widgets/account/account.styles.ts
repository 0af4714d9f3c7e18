import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';

/**
 * The account pages' own rules (documents, My Policy's request form, e-signature, odometer photo); the
 * shared ones (fields, buttons, notices) are the widgets' base sheet. Phone first: one column, full-width
 * buttons and large touch targets; wider screens get tiles side by side. Doc 1 breakpoints: sm 744, md 999.
 */
export const accountStyles = /* css */ `
/* the page's root holds its children's margins: the loader's and the content's first margins differ, and
   collapsing through the root they moved it (and the page below) as the content replaced the loader */
.ppm-root { display: flow-root; }
a.ppm-button { text-decoration: none; }
.account-intro { color: var(--_muted); }
.account-note { color: var(--_muted); font-size: 0.9375rem; font-weight: 400; }
.account-loading { display: flex; align-items: center; gap: 0.75rem; margin: 1rem 0; }
.account-spinner {
  width: 1.25rem; height: 1.25rem; border-radius: 50%;
  border: 3px solid var(--_line); border-top-color: var(--_accent);
}
@media (prefers-reduced-motion: no-preference) {
  .account-spinner { animation: account-spin 0.8s linear infinite; }
}
@keyframes account-spin { to { transform: rotate(1turn); } }

${errorSummaryStyles}

.account-card {
  margin: 0 0 1.5rem; padding: 1.25rem; border: 1px solid var(--_line); border-radius: var(--_radius);
  background: var(--_surface);
}
.account-card > :last-child { margin-bottom: 0; }
.account-card h2, .account-card h3 { margin-top: 0; font-size: 1.35rem; }
.account-actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
@media (max-width: 449px) {
  .account-actions .ppm-button { flex: 1 1 100%; }
}
.account-badge {
  display: inline-block; padding: 0.1rem 0.6rem; border-radius: 999px; font-size: 0.875rem; font-weight: 700;
  color: var(--_success); background: #eff8f2; border: 1px solid var(--_success);
}

/* documents page */
.account-steps { display: grid; gap: 1rem; margin: 0 0 2rem; }
@media (min-width: 745px) { .account-steps { grid-template-columns: 1fr 1fr; } }
.account-steps .account-card { margin: 0; }
.account-qr { display: flex; gap: 1rem; align-items: center; margin-top: 1rem; }
.account-qr img { flex: none; width: 9rem; height: 9rem; border: 1px solid var(--_line); }
.account-qr p { margin: 0; color: var(--_muted); font-size: 0.9375rem; }
/* the QR is for a computer: a phone already holds the link */
@media (pointer: coarse) and (max-width: 744px) { .account-qr { display: none; } }
.account-tiles { list-style: none; margin: 0 0 1.5rem; padding: 0; display: grid; gap: 1rem; }
@media (min-width: 450px) { .account-tiles { grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); } }
.account-tile {
  display: flex; flex-direction: column; gap: 0.25rem; min-height: 6.5rem; padding: 1rem 1.25rem 1rem 3.75rem;
  position: relative; border: 2px solid var(--_line); border-radius: var(--_radius);
  color: var(--_ink); text-decoration: none;
}
.account-tile::before {
  content: 'PDF'; position: absolute; left: 1rem; top: 1rem; width: 2rem; height: 2.5rem;
  display: grid; place-items: end center; padding-bottom: 0.2rem; font-size: 0.6rem; font-weight: 800;
  color: var(--_accent-ink); background: var(--_accent); border-radius: 3px;
}
.account-tile:hover { border-color: var(--_ink); }
.account-tile:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; border-color: var(--_ink); }
.account-tile__name { font-weight: 700; font-size: 1.1rem; }

/* My Policy's request form */
.account-request { max-width: 32rem; }
/* a submit button while its request runs (aria-disabled, so it keeps focus), on every account page */
.ppm-root .ppm-button[aria-disabled='true'] { opacity: 0.75; cursor: progress; }

/* e-signature */
.account-sign { max-width: 40rem; }
.account-sign .ppm-choice { align-items: flex-start; gap: 0.75rem; }
.account-sign .ppm-choice input { flex: none; margin-top: 0.1rem; }
.account-facts { margin: 0 0 1rem; }
.account-facts dt { font-weight: 600; }
.account-facts dd { margin: 0 0 0.5rem; }

/* odometer photo: designed at 360 to 390 px first */
.account-vehicles { display: grid; gap: 1.25rem; }
@media (min-width: 1000px) { .account-vehicles { grid-template-columns: 1fr 1fr; align-items: start; } }
.account-vehicles .account-card { margin: 0; }
.account-vehicle__head { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; justify-content: space-between; }
.account-vehicle__vin { margin: 0 0 0.5rem; color: var(--_muted); }
.account-vehicle__latest { margin: 0 0 1rem; }
.account-file {
  display: block; width: 100%; min-height: 2.75rem; padding: 0.5rem; font: inherit;
  border: 2px dashed var(--_ink); border-radius: var(--_radius); background: var(--_surface);
}
.account-file::file-selector-button {
  min-height: 2.5rem; margin-right: 0.75rem; padding: 0.4rem 1rem; font: inherit; font-weight: 600;
  color: var(--_accent-ink); background: var(--_accent); border: 0; border-radius: var(--_radius); cursor: pointer;
}
.account-file:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; }
.account-file[aria-invalid='true'] { border-color: var(--_danger); }
.account-preview {
  display: block; width: 100%; max-height: 16rem; object-fit: contain; margin: 0 0 1rem;
  background: #f4f5f7; border-radius: var(--_radius);
}
.account-preview[hidden] { display: none; }
/* the guide frame (issue 24): the photo as shown, upright by its EXIF orientation, and the box over it */
.account-frame { margin: 0 0 1rem; }
.account-frame__help { margin: 0 0 0.5rem; }
.account-frame__area { position: relative; display: block; width: fit-content; max-width: 100%; margin: 0 auto; overflow: hidden; border-radius: var(--_radius); }
.account-frame__photo.account-preview {
  width: auto; max-width: 100%; height: auto; max-height: 70vh; margin: 0; object-fit: fill;
  image-orientation: from-image; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
}
.account-frame__box {
  position: absolute; box-sizing: border-box; touch-action: none; cursor: move;
  border: 3px solid #ffd400; box-shadow: 0 0 0 1px #000, inset 0 0 0 1px #000, 0 0 0 100vmax rgb(0 0 0 / 0.45);
}
.account-frame__box:focus-visible { outline: 3px solid var(--_focus); outline-offset: 3px; }
.account-frame__handle {
  position: absolute; width: 2.75rem; height: 2.75rem; touch-action: none; display: flex;
}
.account-frame__handle::after {
  content: ''; width: 1rem; height: 1rem; margin: auto; background: #ffd400; border: 2px solid #000; border-radius: 50%;
}
.account-frame__handle--top-left { left: -1.375rem; top: -1.375rem; cursor: nwse-resize; }
.account-frame__handle--top-right { right: -1.375rem; top: -1.375rem; cursor: nesw-resize; }
.account-frame__handle--bottom-left { left: -1.375rem; bottom: -1.375rem; cursor: nesw-resize; }
.account-frame__handle--bottom-right { right: -1.375rem; bottom: -1.375rem; cursor: nwse-resize; }
.account-suggestion { margin: 0 0 1rem; }
.account-suggestion__title { margin: 0 0 0.25rem; font-size: 1.125rem; }
.account-suggestion__title:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
.account-suggestion p { margin: 0; }
.account-reading { max-width: 12rem; font-variant-numeric: tabular-nums; letter-spacing: 0.05em; }
.account-send { width: 100%; }
@media (min-width: 450px) { .account-send { width: auto; } }
`;
