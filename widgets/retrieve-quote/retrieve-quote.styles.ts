import { datePickerStyles } from '../core/date-picker.tsx';
import { modalStyles } from '../core/modal.tsx';
import { snackbarStyles } from '../core/snackbar.tsx';
import { baseStyles } from '../core/styles/base.styles.ts';
import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';

/** retrieve-quote's own rules; the shared ones come from core. */
const retrieveQuoteOwnStyles = /* css */ `
.ppm-retrieve-quote__intro { margin: 0 0 1rem; color: var(--_muted); }
.ppm-retrieve-quote__form { max-width: 32rem; }
.ppm-retrieve-quote__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 0.25rem; }
@media (max-width: 27.99em) {
  .ppm-retrieve-quote__actions .ppm-button { flex: 1 1 auto; }
}
.ppm-retrieve-quote__sorry-text { margin: 0 0 1.25rem; }
/*
 * Inside a modal the snackbars sit under its buttons, in the dialog's own flow: at the foot of the window
 * they would cover 'See my quote' on a short screen, and outside the dialog they would be under its backdrop.
 * The dialogs hang from the top rather than sit in the middle, so a snackbar that comes or goes below the
 * buttons never moves them from under the pointer.
 */
.ppm-retrieve-quote .ppm-modal { margin-block: min(8vh, 4rem) auto; }
.ppm-retrieve-quote .ppm-modal .ppm-snackbars { position: static; transform: none; width: auto; margin-top: 1rem; }
/*
 * A dialog scrolls its own content, so a calendar floating over the fields would be cut at the dialog's
 * edge: in the modal it opens in the flow under the date field, and the dialog grows (and scrolls) with it.
 */
/* relative, not static: the month arrows are placed against the calendar; the picker's own offsets are dropped */
.ppm-retrieve-quote .ppm-modal .ppm-date .flatpickr-calendar.open {
  position: relative; inset: auto !important; margin: 0 0 1rem; box-shadow: none; border: 1px solid var(--_line);
}
.ppm-retrieve-quote .ppm-modal .ppm-date .flatpickr-calendar::before,
.ppm-retrieve-quote .ppm-modal .ppm-date .flatpickr-calendar::after { display: none; }
`;

/** Every sheet the widget needs, in order: adopted into its shadow root, or into the document on our site. */
export const retrieveQuoteStyles: readonly string[] = [baseStyles, modalStyles, snackbarStyles, datePickerStyles, errorSummaryStyles, retrieveQuoteOwnStyles];
