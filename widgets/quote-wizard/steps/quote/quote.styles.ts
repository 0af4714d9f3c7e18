import { modalStyles } from '../../../core/modal.tsx';
import { baseStyles } from '../../../core/styles/base.styles.ts';
import { callToCompleteStyles } from '../CallToComplete.tsx';

/** Step 5's own rules; the shared sheets come from core (adopting twice is a no-op). */
const quoteOwnStyles = /* css */ `
.ppm-quote__facts {
  display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; margin: 0 0 1.25rem; padding: 0.75rem 1rem;
  background: #f4f6f8; border-radius: var(--_radius);
}
.ppm-quote__facts dt { font-size: 0.875rem; color: var(--_muted); }
.ppm-quote__facts dd { margin: 0; font-weight: 700; font-size: 1.125rem; }
.ppm-quote__section { margin: 0 0 1.25rem; padding: 0 0 1rem; border-bottom: 1px solid var(--_line); }
.ppm-quote__heading { margin: 0 0 0.5rem; font-size: 1.25rem; line-height: 1.3; overflow-wrap: anywhere; }
.ppm-quote__subheading { margin: 1rem 0 0.25rem; font-size: 1.0625rem; }
.ppm-quote__note { margin: 0 0 0.5rem; color: var(--_muted); font-size: 0.9375rem; }
.ppm-quote__list, .ppm-quote__fees { margin: 0; padding: 0; list-style: none; }
.ppm-quote__fees { font-size: 0.9375rem; color: var(--_muted); }
.ppm-quote__fees li { padding: 0.125rem 0; }
.ppm-quote__pairs { margin: 0; }
.ppm-quote__row {
  display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0.25rem 1rem;
  padding: 0.375rem 0; border-bottom: 1px dashed var(--_line);
}
.ppm-quote__row:last-child { border-bottom: 0; }
.ppm-quote__row dt, .ppm-quote__name { font-weight: 600; }
.ppm-quote__row dd { margin: 0; text-align: right; margin-left: auto; }
.ppm-quote__value { color: var(--_muted); }
.ppm-quote__aside { display: block; font-size: 0.875rem; font-weight: 400; color: var(--_muted); }
.ppm-quote__vin { margin: 0 0 0.5rem; color: var(--_muted); }
.ppm-quote__mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--_ink); overflow-wrap: anywhere; }
.ppm-quote__table { width: 100%; border-collapse: collapse; font-size: 0.9375rem; }
.ppm-quote__table caption { text-align: left; font-weight: 700; padding: 0.25rem 0 0.5rem; }
.ppm-quote__table th, .ppm-quote__table td { padding: 0.4375rem 0.5rem; border-bottom: 1px solid var(--_line); text-align: right; vertical-align: top; }
.ppm-quote__table th:first-child { text-align: left; padding-left: 0; }
.ppm-quote__table tr > :last-child { padding-right: 0; }
.ppm-quote__table thead th { font-size: 0.8125rem; color: var(--_muted); border-bottom-width: 2px; }
.ppm-quote__table tbody th { font-weight: 600; }
.ppm-quote__row--total dt, .ppm-quote__row--total dd { font-size: 1.125rem; font-weight: 700; }
.ppm-quote__totals { border-bottom: 0; padding: 1rem; background: #f4f6f8; border-radius: var(--_radius); }
.ppm-quote__actions .ppm-quote__purchase { margin-left: auto; min-width: 10rem; }
/* narrow screens: each coverage row becomes a small card, its figures labelled */
@media (max-width: 34em) {
  .ppm-quote__table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
  .ppm-quote__table, .ppm-quote__table tbody, .ppm-quote__table tr, .ppm-quote__table th, .ppm-quote__table td { display: block; }
  .ppm-quote__table caption { display: block; }
  .ppm-quote__table tr { padding: 0.375rem 0; border-bottom: 1px solid var(--_line); }
  .ppm-quote__table th, .ppm-quote__table td { border: 0; padding: 0.125rem 0; text-align: left; }
  .ppm-quote__table td { display: flex; justify-content: space-between; gap: 1rem; }
  .ppm-quote__table td::before { content: attr(data-label); color: var(--_muted); }
  .ppm-quote__actions .ppm-quote__purchase { flex-basis: 100%; }
}
`;

export const quoteStyles: readonly string[] = [baseStyles, modalStyles, callToCompleteStyles, quoteOwnStyles];
