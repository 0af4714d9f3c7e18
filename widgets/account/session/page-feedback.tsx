/**
 * The page's own loader and snackbars for what runs before or outside any page widget (the header's account
 * menu, the login-required guard, the `?token=` session check): doc 1 "Shell", "A full-page loading overlay
 * with text appears during waits; default text 'Loading...'", and section 8's snackbars. They are the
 * widgets' own: widgets/core's <Overlay> and <Snackbars> drawn by one React root at the end of <body>, in a
 * widget scope of their own (widget.tsx), so no page widget shows them and they show no page widget's.
 *
 * Several waits may overlap (a sign-in link being spent, then the login-required check): each gets its own
 * handle, the overlay shows the newest one still waiting and goes when the last is done.
 */
import { createRoot } from 'react-dom/client';
import { Overlay } from '../../core/overlay.tsx';
import { Snackbars } from '../../core/snackbar.tsx';
import { createWidgetStore } from '../../core/store.ts';
import { adoptStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { overlayStyles, snackbarStyles } from '../../core/styles/feedback.styles.ts';
import { createWidget, WidgetScope } from '../../core/widget.tsx';
import { SESSION_TEXTS as T } from './session.texts.ts';

export interface PageLoader {
  /** Ends this wait; the overlay goes when no other wait remains. */
  hide(): void;
}

/** The scope's name (the `widget` of a ppm-error it would send; it sends none). */
const PAGE_FEEDBACK_WIDGET = 'ppm-page-feedback';

const store = createWidgetStore();
const widget = createWidget({ tag: PAGE_FEEDBACK_WIDGET }, store);
const waits: { text: string }[] = [];
let mounted: { host: HTMLElement; unmount: () => void } | null = null;

/** The root, made on first use: a page that never waits or tells anything draws nothing. */
function mount(): void {
  if (mounted?.host.isConnected) return;
  adoptStyles(document, [baseStyles, overlayStyles, snackbarStyles]);
  const host = document.createElement('div');
  host.className = 'ppm-root page-feedback';
  host.setAttribute('data-page-feedback', '');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <WidgetScope tag={PAGE_FEEDBACK_WIDGET} widget={widget}>
      <Overlay />
      <Snackbars closeLabel={T.close} />
    </WidgetScope>,
  );
  mounted = { host, unmount: () => root.unmount() };
}

function showTopWait(): void {
  const top = waits.at(-1);
  if (!top) return store.hideLoader();
  mount();
  store.showLoader(top.text);
}

/** Shows the full-page loader with `text` until the returned handle's hide(). */
export function showPageLoader(text: string = T.loading): PageLoader {
  const wait = { text };
  waits.push(wait);
  showTopWait();
  return {
    hide() {
      const index = waits.indexOf(wait);
      if (index === -1) return;
      waits.splice(index, 1);
      showTopWait();
    },
  };
}

/**
 * A snackbar at the foot of the page: danger ones are alerts, info ones status messages; it goes after
 * `duration` ms, or when closed (null: only when closed).
 */
export function showPageSnackbar(kind: 'danger' | 'info', text: string, duration: number | null = 3500): void {
  mount();
  store.showSnackbar(kind, text, duration);
}

/** Tests: every wait ended and every snackbar gone, as on a fresh page. */
export function clearPageFeedback(): void {
  waits.length = 0;
  store.hideLoader();
  store.snackbars.value = [];
  mounted?.unmount();
  mounted?.host.remove();
  mounted = null;
}
