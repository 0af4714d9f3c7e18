import { accountStyles } from '../account.styles.ts';
import { overlayStyles } from '../../core/styles/feedback.styles.ts';
import { noticeStyles } from '../../core/styles/form-messages.styles.ts';
import { buttonStyles, themeStyles } from '../../core/styles/widget.styles.ts';

/**
 * The statements page's own rules. Each period is a card: its dates and status on top, then its vehicles (a
 * reading with its thumbnail, the miles and how they were found, the rate) and its bill as a two-column
 * table. From doc 1's sm breakpoint (744) the vehicles and the bill sit side by side; on a phone one under
 * the other, and the table's amounts stay right-aligned.
 */
const statementsOwnStyles = /* css */ `
.ppm-statements { max-width: 60rem; }
.stm-policy-line { margin: 0 0 0.5rem; color: var(--_muted); font-weight: 600; }
.stm-intro { max-width: 44rem; }
.stm-balance { margin: 1rem 0 1.5rem; padding: 1rem; border: 1px solid var(--_line, #c9ced4); border-radius: var(--_radius, 6px); }
.stm-balance h2 { margin: 0; font-size: 0.875rem; text-transform: uppercase; letter-spacing: 0.03em; color: var(--_muted); }
.stm-balance p { margin: 0.25rem 0 0; font-size: 1.5rem; font-weight: 700; }
.stm-balance--owed p { color: var(--_danger); }
.stm-period { margin: 0 0 1.5rem; padding: 1rem; border: 1px solid var(--_line, #c9ced4); border-radius: var(--_radius, 6px); }
.stm-period__head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.75rem; margin: 0 0 0.75rem; }
.stm-period__head h2 { margin: 0; font-size: 1.25rem; }
.stm-period__due { margin: 0; color: var(--_muted); font-size: 0.9375rem; flex-basis: 100%; }
.stm-badge {
  display: inline-block; padding: 0 0.5rem; border-radius: 999px; font-size: 0.8125rem; font-weight: 700;
  color: var(--_info); background: #eef5fc; border: 1px solid var(--_info);
}
.stm-badge--closed { color: var(--_ink); background: #f4f5f7; border-color: #6b7280; }
.stm-badge--cancelled { color: var(--_danger); background: #fdf0f0; border-color: var(--_danger); }
.stm-period__body { display: grid; gap: 1rem; }
@media (min-width: 745px) { .stm-period__body { grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); } }
.stm-vehicles { list-style: none; margin: 0; padding: 0; }
.stm-vehicle { display: grid; grid-template-columns: 4.5rem minmax(0, 1fr); gap: 0 0.75rem; margin: 0 0 1rem; }
.stm-vehicle h3 { grid-column: 1 / -1; margin: 0 0 0.25rem; font-size: 1.0625rem; }
.stm-vehicle p { margin: 0 0 0.2rem; }
.stm-vehicle__facts { grid-column: 2; }
.stm-vehicle--no-photo .stm-vehicle__facts { grid-column: 1 / -1; }
.stm-thumb { width: 4.5rem; height: 4.5rem; object-fit: cover; border-radius: 4px; border: 1px solid var(--_line, #c9ced4); background: #f4f5f7; }
.stm-how { color: var(--_muted); font-size: 0.9375rem; }
.stm-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.stm-table caption { padding: 0 0 0.5rem; text-align: left; font-weight: 700; }
.stm-table th, .stm-table td { padding: 0.4rem 0.5rem; border-top: 1px solid var(--_line, #c9ced4); text-align: left; vertical-align: top; }
.stm-table thead th { font-size: 0.8125rem; text-transform: uppercase; letter-spacing: 0.03em; background: #f4f5f7; }
.stm-table .stm-amount { text-align: right; white-space: nowrap; }
.stm-table tbody th { font-weight: 400; }
.stm-table tfoot th, .stm-table tfoot td { font-weight: 700; border-top: 2px solid var(--_ink); }
.stm-bill { margin: 0 0 1rem; }
.stm-bill__status { margin: 0.5rem 0 0; font-weight: 600; }
.stm-bill__status--failed, .stm-bill__status--unpaid { color: var(--_danger); }
.stm-bill__status--paid { color: var(--_success, #1e7b34); }
`;

/** Every sheet the page needs, in order, adopted into the document (an island in the light DOM). */
export const statementsStyles: readonly string[] = [themeStyles, buttonStyles, noticeStyles, accountStyles, overlayStyles, statementsOwnStyles];
