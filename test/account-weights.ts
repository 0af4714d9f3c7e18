/**
 * The account pages' JavaScript weight (issue 23: "the account pages' page weight must not grow by more than
 * the shared runtime they start to use"), as test/budgets.ts measures a page: the module scripts,
 * modulepreloads and islands of the built page and their static imports, each file gzip -9. Prints one row
 * a page, and what the React renderer of the islands weighs, after `npm run build`.
 * Run it on two builds to compare: `node test/account-weights.ts`.
 */
import { existsSync, globSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipBytes, pageEntries, staticClosure } from './budgets.ts';

const PAGES = [
  'account/log-in', 'account', 'account/multiple-policies', 'account/lookup-quotes', 'account/forgot-password', 'account/change-password',
  'account/create-password', 'account/request-a-card', 'account/statements', 'account/my-policy', 'account/documents', 'account/sign',
  'odometer', 'rollover', 'account/confirm', 'account/pay', 'account/card',
];
const site = resolve(import.meta.dirname, '..', 'dist/site');
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
