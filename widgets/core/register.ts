import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { propertyName, type ElementSurface, type PropertyName } from './element-declaration.ts';
import { adoptStyles } from './styles/adopt.ts';
import { WidgetScope } from './widget.tsx';

/**
 * Turns a widget's React component into a custom element: an open shadow root, the widget's sheets adopted
 * into it before the first render, attributes passed as string props (kebab-case attribute `api-base` -> prop
 * `apiBase`) and rich properties (`texts`) as they are set, or parsed as JSON from an attribute of their name.
 * In the embed bundle `react` is preact/compat. The tag, attributes and rich properties come from the
 * element's declaration (<name>.element.ts); the component must take a prop for each of them, which the type
 * checker holds it to.
 *
 * Our own few lines rather than react-to-webcomponent (issue 11): every widget's host page paid 1.4 KB for
 * its general converters (numbers, booleans, functions, methods, events) where ours needs strings and JSON;
 * this is 0.6 KB.
 * What it did, this does: the element draws when it is connected and on every change of a declared
 * attribute or property, a property set reflects to its attribute, and a disconnected element unmounts its
 * component. Beyond it: a removed attribute clears its prop, and a property a host page set before the
 * element's chunk loaded is not lost.
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

export function defineElement<E extends ElementSurface, P extends object>(
  element: TakenBy<E, P>,
  component: ComponentType<P>,
  options: ElementOptions,
): void {
  const { tag } = element;
  // Defining twice (two copies of the loader on one page) must not throw on the host page.
  if (customElements.get(tag)) return;
  // attribute name -> [property name, parsed as JSON]; each rich property is also an attribute of its own name
  const names = new Map<string, [string, boolean]>([
    ...element.attributes.map((name): [string, [string, boolean]] => [name, [propertyName(name), false]]),
    ...element.properties.map((name): [string, [string, boolean]] => [name, [name, true]]),
  ]);

  class Element extends HTMLElement {
    static observedAttributes = [...names.keys()];
    readonly props: Record<string, unknown> = {};
    root: Root | null = null;

    constructor() {
      super();
      adoptStyles(this.attachShadow({ mode: 'open' }), options.styles);
    }

    connectedCallback() {
      // a property a host page set before this chunk loaded (the loader fetches it late) is an own
      // property of the element that hides the accessor: hand it to the accessor
      for (const [, [name]] of names) {
        if (Object.hasOwn(this, name)) {
          const value = (this as Record<string, unknown>)[name];
          delete (this as Record<string, unknown>)[name];
          (this as Record<string, unknown>)[name] = value;
        }
      }
      this.draw();
    }

    disconnectedCallback() {
      this.root?.unmount();
      this.root = null;
    }

    attributeChangedCallback(attribute: string, _old: string | null, text: string | null) {
      const [name, json] = names.get(attribute)!;
      this.props[name] = text === null ? undefined : json ? JSON.parse(text) : text;
      this.draw();
    }

    draw() {
      if (!this.isConnected) return;
      this.root ??= createRoot(this.shadowRoot as unknown as HTMLElement);
      const props = this.props as P & { apiBase?: string };
      this.root.render(createElement(WidgetScope, { tag, apiBase: props.apiBase, host: this }, createElement(component, props)));
    }
  }
  // Each attribute is a string property of its camelCase name, and each rich property a property: setting one
  // sets the attribute (JSON for a rich one), which draws the widget again.
  for (const [attribute, [name, json]] of names) {
    Object.defineProperty(Element.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        return this.props[name];
      },
      set(this: Element, value: unknown) {
        if (value == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, json ? JSON.stringify(value) : String(value));
      },
    });
  }
  customElements.define(tag, Element);
}
