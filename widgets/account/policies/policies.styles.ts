/**
 * The choosers' and lookup quotes' own rules (adopted after the shared sheets): one
 * full-width button per policy or quote on a phone, tiles side by side from doc 1's sm breakpoint (744).
 */
export const policiesStyles = /* css */ `
.pol-part { margin: 0 0 2.5rem; }
.pol-part h2 { margin: 0 0 1rem; font-size: 1.35rem; }
.pol-part h2:focus { outline: 3px solid var(--_focus); outline-offset: 2px; }
.pol-choices { list-style: none; margin: 0 0 1.5rem; padding: 0; display: grid; gap: 1rem; }
@media (min-width: 745px) { .pol-choices { grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); } }
.pol-choices li {
  display: flex; flex-direction: column; gap: 0.5rem; padding: 1rem; border: 1px solid var(--_line);
  border-radius: var(--_radius); background: var(--_surface);
}
.pol-choice {
  display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; width: 100%; min-height: 3rem;
  padding: 0.6rem 1rem; font: inherit; font-size: 1.1rem; font-weight: 700; text-align: left; cursor: pointer;
  color: var(--_accent-ink); background: var(--_accent); border: 2px solid transparent; border-radius: var(--_radius);
}
.pol-choice::after { content: '›'; font-size: 1.5rem; line-height: 1; }
.pol-choice:hover { filter: brightness(0.92); }
.pol-choice:focus-visible { outline: 3px solid var(--_focus); outline-offset: 0; box-shadow: inset 0 0 0 2px var(--_ink); }
.pol-choice__about { margin: 0; color: var(--_muted); font-size: 0.9375rem; }
.pol-ways { margin-top: 1.5rem; }
.account-lookup-quotes > p { max-width: 44rem; }
`;
