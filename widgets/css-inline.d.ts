// `import css from 'x.css?inline'` gives the file's text: rollup's cssText plugin (rollup.config.mjs),
// the same plugin in web-test-runner, and Vite (the Astro site) all read it this way.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
