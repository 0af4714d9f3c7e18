/**
 * The account pages' JavaScript weight (issue 23: "the account pages' page weight must not grow by more than
 * the shared runtime they start to use"), read from the build: the module scripts, modulepreloads and islands
 * of the built page and their static imports, each file gzip -9 (what a browser fetches, dynamic imports on
 * arrival included, is test/budgets.ts's measure). Prints one row
 * a page, and what the React renderer of the islands weighs, after `npm run build`.
 * Run it on two builds to compare: `node test/account-weights.ts`.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'rollup/parseAst';

const site = resolve(import.meta.dirname, '..', 'dist/site');

/** The module scripts a built page asks for on arrival (site paths resolved to files under dist/site). */
function pageEntries(page: string): string[] {
  const html = readFileSync(join(site, page), 'utf8');
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap((match) =>
      [...match[0].matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)].map((url) => url[1]),
    ),
  ].filter((url) => url !== undefined);
  return [...new Set(urls)].map((url) => join(site, url));
}

/** A file and every file it imports statically, transitively. */
function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const program = parseAst(readFileSync(file, 'utf8'));
    for (const node of program.body) {
      const source =
        node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration'
          ? node.source?.value
          : undefined;
      if (typeof source !== 'string') continue;
      visit(source.startsWith('/') ? join(site, source) : resolve(dirname(file), source));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

const PAGES = [
  'account/log-in', 'account', 'account/multiple-policies', 'account/lookup-quotes', 'account/forgot-password', 'account/change-password',
  'account/create-password', 'account/request-a-card', 'account/statements', 'account/my-policy', 'account/documents', 'account/sign',
  'odometer', 'rollover', 'account/confirm', 'account/pay', 'account/card',
];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const closures = new Map<string, string[]>();
for (const page of PAGES) {
  const html = join(page, 'index.html');
  if (existsSync(join(site, html))) closures.set(page, staticClosure(pageEntries(html)));
}
// the React renderer every island page loads (preact through compat, Astro's client), with its imports
const renderer = globSync('_astro/client.*.js', { cwd: site }).map((file) => join(site, file));
const rendererFiles = staticClosure(renderer);
console.log(`the React renderer of the islands: ${kb(rendererFiles.reduce((sum, file) => sum + gzipBytes(file), 0))} in ${rendererFiles.length} files`);
for (const [page, files] of closures) {
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`/${page.padEnd(28)} ${kb(total).padStart(9)}  ${files.length} files`);
}
