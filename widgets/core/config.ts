/**
 * Where the API lives when a widget has no `api-base` attribute. On our own site that is the same origin
 * (''); the embed loader replaces it with the origin its own script came from, so a club's page needs
 * only the script tag and the element.
 */
let defaultApiBase = '';

export function setDefaultApiBase(base: string): void {
  defaultApiBase = base.replace(/\/+$/, '');
}

/** The base a widget calls: its `api-base` attribute when given, else the default above. */
export function apiBaseFor(attribute: string | undefined | null): string {
  const base = attribute?.trim();
  return base ? base.replace(/\/+$/, '') : defaultApiBase;
}

/**
 * Where the brand site lives, for pages the widget sends a person to (the unavailable page). Its
 * `site-url` attribute when given; else the default API origin, because one server serves the site, the
 * embed bundle and the API (DESIGN.md "Scale"): '' on our own site, the loader's origin when embedded.
 */
export function siteUrlFor(attribute: string | undefined | null): string {
  return apiBaseFor(attribute);
}
