/**
 * The full-page loader and the snackbars as they look (doc 1 "Shell": "A full-page loading overlay with
 * text"; section 8's snackbars). One look for the React widgets (overlay.tsx, snackbar.tsx) and for the
 * account pages' plain elements (widgets/account/session/page-feedback.ts), which load no React. Both
 * draw inside a `.ppm-root`, whose variables base.styles.ts sets.
 */
export const overlayStyles = /* css */ `
.ppm-overlay {
  position: fixed; inset: 0; z-index: 2147483000; display: flex; align-items: center; justify-content: center;
  background: rgb(255 255 255 / 0.8); cursor: progress;
}
.ppm-overlay__box { display: flex; flex-direction: column; align-items: center; gap: 0.75rem; font-weight: 600; }
.ppm-overlay__spinner {
  width: 2.5rem; height: 2.5rem; border-radius: 50%; border: 4px solid var(--_line); border-top-color: var(--_accent);
  animation: ppm-spin 0.9s linear infinite;
}
@keyframes ppm-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .ppm-overlay__spinner { animation-duration: 3s; } }
`;

export const snackbarStyles = /* css */ `
.ppm-snackbars {
  position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); z-index: 2147483001;
  display: flex; flex-direction: column; gap: 0.5rem; width: min(36rem, calc(100vw - 2rem));
}
.ppm-snackbar {
  display: flex; align-items: center; justify-content: space-between; gap: 0.75rem;
  padding: 0.5rem 0.5rem 0.5rem 1rem; border-radius: var(--_radius); color: #fff;
  box-shadow: 0 6px 18px rgb(0 0 0 / 0.25);
}
.ppm-snackbar--danger { background: var(--_danger); }
.ppm-snackbar--info { background: var(--_info); }
`;
