/**
 * Every page of the site, for the checks that visit them all (the bench's Lighthouse table, the e2e test's axe
 * scans): each route of site/routes.ts and each of its aliases that is a page of its own, with a parameter
 * filled in by a representative value, the query forms that change a page (/unavailable?not-writing) and the
 * 404 page. A page added to the route table joins by itself.
 *
 * A route whose page the build has not made yet (site/routes.ts: "A route listed here may not have its page
 * yet") is skipped, and listed as skipped: the rule is that its built file, dist/site/<path>/index.html or
 * <path>.html, does not exist. An alias whose built file only redirects (a meta refresh) is not a page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../site/routes.ts';
import { ROOT } from './e2e/support.ts';

export interface SitePage {
  /** What a visitor opens: path and query. */
  path: string;
  /** The status the server answers it with. */
  status: 200 | 404;
  /** The built file that serves it, relative to dist/site. */
  file: string;
  /**
   * An alias built as the same page as its route's (the files differ in their canonical link alone): the
   * route's path. Lighthouse, which takes half a minute a page, audits it once.
   */
  sameAs?: string;
}

/** A value for each route parameter: a state we do not write in, a documents link's 64-hex token. */
const PARAMETER_VALUES: Record<string, string> = { state: 'Montana', id: 'a'.repeat(64) };

/**
 * The query forms that show another variant of a page (doc 1's /unavailable: "?not-writing" is the page of
 * the states we will write in soon, rather than the weather variant).
 */
const QUERY_VARIANTS: Record<string, readonly string[]> = { '/unavailable/:state?': ['?not-writing'] };

/** A path no route matches: doc 1 "any other path: 'Page Not Found'". */
export const NOT_FOUND_PATH = '/no-such-page';

const SITE = join(ROOT, 'dist/site');

/** The built file for a pathname: `<path>/index.html` or `<path>.html`; for doc 1's documents link, its one page. */
function builtFile(pathname: string): string | undefined {
  const clean = pathname.replace(/^\/+|\/+$/g, '');
  const documents = /^account\/documents\/[^/]+$/.test(clean) ? ['account/documents/index.html'] : [];
  return [...documents, clean === '' ? 'index.html' : `${clean}/index.html`, `${clean}.html`].find((file) => existsSync(join(SITE, file)));
}

function withoutCanonical(html: string): string {
  return html.replace(/<link rel="canonical"[^>]*>/, '');
}

/** Each `:name` filled in; an optional last `:name?` gives the path both without and with it. */
function instances(pattern: string): string[] {
  const optional = /\/:(\w+)\?$/.exec(pattern);
  const fill = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => PARAMETER_VALUES[name] ?? name);
  if (!optional) return [fill(pattern)];
  const without = pattern.slice(0, optional.index) || '/';
  return [fill(without), fill(pattern.replace(/\?$/, ''))];
}

/** The pages in the route table's order, then 404; `skipped` lists the paths whose page is not built. */
export function sitePages(): { pages: SitePage[]; skipped: string[] } {
  const pages: SitePage[] = [];
  const skipped: string[] = [];
  for (const route of ROUTES) {
    const paths = [...instances(route.path), ...(route.aliases ?? [])];
    for (const path of paths) {
      const file = builtFile(path);
      if (!file) {
        skipped.push(path);
        continue;
      }
      const html = readFileSync(join(SITE, file), 'utf8');
      if (/<meta\s+http-equiv="refresh"/i.test(html)) continue;
      const primary = pages.find((page) => page.path === paths[0]);
      const same = primary && path !== primary.path && withoutCanonical(html) === withoutCanonical(readFileSync(join(SITE, primary.file), 'utf8'));
      pages.push({ path, status: 200, file, ...(same ? { sameAs: primary.path } : {}) });
    }
    const first = paths[0]!;
    const base = builtFile(first);
    for (const query of QUERY_VARIANTS[route.path] ?? []) if (base) pages.push({ path: `${first}${query}`, status: 200, file: base });
  }
  if (existsSync(join(SITE, '404.html'))) pages.push({ path: NOT_FOUND_PATH, status: 404, file: '404.html' });
  return { pages, skipped };
}

/**
 * The subset named in an environment variable, comma-separated (`/faq,/account`), exact paths; all when it
 * is unset. A name that matches no page is an error, so a typo never passes as an empty run.
 */
export function chosenPages(pages: SitePage[], variable: string): SitePage[] {
  const wanted = (process.env[variable] ?? '').split(',').map((path) => path.trim()).filter(Boolean);
  if (wanted.length === 0) return pages;
  const unknown = wanted.filter((path) => !pages.some((page) => page.path === path));
  if (unknown.length > 0) throw new Error(`${variable}: no page ${unknown.join(', ')}; choose from ${pages.map((page) => page.path).join(' ')}`);
  return pages.filter((page) => wanted.includes(page.path));
}
