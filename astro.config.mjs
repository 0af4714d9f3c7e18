// The brand site: statically rendered pages (site/) that hydrate our widgets as islands.
// The API server (api/main.ts) serves dist/site as files, so everything here must work without SSR.
//
// One runtime (issue 11): the widgets are written against React's API and run on preact/compat, on the site
// as in the embed bundle. @astrojs/react renders and hydrates the islands; Vite resolves react, react-dom
// and the JSX runtime to preact/compat for the server render and the browser alike (README "Dependencies").
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { reactToPreact } from './rollup.config.mjs';
import { QUOTE_STEP_PATHS } from './site/routes.ts';

const runtime = (file) => fileURLToPath(new URL(`./site/runtime/${file}`, import.meta.url));

/**
 * The embed's aliases, with React's per-island id prefix kept (site/runtime/react.ts): `react` and the two
 * react-dom entries @astrojs/react renders and hydrates with are ours, each over preact/compat, so two
 * islands of one widget on a page never share an id. The first matching entry wins.
 */
const siteReactToPreact = [
  { find: /^react$/, replacement: runtime('react.ts') },
  { find: /^react-dom\/client$/, replacement: runtime('react-dom-client.ts') },
  { find: /^react-dom\/server$/, replacement: runtime('react-dom-server.ts') },
  ...reactToPreact,
];

/**
 * Pages that exist for the end-to-end tests only (test/e2e/pages/), served by `astro dev` when PPM_TEST_PAGES
 * is set (test/e2e/islands.e2e.test.ts); the built site never has them.
 */
const testPages = {
  name: 'ppm-test-pages',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      injectRoute({ pattern: '/test/two-islands', entrypoint: './test/e2e/pages/two-islands.astro', prerender: true });
    },
  },
};

export default defineConfig({
  // Canonical links and the redirect pages name this origin; production sets SITE_URL.
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist/site',
  output: 'static',
  trailingSlash: 'ignore',
  // Styles and scripts as files, never inlined: cached across pages, and allowed by 'self' alone.
  build: { format: 'directory', inlineStylesheets: 'never' },
  // As in rollup.config.mjs: contract/ only defines rules and shapes, so a page ships the ones it uses, not
  // every rule of the spec because it imported contract/index.ts.
  vite: {
    build: { assetsInlineLimit: 0, rollupOptions: { treeshake: { moduleSideEffects: (id) => !id.includes('/contract/') } } },
    // the server render too: Astro bundles its renderer, so react-dom/server is preact/compat/server there
    resolve: { alias: siteReactToPreact },
  },
  // The legal pages have no code; Shiki's inline styles would need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  integrations: [react(), ...(process.env.PPM_TEST_PAGES ? [testPages] : [])],
  // Doc 1: the old step paths of the quote wizard land on /receive-a-quote. A static build writes a
  // meta-refresh page for each; the API server answers them with a real 301 first.
  redirects: Object.fromEntries(QUOTE_STEP_PATHS.map((path) => [path, { status: 301, destination: '/receive-a-quote' }])),
  // Astro puts a meta CSP with hashes of its own inline scripts and styles on every page, so the islands'
  // hydration scripts run under 'self' without 'unsafe-inline'.
  security: { csp: true },
  devToolbar: { enabled: false },
  // Astro 7's compressor drops a line break between text and a tag or {expression} instead of keeping a
  // space ("extension\n{n}" became "extension3"); the pages are small, so keep their whitespace as written.
  compressHTML: false,
});
