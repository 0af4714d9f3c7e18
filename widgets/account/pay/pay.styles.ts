import { overlayStyles } from '../../core/styles/feedback.styles.ts';
import { noticeStyles } from '../../core/styles/form-messages.styles.ts';
import { buttonStyles, themeStyles } from '../../core/styles/widget.styles.ts';
import { modalStyles } from '../../core/modal.tsx';

/** The bill payment page's own rules; the shared ones come from core (as the card page's). */
const payPageOwnStyles = /* css */ `
.ppm-pay-page { max-width: 36rem; }
.ppm-pay-page__bill { margin: 0 0 1.5rem; padding: 1rem; border: 1px solid #c9ced4; border-radius: var(--_radius, 6px); }
.ppm-pay-page__bill h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
.ppm-pay-page__facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
.ppm-pay-page__facts dt { font-weight: 700; }
.ppm-pay-page__facts dd { margin: 0; }
.ppm-pay-page table { width: 100%; border-collapse: collapse; font-size: 0.9375rem; }
.ppm-pay-page caption { text-align: left; font-weight: 700; margin-bottom: 0.25rem; }
.ppm-pay-page th, .ppm-pay-page td { padding: 0.375rem 0; border-bottom: 1px solid #e3e6ea; text-align: left; vertical-align: top; }
.ppm-pay-page td:last-child, .ppm-pay-page th:last-child { text-align: right; white-space: nowrap; padding-left: 1rem; }
.ppm-pay-page tfoot th, .ppm-pay-page tfoot td { font-weight: 700; border-bottom: 0; }
.ppm-pay-page__test { margin-bottom: 1.25rem; color: var(--_ink); border-color: #b26a00; background: #fff6e5; }
.ppm-pay-page__test p, .ppm-pay-page__failure p { margin: 0.25rem 0; }
.ppm-pay-page__test-title, .ppm-pay-page__failure-title { font-weight: 700; }
.ppm-pay-page__paid h2 { font-size: 1.5rem; margin: 0 0 0.5rem; }
.ppm-pay-page__actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
.ppm-pay-page .ppm-button { max-width: 100%; white-space: normal; }
`;

/** Every sheet the page needs, in order, adopted into the document (light DOM, where Stripe.js shows the bank's page). */
export const payPageStyles: readonly string[] = [themeStyles, buttonStyles, noticeStyles, overlayStyles, modalStyles, payPageOwnStyles];
