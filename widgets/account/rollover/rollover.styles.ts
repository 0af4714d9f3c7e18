/**
 * The rollover page's own rules, beside the shared account sheet. The snackbar looks as the widgets' do
 * (widgets/core/snackbar.tsx snackbarStyles) but is drawn by the page, its text carrying a tap-to-call link:
 * fixed at the bottom, full width less a margin on a phone.
 */
export const rolloverStyles = /* css */ `
.account-rollover { max-width: 40rem; }
.account-rollover h2 { margin: 1.5rem 0 0.75rem; font-size: 1.5rem; }
.account-phone { white-space: nowrap; }
.account-snackbar .account-phone { color: inherit; font-weight: 700; }
.account-rollover__links { display: flex; flex-direction: column; align-items: flex-start; gap: 0.75rem; margin: 0 0 1.25rem; }
@media (max-width: 449px) { .account-rollover__links .ppm-button { width: 100%; } }
.account-snackbar {
  position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); z-index: 2147483001;
  display: flex; align-items: center; justify-content: space-between; gap: 0.75rem;
  width: min(36rem, calc(100vw - 2rem)); padding: 0.5rem 0.5rem 0.5rem 1rem;
  border-radius: var(--_radius); color: #fff; background: var(--_danger); box-shadow: 0 6px 18px rgb(0 0 0 / 0.25);
}
.account-snackbar .ppm-icon-button { flex: none; font-size: 1.5rem; }
.account-snackbar .ppm-icon-button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; }
`;
