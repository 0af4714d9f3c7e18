import { modalStyles } from '../../core/modal.tsx';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { callToCompleteStyles } from './CallToComplete.tsx';

/**
 * The purchase's one sheet: step 6 (payment), the lienholder step and step 7 (thank-you) share its rules, so it
 * sits beside their folders rather than inside one of them (a step imports no other step). Shared ones come from core.
 */
const purchaseOwnStyles = /* css */ `
.ppm-payment__heading { margin: 0 0 0.5rem; font-size: 1.25rem; line-height: 1.3; }
.ppm-payment__summary { margin: 0 0 1.25rem; padding: 1rem; background: #f4f6f8; border-radius: var(--_radius); }
.ppm-payment__pairs { margin: 0; }
/* the amount keeps to its label's row on a phone: a long label wraps beside it instead of pushing it down */
.ppm-payment__pair {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: baseline; column-gap: 1rem;
  padding: 0.375rem 0; border-bottom: 1px dashed var(--_line);
}
.ppm-payment__pair:last-child { border-bottom: 0; }
.ppm-payment__pair dt { font-weight: 600; }
.ppm-payment__pair dd { margin: 0; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ppm-payment__pair--total dt, .ppm-payment__pair--total dd { font-size: 1.125rem; font-weight: 700; }
.ppm-payment__consent { margin: 1rem 0 0; font-size: 0.9375rem; }
/* the consent to electronic delivery: a long label, so the box keeps to its first line */
.ppm-payment__delivery { margin: 1rem 0 0; font-size: 0.9375rem; }
.ppm-payment__delivery .ppm-field { margin: 0; }
.ppm-payment__delivery .ppm-choice { align-items: flex-start; gap: 0.75rem; }
.ppm-payment__delivery .ppm-choice input { flex: none; margin-top: 0.0625rem; }
.ppm-payment__note { margin: 0.5rem 0 0; color: var(--_muted); font-size: 0.9375rem; }
.ppm-payment__fees { margin: 0.25rem 0 0; padding: 0; list-style: none; color: var(--_muted); font-size: 0.9375rem; }
.ppm-payment__card { margin: 0 0 1rem; }
.ppm-payment__accepted { margin: 0 0 1rem; color: var(--_muted); }
.ppm-payment__test { margin-bottom: 1.25rem; color: var(--_ink); border-color: #b26a00; background: #fff6e5; }
.ppm-payment__test p { margin: 0.25rem 0; }
.ppm-payment__test-title { font-weight: 700; }
/* side by side at every width, as on the card; a label that wraps on a phone must not push its box out of line */
.ppm-payment__row { display: grid; grid-template-columns: 1fr 1fr; column-gap: 1rem; align-items: end; }
.ppm-payment__element { min-height: 2.75rem; padding-top: 0.7rem; padding-bottom: 0.7rem; }
.ppm-payment__element.StripeElement--focus { outline: 3px solid var(--_focus); box-shadow: inset 0 0 0 2px var(--_ink); }
.ppm-payment__element--error, .ppm-payment__element.StripeElement--invalid { border-color: var(--_danger); }
.ppm-payment__badge { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin: 0.5rem 0 0; font-size: 0.875rem; color: var(--_muted); }
.ppm-payment__powered {
  display: inline-flex; align-items: center; gap: 0.25rem; padding: 0.125rem 0.5rem; border: 1px solid var(--_line);
  border-radius: var(--_radius); color: var(--_ink); white-space: nowrap;
}
.ppm-payment__stripe { color: #533afd; font-weight: 800; letter-spacing: 0.01em; }
.ppm-payment__status { color: var(--_muted); }
.ppm-payment__failure p { margin: 0.25rem 0; font-weight: 400; }
.ppm-payment__failure .ppm-payment__failure-title { font-size: 1.0625rem; font-weight: 700; }
.ppm-payment__submit[aria-disabled="true"] { opacity: 0.6; cursor: progress; }
/* the test authentication window's two choices sit together under its text, not as the step's footer (no divider, not spread apart) */
.ppm-payment .ppm-modal__body .ppm-wizard__actions { justify-content: flex-start; margin-top: 1rem; padding-top: 0; border-top: 0; }
.ppm-purchase__lead { margin: 0 0 1rem; }
.ppm-purchase__vehicle { margin: 0 0 1rem; padding: 0; border: 0; min-width: 0; }
.ppm-purchase__legend { margin-bottom: 1rem; padding: 0; font-size: 1.125rem; font-weight: 700; }
.ppm-purchase__count { font-size: 1rem; font-weight: 400; color: var(--_muted); }
/* a prefilled, locked field reads as plainly as a typed one: no faded text, and no arrow on a select that cannot open */
.ppm-input:disabled, .ppm-select:disabled { border-color: var(--_line); background: #f4f6f8; color: var(--_ink); opacity: 1; }
.ppm-select:disabled { appearance: none; }
/* the payment went through: said with a tick as well as in words */
.ppm-purchase__confirmed { display: flex; align-items: flex-start; gap: 0.75rem; }
.ppm-purchase__confirmed::before {
  content: "\\2713"; content: "\\2713" / ""; flex: none; display: inline-flex; align-items: center; justify-content: center;
  width: 1.5em; height: 1.5em; border-radius: 50%; color: var(--_surface); background: var(--_success); line-height: 1;
}
.ppm-thanks__facts {
  display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; margin: 0 0 1.25rem; padding: 0.75rem 1rem;
  background: #f4f6f8; border-radius: var(--_radius);
}
.ppm-thanks__facts dt { font-size: 0.875rem; color: var(--_muted); }
.ppm-thanks__facts dd { margin: 0; font-weight: 700; font-size: 1.125rem; overflow-wrap: anywhere; }
.ppm-thanks__lead { font-size: 1.125rem; font-weight: 600; }
.ppm-thanks__next { margin: 0 0 1.25rem; padding-left: 1.25rem; }
.ppm-thanks__next li { margin: 0.375rem 0; }
.ppm-thanks__account { margin: 1.5rem 0 0; padding: 1rem 1.25rem; border: 2px solid var(--_line); border-radius: var(--_radius); }
.ppm-thanks__checklist { margin: 0 0 1rem; padding: 0; list-style: none; }
.ppm-thanks__check { display: flex; align-items: center; gap: 0.5rem; padding: 0.125rem 0; color: var(--_muted); }
.ppm-thanks__check::before {
  content: ""; flex: none; display: inline-flex; align-items: center; justify-content: center; width: 1.125rem; height: 1.125rem;
  border: 2px solid var(--_muted); border-radius: 50%; font-size: 0.75rem; font-weight: 700; line-height: 1;
}
.ppm-thanks__check--met { color: var(--_success); }
.ppm-thanks__check--met::before {
  content: "\\2713"; content: "\\2713" / ""; border-color: var(--_success); color: var(--_surface); background: var(--_success);
}
@media (max-width: 30em) { .ppm-thanks__account .ppm-button { width: 100%; } }
`;

export const purchaseStyles: readonly string[] = [baseStyles, modalStyles, callToCompleteStyles, purchaseOwnStyles];
