/**
 * Lighthouse in the bench (issues 10 and 11): every page of the site (test/site-pages.ts: each route of
 * site/routes.ts whose page is built, a representative of each dynamic page, /unavailable?not-writing and
 * the 404 page) and, given the embed demo's origin, the partner pages whose weight test/budgets.ts holds
 * (issue 25: "Lighthouse mobile 100 with CLS 0 on each kept"), on Debian's Chromium with Lighthouse's
 * mobile emulation (its default: a mid-range phone, simulated slow 4G), and a table of the four category scores, CLS and LCP. An alias built as the same page
 * as its route is audited once. LIGHTHOUSE_PAGES=/faq,/account runs those pages alone. Run alone against a
 * running server with `node test/bench/lighthouse.ts http://127.0.0.1:PORT [/path ...]`, or in the bench
 * with `BENCH_ONLY=lighthouse npm run bench`.
 *
 * Nothing leaves the machine: the pages are our own on loopback, Chromium resolves no other host name
 * (--host-resolver-rules) and starts none of its own network services, and Lighthouse run locally fetches
 * nothing. Every request a page made is checked afterwards, and a page that asked for another host fails
 * the run. Bounded: each page gets PAGE_SECONDS, the whole table LIGHTHOUSE_SECONDS; what is left is listed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, freePorts, ROOT } from '../e2e/support.ts';
import { BUDGETS } from '../budgets.ts';
import { chosenPages, sitePages, type SitePage } from '../site-pages.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE_SECONDS = 90;
const TOTAL_SECONDS = Number(process.env.LIGHTHOUSE_SECONDS ?? 900);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export interface LighthouseRow {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  lcpMs: number;
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const [port] = (await freePorts(1)) as [number];
  const profile = mkdtempSync(join(tmpdir(), 'ppm-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      ...CHROMIUM_ARGS,
      '--disable-default-apps',
      '--disable-extensions',
      // loopback only: any other host name fails to resolve
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium (${CHROMIUM}) did not open its debugging port within 20 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function within<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The hosts a page asked for that are not this machine's loopback. */
function hostsBeyondLoopback(requests: { url: string }[]): string[] {
  const hosts = requests
    .map((request) => URL.parse(request.url))
    .filter((url) => url && /^(https?|wss?):$/.test(url.protocol))
    .map((url) => url!.hostname)
    .filter((host) => host !== 'localhost' && !/^127\./.test(host) && host !== '[::1]');
  return [...new Set(hosts)];
}

/**
 * Where Lighthouse opens a page: its path, but the 404 page as /404.html, which the server answers with 200
 * (Lighthouse audits no page whose answer is an error status; the document is the same).
 */
function auditPath(page: SitePage): string {
  return page.status === 404 ? `/${page.file}` : page.path;
}

/** Lighthouse on one page, mobile emulation; the page is loaded afresh (Lighthouse clears storage). */
export async function lighthousePage(base: string, path: string, port: number): Promise<LighthouseRow> {
  const result = await within(
    lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], maxWaitForLoad: 45_000 }),
    PAGE_SECONDS,
    `Lighthouse on ${path}`,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []);
  const beyond = hostsBeyondLoopback(requests);
  if (beyond.length > 0) throw new Error(`${path} asked for hosts beyond loopback: ${beyond.join(', ')}`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    path,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  };
}

/** Every page the table audits: LIGHTHOUSE_PAGES's, else all but the aliases built as their route's page. */
function auditedPages(): { pages: SitePage[]; notBuilt: string[] } {
  const { pages, skipped } = sitePages();
  return { pages: chosenPages(pages, 'LIGHTHOUSE_PAGES').filter((page) => !page.sameAs || process.env.LIGHTHOUSE_PAGES), notBuilt: skipped };
}

/** The partner pages with a budget (a club's, a dealer's, a body shop's page embedding a widget), on the demo's origin. */
const PARTNER_PAGES = BUDGETS.filter((budget) => budget.page.origin === 'demo').map((budget) => budget.page.path);

/**
 * Runs Lighthouse on every page of the built site against a server at `base` and prints the table; with
 * `partnerBase` (the embed demo's origin), on the partner pages there first, as their visitors load them.
 */
export async function lighthouseTable(
  base: string,
  { chosen = auditedPages(), partnerBase = null }: { chosen?: { pages: SitePage[]; notBuilt: string[] }; partnerBase?: string | null } = {},
): Promise<LighthouseRow[]> {
  const { pages, notBuilt } = chosen;
  const chromium = await startChromium();
  const rows: LighthouseRow[] = [];
  const skipped: string[] = [];
  const deadline = Date.now() + TOTAL_SECONDS * 1000;
  try {
    if (partnerBase !== null && !process.env.LIGHTHOUSE_PAGES) {
      for (const path of PARTNER_PAGES) rows.push({ ...(await lighthousePage(partnerBase, path, chromium.port)), path: `partner ${path}` });
    }
    for (const page of pages) {
      if (Date.now() + PAGE_SECONDS * 1000 > deadline) {
        skipped.push(page.path);
        continue;
      }
      rows.push({ ...(await lighthousePage(base, auditPath(page), chromium.port)), path: page.status === 404 ? `${page.path} (404)` : page.path });
    }
  } finally {
    await chromium.stop();
  }
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  console.log(`\nLighthouse ${version}, mobile emulation (simulated slow 4G), Debian's Chromium, loopback\n`);
  console.log('page                                  perf  a11y  best   seo     CLS   LCP ms');
  for (const row of rows) {
    const { performance, accessibility, seo } = row.scores;
    console.log(
      `${row.path.padEnd(36)} ${String(performance).padStart(5)} ${String(accessibility).padStart(5)} ${String(row.scores['best-practices']).padStart(5)} ${String(seo).padStart(5)} ${row.cls.toFixed(3).padStart(7)} ${row.lcpMs.toFixed(0).padStart(8)}`,
    );
  }
  const aliases = sitePages().pages.filter((page) => page.sameAs && !pages.some((audited) => audited.path === page.path));
  if (aliases.length > 0) console.log(`the same page as their route's, audited there: ${aliases.map((page) => `${page.path} (${page.sameAs})`).join(', ')}`);
  if (notBuilt.length > 0) console.log(`routes without a built page yet, not audited: ${notBuilt.join(', ')}`);
  if (skipped.length > 0) console.log(`not run within ${TOTAL_SECONDS} s (LIGHTHOUSE_SECONDS): ${skipped.join(', ')}`);
  return rows;
}

if (import.meta.main) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: node test/bench/lighthouse.ts http://127.0.0.1:PORT [/path ...]');
    process.exit(2);
  }
  const only = process.argv.slice(3);
  await lighthouseTable(base, only.length > 0 ? { chosen: { pages: only.map((path) => ({ path, status: 200, file: '' })), notBuilt: [] } } : {});
}
