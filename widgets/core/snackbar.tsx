import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { dismissSnackbar, snackbars, type Snackbar } from './store.ts';

/**
 * Snackbars at the bottom of the page (doc 1 section 8): danger or info, timed (e.g. 3500 ms) or
 * persistent until closed. Danger ones are alerts, info ones are polite status messages.
 */
export function Snackbars({ closeLabel = 'Close' }: { closeLabel?: string }) {
  useSignals();
  const list = snackbars.value;
  return (
    <div className="ppm-snackbars" part="snackbars">
      {list.map((s) => (
        <SnackbarItem key={s.id} snackbar={s} closeLabel={closeLabel} />
      ))}
    </div>
  );
}

function SnackbarItem({ snackbar, closeLabel }: { snackbar: Snackbar; closeLabel: string }) {
  useEffect(() => {
    if (snackbar.duration === null) return;
    const timer = setTimeout(() => dismissSnackbar(snackbar.id), snackbar.duration);
    return () => clearTimeout(timer);
  }, [snackbar.id, snackbar.duration]);

  return (
    <div
      className={`ppm-snackbar ppm-snackbar--${snackbar.kind}`}
      part={`snackbar snackbar-${snackbar.kind}`}
      role={snackbar.kind === 'danger' ? 'alert' : 'status'}
    >
      <span className="ppm-snackbar__text">{snackbar.text}</span>
      <button type="button" className="ppm-icon-button" aria-label={closeLabel} onClick={() => dismissSnackbar(snackbar.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

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
