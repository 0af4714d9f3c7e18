/**
 * Focus on a field, with the field in view: its label and error (its frame, or its group's) wholly on screen,
 * scrolled as little as needed and within the page's scroll-padding (our site's sticky header). A frame taller
 * than half the screen gives way to the control itself.
 *
 * Instant, never smooth: our site scrolls smoothly, and a smooth scroll is aimed once, at where the field is
 * when it starts. After a failed submit the errors and the error summary are drawn above the field a moment
 * later, so the field ended where the scroll had aimed before they pushed it down: off a phone's screen
 * (issue 23; WCAG 2.4.11). An instant scroll lands at once, and a later one (the summary's) starts from there.
 */
export function revealField(control: HTMLElement): void {
  const frame = control.closest<HTMLElement>('.ppm-field') ?? control.closest<HTMLElement>('fieldset') ?? control;
  (frame.getBoundingClientRect().height <= innerHeight / 2 ? frame : control).scrollIntoView({ block: 'nearest', behavior: 'instant' });
}

/** Focuses `control` and brings it into view as revealField does (not the browser's own focus scroll). */
export function focusInView(control: HTMLElement): void {
  control.focus({ preventScroll: true });
  revealField(control);
}
