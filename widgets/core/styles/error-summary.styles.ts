/**
 * GOV.UK's error summary, one look for every form that shows it: core/ErrorSummary.tsx, and the account
 * pages' box for a refusal that belongs to no field (account/AccountParts.tsx Refusal), which focuses the
 * box itself. Its title is here too, so texts modules can name it without loading the component.
 */

// ours: GOV.UK's wording; the spec gives no text for the summary
export const ERROR_SUMMARY_TITLE = 'There is a problem';

export const errorSummaryStyles = /* css */ `
.ppm-error-summary {
  margin: 0 0 1.5rem; padding: 1rem 1.25rem; border: 4px solid var(--_danger); border-radius: var(--_radius);
  background: var(--_surface);
}
.ppm-error-summary:focus { outline: 3px solid var(--_focus); outline-offset: 0; }
.ppm-error-summary__title { margin: 0 0 0.5rem; font-size: 1.125rem; line-height: 1.3; }
.ppm-error-summary__list { margin: 0; padding: 0; list-style: none; }
.ppm-error-summary__list li + li { margin-top: 0.375rem; }
.ppm-error-summary__list a { color: var(--_danger); font-weight: 600; text-decoration: underline; text-underline-offset: 0.15em; }
.ppm-error-summary__list a:hover { text-decoration-thickness: 2px; }
.ppm-error-summary__list a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; color: var(--_ink); background: var(--_focus); text-decoration: none; }
`;
