/**
 * The page's own loader and snackbars for the plain elements of our site that load no React (the header's
 * account menu, the login-required guard, the `?token=` session check): doc 1 "Shell", "A full-page loading
 * overlay with text appears during waits; default text 'Loading...'", and section 8's snackbars. They look
 * like the widgets' (core/styles/feedback.styles.ts) and are built with dom.ts's h(): no HTML sink.
 *
 * Several waits may overlap (a sign-in link being spent, then the login-required check): each gets its own
 * handle, the overlay shows the newest one still waiting and goes when the last is done.
 */
import { adoptStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { overlayStyles, snackbarStyles } from '../../core/styles/feedback.styles.ts';
import { h } from '../dom.ts';
import { SESSION_TEXTS as T } from './session.texts.ts';

export interface PageLoader {
  /** Ends this wait; the overlay goes when no other wait remains. */
  hide(): void;
}

const waits: { text: string }[] = [];
let overlay: HTMLElement | null = null;

function styled(): void {
  adoptStyles(document, [baseStyles, overlayStyles, snackbarStyles]);
}

function drawOverlay(): void {
  const top = waits.at(-1);
  if (!top) {
    overlay?.remove();
    overlay = null;
    return;
  }
  styled();
  if (!overlay) {
    overlay = h(
      'div',
      { class: 'ppm-root page-overlay', 'data-page-overlay': '' },
      h(
        'div',
        { class: 'ppm-overlay', role: 'status', 'aria-live': 'polite' },
        h('div', { class: 'ppm-overlay__box' }, h('span', { class: 'ppm-overlay__spinner', 'aria-hidden': 'true' }), h('span', { class: 'ppm-overlay__text' })),
      ),
    );
    document.body.append(overlay);
  }
  const text = overlay.querySelector('.ppm-overlay__text');
  if (text && text.textContent !== top.text) text.textContent = top.text;
}

/** Shows the full-page loader with `text` until the returned handle's hide(). */
export function showPageLoader(text: string = T.loading): PageLoader {
  const wait = { text };
  waits.push(wait);
  drawOverlay();
  return {
    hide() {
      const index = waits.indexOf(wait);
      if (index === -1) return;
      waits.splice(index, 1);
      drawOverlay();
    },
  };
}

let snackbarList: HTMLElement | null = null;

/**
 * A snackbar at the foot of the page: danger ones are alerts, info ones status messages; it goes after
 * `duration` ms, or when closed (null: only when closed).
 */
export function showPageSnackbar(kind: 'danger' | 'info', text: string, duration: number | null = 3500): HTMLElement {
  styled();
  if (!snackbarList?.isConnected) {
    snackbarList = h('div', { class: 'ppm-root page-snackbars' }, h('div', { class: 'ppm-snackbars' }));
    document.body.append(snackbarList);
  }
  const close = h('button', { type: 'button', class: 'ppm-icon-button', 'aria-label': T.close }, h('span', { 'aria-hidden': 'true' }, '×'));
  const item = h(
    'div',
    { class: `ppm-snackbar ppm-snackbar--${kind}`, role: kind === 'danger' ? 'alert' : 'status' },
    h('span', { class: 'ppm-snackbar__text' }, text),
    close,
  );
  const timer = duration === null ? undefined : setTimeout(() => item.remove(), duration);
  close.addEventListener('click', () => {
    clearTimeout(timer);
    item.remove();
  });
  snackbarList.firstElementChild!.append(item);
  return item;
}

/** Tests: every wait ended and every snackbar gone, as on a fresh page. */
export function clearPageFeedback(): void {
  waits.length = 0;
  drawOverlay();
  snackbarList?.remove();
  snackbarList = null;
}
