import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import r2wc from 'react-to-webcomponent';
import { propertyName, type ElementSurface, type PropertyName } from './element-declaration.ts';
import { adoptStyles } from './styles/adopt.ts';
import { WidgetScope } from './widget.tsx';

/**
 * Turns a widget's React component into a custom element (react-to-webcomponent): an open shadow root,
 * the widget's sheets adopted into it before the first render, attributes passed as string props
 * (kebab-case attribute `api-base` -> prop `apiBase`). In the embed bundle `react` is preact/compat.
 * The tag, attributes and rich properties come from the element's declaration (<name>.element.ts); the
 * component must take a prop for each of them, which the type checker holds it to.
 *
 * Every element draws its component inside its own widget context (widget.tsx): an API client for its
 * `api-base`, its own loader and snackbars, and events sent from the element itself.
 */
export interface ElementOptions {
  /** CSS texts adopted into the shadow root, in order. */
  styles: readonly string[];
}

/**
 * The declared attributes that are not string props of the component, and the rich properties it lacks.
 * `api-base` is exempt: the element's scope reads it (WidgetScope's API client) whether or not the component does.
 */
type Unmatched<E extends ElementSurface, P> =
  | { [A in E['attributes'][number]]: NotAStringProp<PropertyName<A>, P> }[Exclude<E['attributes'][number], 'api-base'>]
  | Exclude<E['properties'][number], keyof P>;

type NotAStringProp<Name extends string, P> = Name extends keyof P ? (string extends P[Name] ? never : Name) : Name;

/** A declaration the component cannot take is a type error naming the props at fault. */
type TakenBy<E extends ElementSurface, P> = [Unmatched<E, P>] extends [never]
  ? E
  : E & { 'props the component must take (string for an attribute)': Unmatched<E, P> };

/** The custom-element callbacks react-to-webcomponent's class has and its typings do not declare. */
interface ElementCallbacks {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  connectedCallback(): void;
}

export function defineElement<E extends ElementSurface, P extends object>(
  element: TakenBy<E, P>,
  component: ComponentType<P>,
  options: ElementOptions,
): void {
  const { tag } = element;
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
      ...element.attributes.map((name) => [propertyName(name), 'string']),
      ...element.properties.map((name) => [name, 'json']),
    ]) as never,
  });
  class Element extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, options.styles);
    }

    /**
     * react-to-webcomponent skips an attribute whose value is empty, so `<ppm-retrieve-quote open>` would not
     * open. An empty value is handed over as '' through the element's property (which stores it without a
     * render) and drawn by connectedCallback, which renders again when the element is already on the page.
     */
    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const base = Base.prototype as unknown as ElementCallbacks;
      base.attributeChangedCallback.call(this, name, old, value);
      if (value !== '') return;
      (this as unknown as Record<string, unknown>)[propertyName(name as E['attributes'][number])] = '';
      if (this.isConnected) base.connectedCallback.call(this);
    }
  }
  customElements.define(tag, Element);
}

