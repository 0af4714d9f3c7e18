/**
 * `react-dom/client` on the site (astro.config.mjs): preact/compat's roots, each drawing its tree inside
 * its id prefix (react.ts), as React's `identifierPrefix` option does. @astrojs/react passes the island's
 * `prefix` to hydrateRoot; a client:only island has none (nothing was rendered on the server to agree
 * with), so each such root is given one of its own.
 */
import { createElement, type ComponentChild } from 'preact';
import { createRoot as compatCreateRoot, hydrateRoot as compatHydrateRoot } from 'preact/compat/client';
import { IslandIdPrefix } from './react.ts';

export interface RootOptions {
  identifierPrefix?: string | null;
}

export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

let clientOnlyRoots = 0;

const withPrefix = (prefix: string, children: ComponentChild) => createElement(IslandIdPrefix.Provider, { value: prefix }, children);

function prefixed(root: Root, prefix: string): Root {
  return { render: (children) => root.render(withPrefix(prefix, children)), unmount: () => root.unmount() };
}

export function createRoot(container: Element | DocumentFragment, options?: RootOptions): Root {
  // 'c' never starts a server prefix (Astro's are r0, r1, ...), so a client-only island cannot meet one
  return prefixed(compatCreateRoot(container as Element), options?.identifierPrefix || `c${++clientOnlyRoots}`);
}

export function hydrateRoot(container: Element | DocumentFragment, children: ComponentChild, options?: RootOptions): Root {
  const prefix = options?.identifierPrefix ?? '';
  return prefixed(compatHydrateRoot(container as Element, withPrefix(prefix, children) as never), prefix);
}

export default { createRoot, hydrateRoot };
