/**
 * An account page's island as Astro renders it: a section with the page's heading (none: '') and the component drawn
 * in the light DOM below it (client:only). Returns the section; `unmountIslands()` takes every one away.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const mounted: { root: Root; section: HTMLElement }[] = [];

export function mountIsland<P extends object>(heading: string, component: ComponentType<P>, props: P): HTMLElement {
  const section = document.createElement('section');
  const island = document.createElement('div');
  if (heading) {
    const h1 = document.createElement('h1');
    h1.textContent = heading;
    section.append(h1);
  }
  section.append(island);
  document.body.append(section);
  const root = createRoot(island);
  root.render(createElement(component, props));
  mounted.push({ root, section });
  return section;
}

export function unmountIslands(): void {
  for (const { root, section } of mounted.splice(0)) {
    root.unmount();
    section.remove();
  }
}
