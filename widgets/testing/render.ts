import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from './browser.ts';

export interface Rendered {
  host: HTMLElement;
  root: ShadowRoot;
  unmount(): void;
}

/**
 * Renders a React element into a fresh shadow root on the page, as our custom elements do, and waits until
 * `ready` finds it drawn. What a widget test mounts, it unmounts with the returned unmount().
 */
export async function renderInShadow(
  element: ReactElement,
  ready: (root: ShadowRoot) => unknown,
  what = 'the widget',
  /** Runs on the host before the first render: listeners for events the widget sends at once. */
  prepare?: (host: HTMLElement) => void,
): Promise<Rendered> {
  const host = document.createElement('div');
  prepare?.(host);
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const react = createRoot(root as unknown as HTMLElement);
  react.render(element);
  await waitFor(() => ready(root), what);
  return {
    host,
    root,
    unmount() {
      react.unmount();
      host.remove();
    },
  };
}
