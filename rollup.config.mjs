// The embed bundle (DESIGN.md "Embedding"): dist/embed/embed.js, a small loader, plus one chunk per widget
// and shared chunks. React is preact/compat here, as on the site (astro.config.mjs takes the same aliases).
// Run: npx rollup -c rollup.config.mjs
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import alias from '@rollup/plugin-alias';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/**
 * react, react-dom and the JSX runtime become preact/compat (react-dom/server too: the site renders its
 * islands on the server with what hydrates them). @preact/signals-react imports
 * use-sync-external-store's shim, a CommonJS file rollup cannot read without a CommonJS plugin: it is aliased
 * to widgets/core/external-store.ts, the same shim as a module, which keeps preact/compat's own
 * useSyncExternalStore out of the runtime chunk every widget shares (issue 25).
 */
export const reactToPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./widgets/core/external-store.ts', import.meta.url)) },
];

/** `import css from 'x.css?inline'` gives the CSS text, to adopt as a constructable stylesheet. */
export function cssText() {
  return {
    name: 'css-text',
    async resolveId(source, importer) {
      if (!source.endsWith('.css?inline')) return null;
      const resolved = await this.resolve(source.slice(0, -'?inline'.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}?inline` : null;
    },
    async load(id) {
      if (!id.endsWith('.css?inline')) return null;
      const css = await readFile(id.slice(0, -'?inline'.length), 'utf8');
      return `export default ${JSON.stringify(css)};`;
    },
  };
}

/**
 * Our stylesheets are template literals marked `/* css *\/`, written to be read, with comments and
 * indentation. In the bundle only the CSS is worth shipping: comments go and whitespace shrinks where CSS does
 * not need it, outside quoted strings and around `${...}` (issue 11: every host page loads core's sheets).
 */
export function minifyCssText() {
  // comments first (an apostrophe in one is not a string), then whitespace outside strings
  const squeeze = (css) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
      .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/\s+/g, ' ').replace(/ ?([{};,>]) ?/g, '$1').replace(/: /g, ':')))
      .join('');
  return {
    name: 'minify-css-text',
    transform(code, id) {
      if (!/\/widgets\/.*\.tsx?$/.test(id) || !code.includes('/* css */')) return null;
      const minified = code.replace(/\/\* css \*\/ `([^`]*)`/g, (_, css) => {
        // ${...} stays as written; the CSS on either side of it is squeezed
        const parts = css.split(/(\$\{[^}]*\})/);
        return '`' + parts.map((part, index) => (index % 2 === 1 ? part : squeeze(part))).join('').trim() + '`';
      });
      return { code: minified, map: null };
    },
  };
}

/** Prints each output file's size and gzip size, so a growing loader or widget shows up in every build. */
function gzipSizes() {
  return {
    name: 'gzip-sizes',
    generateBundle(_options, bundle) {
      const rows = Object.values(bundle)
        .filter((file) => file.type === 'chunk' || file.fileName.endsWith('.js'))
        .map((file) => {
          const code = file.type === 'chunk' ? file.code : String(file.source);
          return [file.fileName, Buffer.byteLength(code), gzipSync(code, { level: 9 }).length];
        })
        .sort((a, b) => a[0].localeCompare(b[0]));
      const kb = (n) => `${(n / 1024).toFixed(2)} KB`.padStart(10);
      console.log('\ndist/embed                                   size      gzip');
      for (const [name, size, gzip] of rows) console.log(`  ${name.padEnd(40)} ${kb(size)} ${kb(gzip)}`);
      const payment = paymentStepBytes(bundle);
      if (payment) {
        console.log(`  payment step before Stripe.js (gzip): ${kb(payment.test).trim()} in test mode, ${kb(payment.stripe).trim()} with the Stripe loader`);
      }
    },
  };
}

/**
 * What the payment step adds to a wizard already on screen, gzipped: its chunk (steps/payment/StepPurchase.tsx,
 * loaded lazily) and the chunks it alone imports; then the Stripe loader chunk (stripe-card.ts and
 * @stripe/stripe-js/pure) that Stripe mode adds before Stripe.js itself comes from js.stripe.com.
 */
function paymentStepBytes(bundle) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  // the chunk that holds a module (a chunk reached by several imports may have no facade)
  const byFacade = (suffix) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));
  const closure = (chunk, seen = new Set()) => {
    if (!chunk || seen.has(chunk.fileName)) return seen;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) closure(bundle[name], seen);
    return seen;
  };
  const step = byFacade('/steps/payment/StepPurchase.tsx');
  if (!step) return null;
  const wizard = closure(byFacade('/quote-wizard/quote-wizard.ts'));
  const gzip = (name) => gzipSync(bundle[name].code, { level: 9 }).length;
  const own = [...closure(step)].filter((name) => !wizard.has(name));
  const test = own.reduce((sum, name) => sum + gzip(name), 0);
  const loader = byFacade('/steps/payment/stripe-card.ts');
  const extra = loader ? [...closure(loader)].filter((name) => !wizard.has(name) && !own.includes(name)) : [];
  return { test, stripe: test + extra.reduce((sum, name) => sum + gzip(name), 0) };
}

/** Chunk names carry a content hash: chunks of earlier builds must not pile up and be served. */
function cleanChunks() {
  return {
    name: 'clean-chunks',
    async buildStart() {
      await rm(new URL('./dist/embed/chunks', import.meta.url), { recursive: true, force: true });
    },
  };
}

/** The bundle must run under a strict CSP on the host page: fail the build if eval-like code slips in. */
function noEval() {
  const forbidden = [/\beval\s*\(/, /\bnew\s+Function\s*\(/, /\bFunction\s*\(\s*["'`]/, /setTimeout\s*\(\s*["'`]/];
  return {
    name: 'no-eval',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const hit = forbidden.find((pattern) => pattern.test(file.code));
        if (hit) this.error(`${file.fileName} contains ${hit}: the embed must work under a CSP without 'unsafe-eval'.`);
      }
    },
  };
}

export default {
  input: { embed: 'widgets/embed.ts' },
  output: {
    dir: 'dist/embed',
    format: 'es',
    entryFileNames: '[name].js',
    // The chunk with preact in it is what every widget shares (issue 11 measures it): named for what it is,
    // not after whichever of its modules rollup picks.
    chunkFileNames: (chunk) =>
      chunk.moduleIds.some((id) => id.includes('/node_modules/preact/dist/')) ? 'chunks/runtime-[hash].js' : 'chunks/[name]-[hash].js',
    sourcemap: true,
    // rollup's own wrappers (a dynamic import's `.then`) as arrows: every browser that runs modules has them
    generatedCode: 'es2015',
  },
  // contract/ only defines rules and shapes; a module none of whose exports a widget uses is dropped,
  // so importing from contract/index.ts does not ship every rule of the spec to every widget.
  treeshake: { moduleSideEffects: (id) => !id.includes('/contract/') },
  plugins: [
    cleanChunks(),
    alias({ entries: reactToPreact }),
    cssText(),
    minifyCssText(),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    typescript({
      tsconfig: './tsconfig.json',
      // tsconfig.json type-checks without emitting (api/ and the tests run from source); the bundle emits.
      noEmit: false,
      declaration: false,
      sourceMap: true,
      inlineSources: false,
      outDir: 'dist/embed',
      include: ['widgets/**/*', 'contract/**/*'],
      exclude: ['**/*.test.ts', '**/*.browser.test.ts'],
      jsx: 'react-jsx',
    }),
    // Arrows and methods for function expressions that use no `this` (`unsafe_arrows`, `unsafe_methods`): a
    // constructor sets `this`, and preact tells a class component by its prototype's render, so nothing here needs
    // them to be constructors. 20 to 27 bytes a page (issue 25). Not `pure_getters`: a widget's `api` getter starts
    // loading the API client, and `void widget.api` must stay.
    terser({ ecma: 2020, format: { comments: false }, compress: { passes: 2, unsafe_arrows: true, unsafe_methods: true } }),
    noEval(),
    gzipSizes(),
  ],
};
