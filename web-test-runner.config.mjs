// Browser tests of the widgets in Chromium (docs/architecture.md "Tests": browser, web-test-runner).
// Run after building the embed, because one group loads the built dist/embed/embed.js:
//   npx rollup -c rollup.config.mjs && npx web-test-runner --config web-test-runner.config.mjs
// Sources run with the same aliases as the embed build (react -> preact/compat), so what ships is what
// is tested. No API server runs here: tests stub window.fetch with the answers the real API gives.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { playwrightLauncher } from '@web/test-runner-playwright';
import rollupAlias from '@rollup/plugin-alias';
import { reactToPreact } from './rollup.config.mjs';

const alias = fromRollup(rollupAlias);

/** `import css from 'x.css?inline'` as in rollup.config.mjs's cssText: the served CSS becomes a JS module. */
const cssInline = {
  name: 'css-inline',
  transform(context) {
    if (context.path.endsWith('.css') && context.URL.searchParams.has('inline')) {
      return {
        body: `export default ${JSON.stringify(context.body)};`,
        headers: { 'content-type': 'application/javascript; charset=utf-8' },
      };
    }
  },
};

export default {
  rootDir: '.',
  nodeResolve: { browser: true, exportConditions: ['browser', 'import', 'default'] },
  // top-level files would form a third, default group running every file again
  files: process.env.WTR_FILES ? process.env.WTR_FILES.split(',') : undefined,
  // `--files x` alone still runs every group, so WTR_FILES=path runs just that file while working on it
  groups: process.env.WTR_FILES
    ? []
    : [
        { name: 'sources', files: ['widgets/**/*.browser.test.ts', '!widgets/embed.browser.test.ts'] },
        { name: 'built-embed', files: ['widgets/embed.browser.test.ts'] },
      ],
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  plugins: [
    alias({ entries: reactToPreact }),
    cssInline,
    esbuildPlugin({
      ts: true,
      tsx: true,
      target: 'es2022',
      tsconfig: 'tsconfig.json',
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
};
