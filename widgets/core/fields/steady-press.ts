import { useEffect, useReducer, useRef } from 'react';

/**
 * A press keeps the page still until its click has landed (issue 11). Pressing a control moves focus first,
 * so the field left behind checks itself on blur: an error message that appears or goes then moves everything
 * below it by a line between press and release, and the release lands on another control, or between two,
 * and the click is lost. So what a press changes in the messages waits until its click has been sent to the
 * control under the pointer.
 *
 * A press lasts from pointerdown to its click. A touch tap blurs the field at the mouse events the
 * browser sends after the finger has lifted, so pointerup does not end it; a press with no click (a drag, a
 * scroll that cancels it) ends a moment after release.
 */
const NO_CLICK_AFTER_MS = 600;

let pressing = false;
let listening = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function release(): void {
  clearTimeout(fallback);
  if (!pressing) return;
  pressing = false;
  for (const notify of [...waiting]) notify();
}

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  // the capture phase on the document: presses inside every shadow root reach it (pointer and click events are composed)
  document.addEventListener('pointerdown', () => {
    clearTimeout(fallback);
    pressing = true;
  }, true);
  document.addEventListener('pointerup', () => {
    clearTimeout(fallback);
    fallback = setTimeout(release, NO_CLICK_AFTER_MS);
  }, true);
  document.addEventListener('pointercancel', () => setTimeout(release), true);
  // a release outside the window may never be reported
  window.addEventListener('blur', release);
  // The click's target is fixed once it is dispatched, so the page may move from here on; the click's own
  // handlers (a Continue that shows every error) draw at once.
  document.addEventListener('click', release, true);
}

/** `value` as it was when a press began, while the press lasts; `value` itself otherwise. */
export function useSteadyDuringPress<T>(value: T): T {
  listen();
  const shown = useRef(value);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  if (!pressing) shown.current = value;
  const held = shown.current !== value;
  useEffect(() => {
    if (!held) return;
    // the press may have ended between the render and this effect
    if (!pressing) return redraw();
    waiting.add(redraw);
    return () => {
      waiting.delete(redraw);
    };
  }, [held]);
  return shown.current;
}
