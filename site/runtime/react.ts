/**
 * `react` on the site (astro.config.mjs aliases it here): preact/compat, with React's per-root id prefix.
 *
 * React gives each root its `identifierPrefix`, and Astro hands every island its own (`prefix="r2"` on the
 * astro-island, used by the server render and by hydration alike), so two islands of one widget never
 * share the ids `useId` makes. Preact's useId counts from each root afresh and knows no prefix: two
 * QuoteStart islands on one page would both say `P0-0`, and a label would name the other island's field.
 * Here `useId` puts the prefix of the island it is drawn in before Preact's id; react-dom-client.ts and
 * react-dom-server.ts open that prefix around every island, on the server and in the browser the same.
 */
import { createContext, useContext, useId as preactUseId } from 'preact/compat';

// preact/compat's types say `export =`; its module has named exports, which the widgets import as React's
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/** The id prefix of the island (the React root) a component is drawn in; '' outside one. */
export const IslandIdPrefix = createContext('');

export function useId(): string {
  return useContext(IslandIdPrefix) + preactUseId();
}
