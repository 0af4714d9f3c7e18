import { useEffect } from 'react';
import type { Snackbar } from './store.ts';
import { useCell } from './use-cell.ts';
import { useWidget } from './widget.tsx';

/**
 * The widget's snackbars at the bottom of the page (doc 1 section 8): danger or info, timed (e.g. 3500 ms)
 * or persistent until closed. Danger ones are alerts, info ones are polite status messages. Each widget
 * draws its own (useWidget().snackbars), never another's.
 */
export function Snackbars({ closeLabel = 'Close' }: { closeLabel?: string }) {
  const { snackbars, dismissSnackbar } = useWidget();
  const list = useCell(snackbars);
  return (
    <div className="ppm-snackbars" part="snackbars">
      {list.map((s) => (
        <SnackbarItem key={s.id} snackbar={s} closeLabel={closeLabel} dismiss={dismissSnackbar} />
      ))}
    </div>
  );
}

function SnackbarItem({ snackbar, closeLabel, dismiss: dismissSnackbar }: { snackbar: Snackbar; closeLabel: string; dismiss: (id: number) => void }) {
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

// The look lives in styles/feedback.styles.ts, which the account pages' plain snackbars share without React.
export { snackbarStyles } from './styles/feedback.styles.ts';
