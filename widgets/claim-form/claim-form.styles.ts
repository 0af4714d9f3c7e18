import { baseStyles } from '../core/styles/base.styles.ts';
import { datePickerStyles } from '../core/date-picker.tsx';
import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';
import { overlayStyles } from '../core/overlay.tsx';
import { textAreaStyles } from '../core/fields/TextAreaField.tsx';

/** The claim form's own rules; the shared ones come from core. */
const claimFormOwnStyles = /* css */ `
.ppm-claim { max-width: 44rem; }
.ppm-claim__title { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.25; }
.ppm-claim__intro { margin: 0 0 1rem; color: var(--_muted); }
.ppm-claim__heading { margin: 0 0 1rem; font-size: 1.25rem; line-height: 1.3; }
.ppm-claim__heading:focus { outline: none; }
.ppm-claim__heading:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.ppm-claim__step-of { display: block; font-size: 0.875rem; font-weight: 600; color: var(--_muted); }
.ppm-claim__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 0.5rem; }
.ppm-claim__actions .ppm-button[disabled] { opacity: 0.45; cursor: not-allowed; }
.ppm-claim__status .ppm-notice p { margin: 0 0 0.5rem; }
.ppm-claim__status .ppm-notice p:last-child { margin: 0; }
.ppm-claim__status .ppm-notice:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
/* width 100%: a file input's own width (its button and 'No file chosen') would widen a narrow host's column */
.ppm-file { padding: 0.25rem 0; width: 100%; font: inherit; }
/* the browser's own 'Choose Files' is a small grey button: drawn like our secondary buttons, a target of 44 px */
.ppm-file::file-selector-button {
  font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0.5rem 1rem; margin-right: 0.75rem; cursor: pointer;
  color: var(--_ink); background: var(--_surface); border: 2px solid var(--_ink); border-radius: var(--_radius);
}
.ppm-photos { list-style: none; margin: 0.5rem 0 0; padding: 0; display: grid; gap: 0.5rem; }
.ppm-photos__item { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem;
  padding: 0.5rem 0.75rem; border: 1px solid var(--_line); border-radius: var(--_radius); }
.ppm-photos__name { overflow-wrap: anywhere; }
.ppm-photos__size { color: var(--_muted); }
.ppm-photos__remove { padding: 0.25rem 0.75rem; }
`;

/** Every sheet the widget needs, in order: adopted into its shadow root, or into the document on our site. */
export const claimFormStyles: readonly string[] = [baseStyles, datePickerStyles, errorSummaryStyles, overlayStyles, textAreaStyles, claimFormOwnStyles];
