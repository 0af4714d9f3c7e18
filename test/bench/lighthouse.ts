/**
 * Lighthouse in the bench (issue 11): every page of the built site, on Debian's Chromium with Lighthouse's
 * mobile emulation (its default: a mid-range phone, simulated slow 4G), and a table of the four category
 * scores and CLS. Run alone against a running server with `node test/bench/lighthouse.ts http://127.0.0.1:PORT`.
 *
 * Nothing leaves the machine: the pages are our own on loopback, Chromium resolves no other host name
 * (--host-resolver-rules) and starts none of its own network services, and Lighthouse run locally fetches
 * nothing. Every request a page made is checked afterwards, and a page that asked for another host fails
 * the run. Bounded: each page gets PAGE_SECONDS, the whole table LIGHTHOUSE_SECONDS; what is left is listed.
 */
import { spawn } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, freePorts, ROOT } from '../e2e/support.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE_SECONDS = 90;
const TOTAL_SECONDS = Number(process.env.LIGHTHOUSE_SECONDS ?? 900);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Pages made from one template for many values (unavailable/<state>): the first stands for the rest. */
const FAMILY_SIZE = 5;

export interface LighthouseRow {
  path: string;
  /** How many built pages the row stands for (a family of one template), 1 for most. */
  alike: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  lcpMs: number;
}

/**
 * The built site's pages as paths; not the redirect pages, nor 404.html, which is only ever served with
 * status 404 (Lighthouse audits no page that answers an error). Pages made from one template for many
 * values (unavailable/<state>: same folder, same scripts and stylesheets, more than FAMILY_SIZE of them)
 * are audited once, the first standing for the rest.
 */
export function sitePages(): { path: string; alike: number }[] {
  const site = join(ROOT, 'dist/site');
  const families = new Map<string, string[]>();
  for (const file of globSync('**/*.html', { cwd: site }).sort()) {
    const html = readFileSync(join(site, file), 'utf8');
    if (file === '404.html' || /<meta\s+http-equiv="refresh"/i.test(html)) continue;
    const path = '/' + file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
    const assets = [...html.matchAll(/\b(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+|\/styles\/[^"]+)"/g)].map((m) => m[1]).sort();
    const key = `${path.slice(0, path.lastIndexOf('/'))} ${assets.join(' ')}`;
    families.set(key, [...(families.get(key) ?? []), path]);
  }
  return [...families.values()]
    .flatMap((paths) => (paths.length > FAMILY_SIZE ? [{ path: paths[0]!, alike: paths.length }] : paths.map((path) => ({ path, alike: 1 }))))
    .sort((a, b) => a.path.localeCompare(b.path));
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

/** Lighthouse on one page, mobile emulation; the page is loaded afresh (Lighthouse clears storage). */
export async function lighthousePage(base: string, path: string, port: number): Promise<Omit<LighthouseRow, 'alike'>> {
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

/** Runs Lighthouse on every page of the built site against a server at `base` and prints the table. */
export async function lighthouseTable(base: string, pages = sitePages()): Promise<LighthouseRow[]> {
  const chromium = await startChromium();
  const rows: LighthouseRow[] = [];
  const skipped: string[] = [];
  const deadline = Date.now() + TOTAL_SECONDS * 1000;
  try {
    for (const { path, alike } of pages) {
      if (Date.now() + PAGE_SECONDS * 1000 > deadline) {
        skipped.push(path);
        continue;
      }
      rows.push({ ...(await lighthousePage(base, path, chromium.port)), alike });
    }
  } finally {
    await chromium.stop();
  }
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  console.log(`\nLighthouse ${version}, mobile emulation (simulated slow 4G), Debian's Chromium, loopback\n`);
  console.log('page                                  perf  a11y  best   seo     CLS   LCP ms');
  for (const row of rows) {
    const name = row.alike > 1 ? `${row.path} (1 of ${row.alike} alike)` : row.path;
    const { performance, accessibility, seo } = row.scores;
    console.log(
      `${name.padEnd(36)} ${String(performance).padStart(5)} ${String(accessibility).padStart(5)} ${String(row.scores['best-practices']).padStart(5)} ${String(seo).padStart(5)} ${row.cls.toFixed(3).padStart(7)} ${row.lcpMs.toFixed(0).padStart(8)}`,
    );
  }
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
  await lighthouseTable(base, only.length > 0 ? only.map((path) => ({ path, alike: 1 })) : undefined);
}
