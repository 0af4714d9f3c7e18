import { moreFieldStyles } from '../core/styles/base.styles.ts';
import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';
import { overlayStyles } from '../core/styles/feedback.styles.ts';
import { fieldErrorStyles, noticeStyles } from '../core/styles/form-messages.styles.ts';
import { buttonStyles, fieldStyles, themeStyles } from '../core/styles/widget.styles.ts';
import { textAreaStyles } from '../core/fields/TextAreaField.tsx';

/** The contact form's own rules; the shared ones come from core. */
const contactOwnStyles = /* css */ `
.ppm-contact { max-width: 44rem; }
.ppm-contact__names { display: grid; grid-template-columns: 1fr; column-gap: 1rem; }
@media (min-width: 36em) {
  .ppm-contact__names { grid-template-columns: 3fr 2fr; }
}
.ppm-contact__agreement a { color: inherit; font-weight: 600; }
.ppm-contact__actions { margin-top: 0.25rem; }
`;

/** Every sheet the form needs, in order: adopted into the document by the island, and in /styles/widgets.css. */
export const contactStyles: readonly string[] = [
  themeStyles, fieldStyles, fieldErrorStyles, buttonStyles, moreFieldStyles, noticeStyles, errorSummaryStyles, overlayStyles, textAreaStyles, contactOwnStyles,
];
