import { useCell } from './use-cell.ts';
import { useWidget } from './widget.tsx';

/**
 * The full-page overlay shown while a request of this widget runs (doc 1: session state "loader (text)",
 * default text 'Loading...'). Driven by the widget's own store: showLoader(text) / hideLoader() of
 * useWidget(). It is a status region so the text is announced; the page underneath is not operable while
 * it shows.
 */
export function Overlay() {
  const text = useCell(useWidget().loader);
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

// The look lives in styles/feedback.styles.ts, which the account pages' plain overlay shares without React.
export { overlayStyles } from './styles/feedback.styles.ts';
