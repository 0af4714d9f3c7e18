/**
 * Bundle budgets (issues 11 and 25): what a page's JavaScript weighs as a browser fetches it. Each page is
 * loaded in Chromium from the real server, with an empty cache, and every script it fetches is counted, from
 * the start until the network has been idle for 500 ms (at most 5 s after the load event), each gzip -9. A
 * module fetched by dynamic import on arrival counts as much as one in the HTML: the person's phone downloads
 * both. The numbers live here and nowhere else: `npm run budgets` prints the table after `npm run build`,
 * and test/e2e/budgets.e2e.test.ts fails when a page goes over.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface Budget {
  /** What the row measures, as the README's table names it. */
  name: string;
  /** The page: on the site's origin, or on the demo origin (a dealer's or a club's page embedding a widget). */
  page: { origin: 'site' | 'demo'; path: string };
  /** The aim, in bytes (gzip -9, summed over the scripts). */
  aim: number;
  /** What the test allows: the aim, or the size measured when it was set where the aim is not met yet. */
  limit: number;
  /** Why the limit is above the aim, when it is. */
  reason?: string;
}

const KB = 1024;
/** How long the network must be quiet before the page counts as arrived. */
const QUIET_MS = 500;
/** The latest the count stops after the load event, quiet or not. */
const AFTER_LOAD_MS = 5000;

export const BUDGETS: Budget[] = [
  {
    name: 'club page with ppm-notify-me',
    page: { origin: 'demo', path: '/club.html' },
    aim: 16 * KB,
    limit: 18 * KB,
    reason:
      '17.2 KB (24.6 before issue 25): the API client, superstruct and the session come with the rules, on the first ' +
      'focus or submit. What is left is the runtime chunk every widget shares (11.2 KB: preact with compat and hooks, ' +
      'react-to-webcomponent, the list of states, the theme, field and button styles and the widget glue), form-core ' +
      'with the field errors\' and notices\' styles (1.9), the state combobox (1.6), notify-me itself (1.8) and embed.js (0.8).',
  },
  {
    name: 'dealer page with ppm-quote-start',
    page: { origin: 'demo', path: '/dealer.html' },
    aim: 14 * KB,
    limit: 14 * KB,
  },
  {
    name: 'claims page with ppm-claim-form',
    page: { origin: 'demo', path: '/partner-claims.html' },
    aim: 45 * KB,
    limit: 45 * KB,
  },
  {
    name: 'site home',
    page: { origin: 'site', path: '/' },
    aim: 30 * KB,
    limit: 30 * KB,
  },
  {
    name: 'site /receive-a-quote',
    page: { origin: 'site', path: '/receive-a-quote/' },
    aim: 75 * KB,
    limit: 75 * KB,
  },
];

export interface Fetched {
  url: string;
  bytes: number;
}

export interface Measured {
  budget: Budget;
  bytes: number;
  scripts: Fetched[];
}

/**
 * Every script the page at `url` fetches on arrival, gzip -9: in a context of its own (nothing cached), from
 * the navigation until the network has been quiet for QUIET_MS, or AFTER_LOAD_MS after the load event.
 */
export async function scriptsOnArrival(browser: Browser, url: string): Promise<Fetched[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let inFlight = 0;
  let lastActivity = performance.now();
  const bodies: Promise<Fetched | null>[] = [];
  page.on('request', () => {
    inFlight += 1;
    lastActivity = performance.now();
  });
  page.on('requestfailed', () => {
    inFlight -= 1;
    lastActivity = performance.now();
  });
  page.on('requestfinished', (request) => {
    inFlight -= 1;
    lastActivity = performance.now();
    bodies.push(
      (async () => {
        const response = await request.response();
        const type = response?.headers()['content-type'] ?? '';
        if (!response || !/javascript/.test(type)) return null;
        return { url: request.url(), bytes: gzipSync(await response.body(), { level: 9 }).length };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const loaded = performance.now();
    while (!(inFlight === 0 && performance.now() - lastActivity >= QUIET_MS) && performance.now() - loaded < AFTER_LOAD_MS) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 25));
    }
    return (await Promise.all(bodies)).filter((fetched): fetched is Fetched => fetched !== null);
  } finally {
    await context.close();
  }
}

export async function measure(browser: Browser, budget: Budget, origins: { site: string; demo: string }): Promise<Measured> {
  const scripts = await scriptsOnArrival(browser, `${origins[budget.page.origin]}${budget.page.path}`);
  return { budget, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function table(rows: Measured[], detail = false): string {
  const lines = ['scripts fetched on arrival (gzip -9)                  size     limit      aim'];
  for (const { budget, bytes, scripts } of rows) {
    const mark = bytes > budget.limit ? 'OVER' : bytes > budget.aim ? 'ok* ' : 'ok  ';
    lines.push(`  ${mark} ${budget.name.padEnd(46)} ${kb(bytes).padStart(8)} ${kb(budget.limit).padStart(9)} ${kb(budget.aim).padStart(8)}`);
    if (detail) {
      for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) lines.push(`         ${new URL(script.url).pathname.padEnd(66)} ${kb(script.bytes).padStart(8)}`);
    }
  }
  if (rows.some(({ budget, bytes }) => bytes > budget.aim && bytes <= budget.limit)) {
    lines.push('  ok*: within the limit, above the aim (test/budgets.ts says why)');
  }
  return lines.join('\n');
}

if (import.meta.main) {
  // `npm run budgets`: the built site and bundle, served as the end-to-end tests serve them
  const { launchChromium, startServer } = await import('./e2e/support.ts');
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const rows = [];
    for (const budget of BUDGETS) rows.push(await measure(browser, budget, { site: server.url, demo: server.demoUrl }));
    console.log(table(rows, process.argv.includes('--files')));
  } finally {
    await browser.close();
    await server.stop();
    server.cleanUp();
  }
}
