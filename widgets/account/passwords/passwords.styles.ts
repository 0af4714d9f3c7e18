/**
 * The password pages' own rules (forgot, change and create password), beside the shared account sheet.
 * The checklist looks like the thank-you page's (widgets/quote-wizard/steps/purchase.styles.ts):
 * a ring per line, filled with a tick once met. Phone first: one column, at most 32rem wide.
 */
export const passwordsStyles = /* css */ `
.account-password-page { max-width: 32rem; }
.account-checklist { margin: -0.25rem 0 1rem; padding: 0; list-style: none; }
.account-check { display: flex; align-items: center; gap: 0.5rem; padding: 0.125rem 0; color: var(--_muted); }
.account-check::before {
  content: ""; flex: none; display: inline-flex; align-items: center; justify-content: center; width: 1.125rem; height: 1.125rem;
  border: 2px solid var(--_muted); border-radius: 50%; font-size: 0.75rem; font-weight: 700; line-height: 1;
}
.account-check--met { color: var(--_success); }
.account-check--met::before {
  content: "\\2713"; content: "\\2713" / ""; border-color: var(--_success); color: var(--_surface); background: var(--_success);
}
.account-going { color: var(--_muted); }
.account-then-go .ppm-notice:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
`;
