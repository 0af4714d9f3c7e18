import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import r2wc from 'react-to-webcomponent';
import { adoptStyles } from './styles/adopt.ts';
import { WidgetScope } from './widget.tsx';

/**
 * Turns a widget's React component into a custom element (react-to-webcomponent): an open shadow root,
 * the widget's sheets adopted into it before the first render, attributes passed as string props
 * (kebab-case attribute `api-base` -> prop `apiBase`). In the embed bundle `react` is preact/compat.
 *
 * Every element draws its component inside its own widget context (widget.tsx): an API client for its
 * `api-base`, its own loader and snackbars, and events sent from the element itself.
 */
export interface ElementOptions {
  /** camelCase prop names; each is read from its kebab-case attribute and observed. */
  attributes: readonly string[];
  /** camelCase props carrying rich data (objects) set as element properties; parsed as JSON when set as attributes. */
  properties?: readonly string[];
  /** CSS texts adopted into the shadow root, in order. */
  styles: readonly string[];
}

export function defineElement<P extends object>(tag: string, component: ComponentType<P>, options: ElementOptions): void {
  // Defining twice (two copies of the loader on one page) must not throw on the host page.
  if (customElements.get(tag)) return;
  // react-to-webcomponent hands the component its shadow root as `container`
  function InScope(props: P & { apiBase?: string; container?: ShadowRoot }) {
    return createElement(WidgetScope, { tag, apiBase: props.apiBase, host: props.container?.host }, createElement(component, props));
  }
  InScope.displayName = `Element(${tag})`;
  const Base = r2wc(InScope, { createElement } as never, { createRoot } as never, {
    shadow: 'open',
    props: Object.fromEntries([
      ...options.attributes.map((name) => [name, 'string']),
      ...(options.properties ?? []).map((name) => [name, 'json']),
    ]) as never,
  });
  class Element extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, options.styles);
    }
  }
  customElements.define(tag, Element);
}

