/**
 * Bundle budgets (issue 11): what a page's JavaScript may weigh, each file gzip -9, as the issue measured.
 * The numbers live here and nowhere else; `npm run build` prints the table (node test/budgets.ts) and
 * test/e2e/budgets.e2e.test.ts fails when a page goes over. Sizes are deterministic for a given tree.
 *
 * What a page loads is read from the build, not from a browser: the module scripts, modulepreloads and
 * islands (component and renderer) of a built page, or embed.js and the chunk of one tag, and then every
 * static import of those files, transitively. Dynamic imports (a lazy step, a later widget) are not counted:
 * the browser does not fetch them on arrival.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'rollup/parseAst';

export interface Budget {
  /** What the row measures, as the README's table names it. */
  name: string;
  /** The aim, in bytes (gzip -9, summed over the files). */
  aim: number;
  /** What the test allows: the aim, or the size measured when it was set where the aim is not met yet. */
  limit: number;
  /** Why the limit is above the aim, when it is. */
  reason?: string;
  files: () => string[];
}

const root = resolve(import.meta.dirname, '..');
const site = join(root, 'dist/site');
const embed = join(root, 'dist/embed');
const KB = 1024;

/** The module scripts a built page asks for on arrival (site paths resolved to files under dist/site). */
export function pageEntries(page: string): string[] {
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
export function staticClosure(entries: string[]): string[] {
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

/** The chunk that registers a tag: rollup names it after the module, widgets/<name>/<name>.ts. */
export function embedChunk(widget: string): string {
  const found = globSync(`chunks/${widget}-*.js`, { cwd: embed }).filter((name) => /^[\w-]+-[\w-]{8}\.js$/.test(name.slice(7)));
  if (found.length !== 1) throw new Error(`expected one chunk for ${widget} in dist/embed/chunks, found ${found.length}`);
  return join(embed, found[0]!);
}

export const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

const embedPage = (widget: string) => () => staticClosure([join(embed, 'embed.js'), embedChunk(widget)]);
const sitePage = (page: string) => () => staticClosure(pageEntries(page));

/**
 * Where a row's limit is above its aim, the aim is not met: the limit is the size measured when it was set,
 * rounded up to the next KB, so the page cannot grow unnoticed, and the reason says what stands between it
 * and the aim. A change that crosses a limit either finds the bytes or raises the limit with its reason.
 */
export const BUDGETS: Budget[] = [
  {
    name: 'club page with ppm-notify-me, all embed files',
    aim: 12 * KB,
    limit: 19 * KB,
    reason:
      'The runtime chunk every widget shares is 12.2 KB, above the aim by itself: preact, compat and hooks (about 8.3 KB; ' +
      'compat is one module, so it carries what any widget uses of it, the wizard\'s lazy and Suspense too), ' +
      'react-to-webcomponent (1.4 KB), the list of states (0.8 KB), the theme, field, button and notice styles, the widget ' +
      'context and the element glue. Notify-me adds its state combobox (1.7 KB), the field frame and the form (1.5 KB) and ' +
      'itself (1.8 KB); its rules, superstruct, the subscribe endpoint and the error summary load on the first focus or submit. ' +
      'The limit was 18 KB, met to the byte, until issue 23 gave the sign-up its error summary: the state that arms it and ' +
      'its place in the form are 53 bytes on arrival.',
    files: embedPage('notify-me'),
  },
  {
    name: 'dealer page with ppm-quote-start, all embed files',
    aim: 12 * KB,
    limit: 16 * KB,
    reason:
      'The shared runtime chunk above (12.2 KB) and quote-start itself (2.1 KB); its dealer list loads on the first focus ' +
      "or press in the widget, 'Retrieve my quote' on its press. embed.js (0.8 KB) names every tag with its attributes, " +
      'which the chunks share; the fifth tag, ppm-claim-form, took the page 33 bytes over the 15 KB it was measured at.',
    files: embedPage('quote-start'),
  },
  {
    name: 'claims page with ppm-claim-form, all embed files',
    aim: 45 * KB,
    limit: 46 * KB,
    reason:
      'Met (44.8 KB) until issue 23 gave notify-me its error summary in the chunk of its rules: the summary is now shared by ' +
      'that lazy chunk and the claim form, so rollup moved it from the claim form\'s chunk into the shared endpoint chunk, and ' +
      'the names the chunks import it by took the page 12 bytes over. Issue 25 ("Weight and fleet") groups the shared chunks.',
    files: embedPage('claim-form'),
  },
  {
    name: 'site home, all JavaScript',
    aim: 30 * KB,
    limit: 30 * KB,
    files: sitePage('index.html'),
  },
  {
    name: 'site /receive-a-quote, all JavaScript',
    aim: 75 * KB,
    // 76.1 KB measured at issue 21's stop, from 74.5 KB: the new account pages (pay a bill, statements)
    // share dates, fees, states, the snackbar and the error summary with the wizard, so rollup made six
    // small shared chunks of what was one wizard chunk; the bytes are the chunks' own overhead, not new code.
    // Issue 25 ("Weight and fleet") groups them and brings the page back under the aim.
    // 77.0 KB at issue 23's account port: the log-in, password, card request, chooser and confirmation pages
    // now use core's fields, ErrorSummary and widget context too, so rollup split those shared modules into
    // small chunks of their own (TextField, FieldFrame, ErrorSummary, the events, ...), each with its chunk
    // overhead on this page (the home page: +0.8 KB); no code of the wizard changed. Issue 25 groups them.
    limit: 77 * KB,
    reason:
      'Met on arrival (73.0 KB): the shell and step 1. Steps 2 to 5 are chunks of their own, preloaded in turn when idle, ' +
      'and a start that opens a quote (e-mail link, hand-over, a reload holding one) fetches step 5 and the code that ' +
      'rebuilds the forms from the quote at once; the quote request\'s struct, the coverage engine and the user endpoints ' +
      'come with steps 4 and 5. What is left: imask\'s pattern, number, range and regexp masks (13 KB) serve the first ' +
      'step\'s date, phone and ZIP, and the quote response\'s shape (3.3 KB) checks the quote this tab kept.',
    files: sitePage('receive-a-quote/index.html'),
  },
];

export interface Measured {
  budget: Budget;
  bytes: number;
  files: { file: string; bytes: number }[];
}

export function measure(budget: Budget): Measured {
  const files = budget.files().map((file) => ({ file: relative(root, file), bytes: gzipBytes(file) }));
  return { budget, bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function table(rows: Measured[], detail = false): string {
  const lines = ['bundle budgets (gzip -9)                                  size     limit      aim'];
  for (const { budget, bytes, files } of rows) {
    const mark = bytes > budget.limit ? 'OVER' : bytes > budget.aim ? 'ok* ' : 'ok  ';
    lines.push(`  ${mark} ${budget.name.padEnd(50)} ${kb(bytes).padStart(8)} ${kb(budget.limit).padStart(9)} ${kb(budget.aim).padStart(8)}`);
    if (detail) for (const file of [...files].sort((a, b) => b.bytes - a.bytes)) lines.push(`         ${file.file.padEnd(70)} ${kb(file.bytes).padStart(8)}`);
  }
  if (rows.some(({ budget, bytes }) => bytes > budget.aim && bytes <= budget.limit)) {
    lines.push('  ok*: within the limit, above the aim (test/budgets.ts says why)');
  }
  return lines.join('\n');
}

if (import.meta.main) {
  if (!existsSync(join(site, 'index.html')) || !existsSync(join(embed, 'embed.js'))) {
    console.error('bundle budgets: build first (npm run build)');
    process.exit(1);
  }
  console.log(table(BUDGETS.map(measure), process.argv.includes('--files')));
}
