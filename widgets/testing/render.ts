import { createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { WidgetScope, createWidget, type Widget } from '../core/widget.tsx';
import { waitFor } from './browser.ts';

export interface Rendered {
  host: HTMLElement;
  root: ShadowRoot;
  unmount(): void;
}

/**
 * Renders a React element into a fresh shadow root on the page, as our custom elements do, and waits until
 * `ready` finds it drawn. What a widget test mounts, it unmounts with the returned unmount(). `element` may
 * be a function of the shadow host, for an element that needs it.
 */
export async function renderInShadow(
  element: ReactElement | ((host: HTMLElement) => ReactElement),
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
  react.render(typeof element === 'function' ? element(host) : element);
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

export interface RenderedWidget extends Rendered {
  /** The widget's own context: its loader and snackbars, as the test reads them. */
  widget: Widget;
}

/**
 * Renders a widget's component inside a widget context the test holds (widget.tsx), with the shadow host as
 * the element its events leave from, as defineElement gives every element. `tag` names the widget in its
 * ppm-error events.
 */
export async function renderWidget(
  element: ReactElement,
  ready: (root: ShadowRoot) => unknown,
  options: { tag: string; apiBase?: string; what?: string; prepare?: (host: HTMLElement) => void },
): Promise<RenderedWidget> {
  let widget: Widget | undefined;
  const rendered = await renderInShadow(
    (host) => {
      widget = createWidget({ tag: options.tag, apiBase: options.apiBase, host });
      return createElement(WidgetScope, { tag: options.tag, widget }, element);
    },
    ready,
    options.what ?? options.tag,
    options.prepare,
  );
  return { ...rendered, widget: widget! };
}
