import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BRAND } from '../contract/brand.ts';
import { PAGES as LINKED_PAGES } from '../contract/pages.ts';
import { NOT_FOUND, QUOTE_STEP_PATHS, ROUTES, routeFor } from './routes.ts';

const PAGES = join(import.meta.dirname, 'pages');

/** Page files the server serves for a parameterised path: the documents page answers /account/documents/{token}. */
const SERVED_FOR: Record<string, string> = { '/account/documents': '/account/documents/a-token' };

/** URL paths of the page files (not endpoints such as styles/widgets.css.ts, not 404). */
function pagePaths(dir = PAGES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return pagePaths(full);
    if (!/\.(astro|md)$/.test(entry.name) || entry.name.startsWith('404.')) return [];
    const path = `/${relative(PAGES, full)}`.replace(/\.(astro|md)$/, '').replace(/\/?index$/, '');
    return [SERVED_FOR[path] ?? (path || '/')];
  });
}

test('every page file has its row in the route table, so it gets a title and description', () => {
  const pages = pagePaths();
  assert.ok(pages.includes('/faq') && pages.includes('/'), `found ${pages.join(', ')}`);
  for (const path of pages) assert.notEqual(routeFor(path), NOT_FOUND, path);
});

test('the routes doc 1 marks "Nav: hidden" are exactly the ones that hide the navigation', () => {
  assert.deepEqual(
    ROUTES.filter((r) => r.navHidden).map((r) => r.path),
    ['/account/forgot-password', '/account/change-password', '/account/create-password', '/rollover', '/unavailable/:state?'],
  );
});

test('routeFor matches aliases, parameters, trailing slashes and nothing else', () => {
  assert.equal(routeFor('/').path, '/');
  assert.equal(routeFor('/search-for-my-quote').path, '/');
  assert.equal(routeFor('/faq/').path, '/faq');
  assert.equal(routeFor('/faq/index.html').path, '/faq');
  assert.equal(routeFor('/account/documents/abc123').path, '/account/documents/:id');
  assert.equal(routeFor('/account/confirm').path, '/account/confirm');
  assert.equal(routeFor('/account/documents'), NOT_FOUND);
  assert.equal(routeFor('/unavailable').path, '/unavailable/:state?');
  assert.equal(routeFor('/unavailable/CA').path, '/unavailable/:state?');
  assert.equal(routeFor('/not-available').path, '/unavailable/:state?');
  assert.equal(routeFor('/account/request-card').path, '/account/request-a-card');
  assert.equal(routeFor('/account/statements').title, 'Statements');
  assert.equal(routeFor('/faq/extra'), NOT_FOUND);
  assert.equal(routeFor('/no/such/page').title, 'Page Not Found');
});

test('the seven quote step paths of doc 1 redirect, and none of them is a page of its own', () => {
  assert.equal(QUOTE_STEP_PATHS.length, 7);
  for (const path of QUOTE_STEP_PATHS) {
    assert.match(path, /^\/receive-a-quote\/quote-[a-z-]+-page$/);
    assert.equal(routeFor(path), NOT_FOUND);
  }
});

test('every page the API links to (contract/pages.ts) is a route of the site with a page file', () => {
  const files = new Set(pagePaths().map((path) => routeFor(path).path));
  for (const [name, path] of Object.entries(LINKED_PAGES)) {
    const linked = name === 'documents' ? `${path}/a-token` : path;
    const route = routeFor(linked);
    assert.notEqual(route, NOT_FOUND, `${name}: ${path} is in the route table`);
    assert.ok(files.has(route.path), `${name}: ${path} has its page in site/pages/`);
  }
});

test('no description puts "a" or "an" before the brand name, whose first sound a white label may change (issue 23)', () => {
  // "Get a Apex Pay-Per-Mile quote": an article chosen for one name is wrong for the next, so none depends on it
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const name of [BRAND.productName, BRAND.marque]) {
    const article = new RegExp(`\\b(a|an) ${escaped(name)}`, 'i');
    for (const route of [...ROUTES, NOT_FOUND]) assert.doesNotMatch(route.description, article, route.path);
  }
});
