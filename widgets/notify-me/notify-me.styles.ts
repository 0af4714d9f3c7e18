import { fieldErrorStyles, noticeStyles } from '../core/styles/form-messages.styles.ts';
import { buttonStyles, fieldStyles, themeStyles } from '../core/styles/widget.styles.ts';
import { comboboxStyles } from '../core/fields/StateCombobox.tsx';

/** notify-me's own rules; the shared ones come from core. */
const notifyMeOwnStyles = /* css */ `
.ppm-notify-me { max-width: 40rem; }
.ppm-notify-me__form { display: grid; grid-template-columns: 1fr; column-gap: 1rem; }
@media (min-width: 36em) {
  .ppm-notify-me__form { grid-template-columns: 1fr 1fr; }
  .ppm-notify-me__wide { grid-column: 1 / -1; }
}
.ppm-notify-me__actions { margin-top: 0.25rem; }
.ppm-notify-me__status { grid-column: 1 / -1; }
`;

/**
 * Every sheet the widget needs, in order: adopted into its shadow root, or into the document on our site. Of
 * core's styles only the parts it draws (no hints, radio groups or icon buttons).
 */
export const notifyMeStyles: readonly string[] = [themeStyles, fieldStyles, fieldErrorStyles, buttonStyles, noticeStyles, comboboxStyles, notifyMeOwnStyles];
