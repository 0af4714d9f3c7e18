// The brand site: statically rendered pages (site/) that hydrate our widgets as islands.
// The API server (api/main.ts) serves dist/site as files, so everything here must work without SSR.
//
// One runtime (issue 11): the widgets are written against React's API and run on preact/compat, on the site
// as in the embed bundle. @astrojs/react renders and hydrates the islands; Vite resolves react, react-dom
// and the JSX runtime to preact/compat for the server render and the browser alike (README "Dependencies").
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { reactToPreact } from './rollup.config.mjs';
import { QUOTE_STEP_PATHS } from './site/routes.ts';

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
    resolve: { alias: reactToPreact },
  },
  // The legal pages have no code; Shiki's inline styles would need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  integrations: [react()],
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
