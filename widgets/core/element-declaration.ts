/**
 * The shape of an element's declaration (STYLE.md habit 2, the way Shoelace derives its custom-elements
 * manifest from each component): an element's public surface is written once, beside its registration, and
 * the rest is derived from it: the registration (register.ts defineElement), the loader's list
 * (elements.ts), the element's type in HTMLElementTagNameMap (TagNameMapEntry) and widgets/README.md with
 * README.md's list of elements (elements-readme.ts).
 *
 * A declaration is two modules, so the loader carries names only:
 * - widgets/<name>/<name>.element.ts exports `element` (ElementSurface): tag, attribute and property names,
 *   which embed.js and the element's chunk read;
 * - widgets/<name>/<name>.docs.ts exports `docs` (ElementDocs): what each name means, and the events, parts
 *   and CSS custom properties. Only the README generator imports it, so no prose reaches the bundle; its
 *   type lists the surface's names, so a name without its doc (or a doc without its name) does not compile.
 * What every element shares (the theme, the parts of core's pieces) is documented once, in shared.docs.ts.
 */
import type { PpmEventName, PpmQuoteVariants } from './events.ts';
import type { SharedPart, ThemeProperty } from './shared.docs.ts';

export interface ElementSurface {
  tag: `ppm-${string}`;
  /** Observed kebab-case attributes; each is also a string property of its camelCase name (propertyName). */
  attributes: readonly string[];
  /** camelCase properties carrying rich data (objects); parsed as JSON when set as an attribute. */
  properties: readonly string[];
}

/** 'quote-url' -> 'quoteUrl': the property an attribute sets (react-to-webcomponent dashes it back). */
export type PropertyName<Attribute extends string> = Attribute extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<PropertyName<Tail>>}`
  : Attribute;

export function propertyName<Attribute extends string>(attribute: Attribute): PropertyName<Attribute> {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as PropertyName<Attribute>;
}

/**
 * The element as a host page's script sees it: each attribute is an optional string property, each rich
 * property has the type the component gives it (`Props`, the component's props).
 */
export type ElementOf<E extends ElementSurface, Props> = HTMLElement & {
  [A in E['attributes'][number] as PropertyName<A>]?: string;
} & {
  [P in E['properties'][number]]?: P extends keyof Props ? Props[P] : never;
};

/** The element's entry, for `interface HTMLElementTagNameMap extends TagNameMapEntry<typeof element, Props> {}`. */
export type TagNameMapEntry<E extends ElementSurface, Props> = { [Tag in E['tag']]: ElementOf<E, Props> };

/** A part the element itself draws, with what it is. */
export type OwnPart = readonly [name: string, doc: string];

export interface EventDoc {
  /** The event; its `detail` type is printed from the event map (widgets/core/events.ts), never written here. */
  name: PpmEventName;
  /** For an event of several kinds (ppm-quote), the kind this element sends. */
  variant?: keyof PpmQuoteVariants;
  /** The element inside this one that sends it, when not this element itself (quote-start's retrieve window). */
  from?: `ppm-${string}`;
  /** A listener may call preventDefault() to stop what the widget does next. */
  cancelable?: true;
  doc: string;
}

export interface ElementDocs<E extends ElementSurface> {
  /** One line: what the element is, for the list of elements in README.md. */
  summary: string;
  /** What a host page's developer should know beyond the tables (widgets/README.md). */
  description: string;
  /** Each attribute's values, default and effect. */
  attributes: { readonly [A in E['attributes'][number]]: string };
  /** Each rich property: its type as a host writes it, and what it does. */
  properties: { readonly [P in E['properties'][number]]: { type: string; doc: string } };
  events: readonly EventDoc[];
  /** The parts a host page can style with ::part(), in the order a reader meets them. */
  parts: readonly (SharedPart | OwnPart)[];
  cssProperties: readonly ThemeProperty[];
}
