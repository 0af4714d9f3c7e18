/**
 * The statements page's own rules (adopted after the shared sheets by adoptElementStyles). From doc 1's sm
 * breakpoint (744) the intervals are a table of six columns; on a phone each interval is a card: its period
 * on top, then each figure under its column's name (shown from data-label, hidden from screen readers, which
 * read the table's own headers: statements-page.ts gives every part its role).
 */
export const statementsStyles = /* css */ `
account-statements { display: block; }
.stm-policy-line { margin: 0 0 0.5rem; color: var(--_muted); font-weight: 600; }
.account-statements > .account-intro { max-width: 44rem; }
.stm-photo { max-width: 40rem; }
.stm-vehicle { margin: 0 0 2.5rem; }
.stm-vehicle h2 { margin: 0 0 0.25rem; font-size: 1.35rem; }
.stm-frame { margin: 0.75rem 0 0; border: 1px solid var(--_line); border-radius: var(--_radius); overflow: hidden; }
.stm-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.stm-table caption { padding: 0.75rem 1rem; text-align: left; font-weight: 600; }
.stm-table th, .stm-table td { padding: 0.6rem 1rem; border-top: 1px solid var(--_line); text-align: right; white-space: nowrap; }
.stm-table thead th { background: #f4f5f7; font-size: 0.875rem; text-transform: uppercase; letter-spacing: 0.03em; }
.stm-table th:first-child { text-align: left; }
.stm-table tbody th { font-weight: 600; }
.stm-table tfoot th, .stm-table tfoot td { font-weight: 700; border-top: 2px solid var(--_ink); }
.stm-open td { color: var(--_muted); }
.stm-badge {
  display: inline-block; margin-left: 0.25rem; padding: 0 0.5rem; border-radius: 999px; font-size: 0.8125rem; font-weight: 700;
  color: var(--_info); background: #eef5fc; border: 1px solid var(--_info);
}
@media (max-width: 744px) {
  .stm-table thead {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
  }
  .stm-table tbody tr, .stm-table tfoot tr {
    display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem 1rem; padding: 0.75rem 1rem; border-top: 1px solid var(--_line);
  }
  .stm-table tfoot tr { border-top: 2px solid var(--_ink); }
  .stm-table th, .stm-table td, .stm-table tfoot th, .stm-table tfoot td { display: block; padding: 0; border: 0; text-align: left; white-space: normal; }
  .stm-table tbody th, .stm-table tfoot th { grid-column: 1 / -1; }
  .stm-table td::before {
    content: attr(data-label); content: attr(data-label) / '';
    display: block; font-size: 0.8125rem; font-weight: 400; color: var(--_muted);
  }
  .stm-table .stm-empty { display: none; }
}
`;
