import { moreFieldStyles } from '../../core/styles/base.styles.ts';
import { errorSummaryStyles } from '../../core/styles/error-summary.styles.ts';
import { overlayStyles } from '../../core/styles/feedback.styles.ts';
import { fieldErrorStyles, noticeStyles } from '../../core/styles/form-messages.styles.ts';
import { buttonStyles, fieldStyles, themeStyles } from '../../core/styles/widget.styles.ts';

/** The card page's own rules; the shared ones come from core. */
const cardPageOwnStyles = /* css */ `
.ppm-card-page { max-width: 36rem; }
.ppm-card-page__current { margin: 0 0 1.5rem; padding: 1rem; border: 1px solid #c9ced4; border-radius: var(--_radius, 6px); }
.ppm-card-page__current h2, .ppm-card-page__form h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
.ppm-card-page__card { font-size: 1.125rem; font-weight: 700; margin: 0 0 0.25rem; }
.ppm-card-page__current p { margin: 0.25rem 0; }
.ppm-card-page__test { margin-bottom: 1.25rem; color: var(--_ink); border-color: #b26a00; background: #fff6e5; }
.ppm-card-page__test p { margin: 0.25rem 0; }
.ppm-card-page__test-title { font-weight: 700; }
.ppm-card-page__row { display: grid; grid-template-columns: 1fr 1fr; column-gap: 1rem; }
.ppm-card-page__element { padding-top: 0.7rem; min-height: 2.75rem; cursor: text; }
.ppm-card-page__element--error { border-color: var(--_danger); }
.ppm-card-page__consent { margin: 1rem 0; font-size: 0.9375rem; }
.ppm-card-page__secure { font-size: 0.875rem; margin: 0.5rem 0 1rem; }
.ppm-card-page__failure p { margin: 0.25rem 0; }
.ppm-card-page__failure-title { font-weight: 700; }
`;

/** Every sheet the page needs, in order, adopted into the document (the page is in the light DOM for Stripe). */
export const cardPageStyles: readonly string[] = [
  themeStyles, fieldStyles, fieldErrorStyles, buttonStyles, moreFieldStyles, noticeStyles, errorSummaryStyles, overlayStyles, cardPageOwnStyles,
];
