/**
 * Where the API lives when a widget has no `api-base` attribute. On our own site that is the same origin
 * (''); the embed loader replaces it with the origin its own script came from, so a club's page needs
 * only the script tag and the element.
 */
let defaultApiBase = '';

export function setDefaultApiBase(base: string): void {
  defaultApiBase = base.replace(/\/+$/, '');
}

/**
 * The base a widget calls: its `api-base` attribute when given, else the default above. The client adds
 * the `/api/...` path itself, so the base is the origin (or the path the API is mounted under, without
 * its `/api`). A dealer naturally writes the API's own address, `https://host/api`: that form is
 * accepted too, and read as `https://host`, instead of calling `/api/api/...` and failing with a 404.
 */
export function apiBaseFor(attribute: string | undefined | null): string {
  const base = attribute?.trim();
  return base ? base.replace(/\/+$/, '').replace(/\/api$/i, '') : defaultApiBase;
}

/**
 * Where the brand site lives, for pages the widget sends a person to (the unavailable page). Its
 * `site-url` attribute when given; else the default API origin, because one server serves the site, the
 * embed bundle and the API (DESIGN.md "Scale"): '' on our own site, the loader's origin when embedded.
 */
export function siteUrlFor(attribute: string | undefined | null): string {
  const url = attribute?.trim();
  return url ? url.replace(/\/+$/, '') : defaultApiBase;
}
