import { useSignals } from '@preact/signals-react/runtime';
import { loader } from './store.ts';

/**
 * The full-page overlay shown while a request runs (doc 1: session state "loader (text)", default text
 * 'Loading...'). Driven by the store: showLoader(text) / hideLoader(). It is a status region so the text
 * is announced; the page underneath is not operable while it shows.
 */
export function Overlay() {
  useSignals();
  const text = loader.value;
  if (text === null) return null;
  return (
    <div className="ppm-overlay" part="overlay" role="status" aria-live="polite">
      <div className="ppm-overlay__box">
        <span className="ppm-overlay__spinner" aria-hidden="true" />
        <span className="ppm-overlay__text">{text}</span>
      </div>
    </div>
  );
}

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
