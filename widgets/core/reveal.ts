/**
 * Focus on a field, with the field in view: its label and error (its frame; a control without one, itself)
 * wholly on screen, scrolled as little as needed and within the page's scroll-padding (our site's sticky header).
 * Called again on a field that has focus, it only brings it back into view.
 *
 * Instant, never smooth: our site scrolls smoothly, and a smooth scroll is aimed once, at where the field is
 * when it starts. After a failed submit the errors and the error summary are drawn above the field a moment
 * later, so the field ended where the scroll had aimed before they pushed it down: off a phone's screen
 * (issue 23; WCAG 2.4.11). An instant scroll lands at once, and a later one (the summary's) starts from there.
 * Kept small on purpose: it ships in every form's chunk, notify-me's within a tight budget (test/budgets.ts).
 */
export function focusInView(control: HTMLElement | undefined): void {
  if (!control) return;
  control.focus({ preventScroll: true });
  (control.closest('.ppm-field') ?? control).scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
