import { createContext, createElement, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import type { ApiClient } from './api-client.ts';
import { apiBaseFor } from './config.ts';
import { emit as dispatch, type PpmEventMap, type PpmEventName } from './events.ts';
import { createWidgetStore, type WidgetStore } from './store.ts';

/**
 * Each element's own context (issue 9 "How it fits the house"): its API client (from its api-base), its
 * loader, its snackbars, and `emit` bound to its host element. Several widgets share one page (the account
 * pages, the home page's quote widgets); with a context each they never show each other's loader or
 * messages, and a widget needs no guard against another's. Only the signed-in person is page-wide
 * (session.ts).
 *
 * defineElement (register.ts) gives every custom element its scope, with the element as the host. A
 * component rendered on its own (an Astro island on our site, a test) makes one itself: each widget's
 * exported component is `scoped(tag, Component)`, which opens a scope only when none is open, so a widget
 * drawn inside another (quote-start's retrieve window) belongs to the outer one.
 */
export interface Widget extends WidgetStore {
  /** The element's tag: the `widget` of its ppm-error events. */
  tag: string;
  /** The API client for this element's api-base. */
  api: ApiClient;
  /** The API origin the client calls ('' for same-origin). */
  apiBase: string;
  /**
   * The widget's root element, for a component with no element of its own around it (an island): its events
   * are sent from there. Put it on the outermost element the widget draws.
   */
  rootRef: RefObject<HTMLDivElement | null>;
  /**
   * Sends a `ppm-` event from the host element (bubbling, composed). Returns false when it is cancelable and a
   * listener called preventDefault().
   */
  emit<K extends PpmEventName>(name: K, detail: PpmEventMap[K], options?: { cancelable?: boolean }): boolean;
  /** The one path of ppm-error: a failure the person was shown (`widget` defaults to the element's tag). */
  reportError(status: number, message: string, widget?: string): void;
}

const WidgetContext = createContext<Widget | null>(null);

export interface WidgetOptions {
  tag: string;
  /** The element's api-base attribute (or prop); the default base when empty. */
  apiBase?: string | undefined;
  /** The element the widget's events leave from; default the widget's root element (rootRef). */
  host?: EventTarget | null | undefined;
}

/**
 * The element's API client, whose code loads when a component first asks for `api` (widget.api below): a
 * widget that may never call (quote-start, until 'Retrieve my quote') does not ship it, and one that calls
 * has it loaded long before the person's first click. Like the client itself it never throws: a chunk that
 * cannot load is a call without an answer (status 0), and the next call tries again.
 */
function lazyClient(base: string): ApiClient {
  let client: Promise<ApiClient | null> | null = null;
  const load = () =>
    (client ??= import('./api-client.ts').then(
      (module) => module.createApiClient(base),
      () => {
        client = null; // offline: the next call tries again
        return null;
      },
    ));
  const noAnswer = { ok: false as const, status: 0, messages: [] };
  void load();
  return {
    call: (async (endpoint, body, options) => (await load())?.call(endpoint, body, options) ?? noAnswer) as ApiClient['call'],
    upload: (async (endpoint, form, options) => (await load())?.upload(endpoint, form, options) ?? noAnswer) as ApiClient['upload'],
  };
}

/** A widget context outside React (tests build one to read a widget's loader and snackbars). */
export function createWidget(options: WidgetOptions, store: WidgetStore = createWidgetStore(), rootRef: RefObject<HTMLDivElement | null> = { current: null }): Widget {
  const apiBase = apiBaseFor(options.apiBase);
  const target = (): EventTarget | null => options.host ?? rootRef.current;
  let api: ApiClient | undefined;
  const widget: Widget = {
    ...store,
    tag: options.tag,
    get api() {
      return (api ??= lazyClient(apiBase));
    },
    apiBase,
    rootRef,
    emit(name, detail, emitOptions = {}) {
      const host = target();
      return host ? dispatch(host, name, detail, emitOptions) : true;
    },
    reportError(status, message, name = options.tag) {
      widget.emit('ppm-error', { widget: name, status, message });
    },
  };
  return widget;
}

export interface WidgetScopeProps extends WidgetOptions {
  children?: ReactNode;
  /** A context made beforehand (tests): used as it is. */
  widget?: Widget;
}

/** Opens a widget's context for everything drawn inside it. The store lives as long as the scope. */
export function WidgetScope({ tag, apiBase, host, widget: given, children }: WidgetScopeProps) {
  const [store] = useState(createWidgetStore);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const made = useMemo(() => createWidget({ tag, apiBase, host }, store, rootRef), [tag, apiBase, host, store]);
  return createElement(WidgetContext.Provider, { value: given ?? made }, children);
}

const README = 'See widgets/README.md.';

/** The context of the widget this component is drawn in. */
export function useWidget(): Widget {
  const widget = useContext(WidgetContext);
  if (!widget) {
    throw new Error(`[ppm] a widget component was drawn outside a widget context: export it through scoped(tag, Component) or register it with defineElement. ${README}`);
  }
  return widget;
}

/**
 * The widget's component as it is exported: drawn inside a context (its element's, or an outer widget's) it
 * uses that one; drawn on its own (an Astro island) it opens its own from its `apiBase` prop.
 */
export function scoped<P extends object>(tag: string, Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    const outer = useContext(WidgetContext);
    const inner = createElement(Component as ComponentType<object>, props);
    if (outer) return inner;
    return createElement(WidgetScope, { tag, apiBase: (props as { apiBase?: string }).apiBase }, inner);
  }
  Scoped.displayName = `Scoped(${Component.displayName ?? Component.name ?? tag})`;
  return Scoped;
}
