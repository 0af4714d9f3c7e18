/**
 * Looks at the built site as a person would: serves dist/site the way api/main.ts does (a path's
 * index.html, else 404.html with status 404), opens pages in headless Chromium at a phone and a desktop
 * width, saves full-page screenshots, runs axe-core (WCAG 2.2 A/AA rules) and tries the mobile menu with
 * the keyboard. Prints what it found and exits 1 on any accessibility violation, console error
 * (a CSP refusal shows up there) or broken behaviour.
 *
 *   npx astro build && node site/scripts/check-pages.ts [screenshot-dir]
 */
import { createServer, type Server } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../dist/site');
const OUT = resolve(process.argv[2] ?? '/tmp/site-shots');
const PAGES = ['/', '/faq', '/stay-connected', '/receive-a-quote', '/legal/privacy-policy', '/no-such-page'];
const WIDTHS = [390, 1280];
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

async function serve(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const candidates = extname(path) ? [path] : [join(path, 'index.html'), `${path}.html`];
    for (const candidate of candidates) {
      try {
        const body = await readFile(join(ROOT, candidate));
        res.writeHead(200, { 'Content-Type': TYPES[extname(candidate)] ?? 'application/octet-stream' });
        res.end(body);
        return;
      } catch {
        // next candidate
      }
    }
    res.writeHead(404, { 'Content-Type': TYPES['.html']! });
    res.end(await readFile(join(ROOT, '404.html')));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const problems: string[] = [];

async function runAxe(page: Page, label: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`);
  });
  for (const v of violations) problems.push(`${label} axe ${v}`);
}

async function checkMenu(page: Page, label: string): Promise<void> {
  const toggle = page.locator('site-flyout button[aria-controls="flyout-menu"]');
  if (!(await toggle.isVisible())) return;
  await toggle.click();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true' || !(await page.locator('#flyout-menu').isVisible())) {
    problems.push(`${label} menu did not open`);
  }
  await page.screenshot({ path: join(OUT, `${label}-menu.png`) });
  await page.keyboard.press('Escape');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'));
  if ((await toggle.getAttribute('aria-expanded')) !== 'false' || (await page.locator('#flyout-menu').isVisible())) {
    problems.push(`${label} Escape did not close the menu`);
  }
  if (focused !== 'flyout-menu') problems.push(`${label} focus did not return to the menu button`);
  // Following a link inside closes the flyout (a same-page hash link leaves the page in place).
  await toggle.click();
  await page.locator('#flyout-menu a[href="/#benefits"]').click();
  await page.waitForLoadState('load');
  if (await page.locator('#flyout-menu').isVisible()) problems.push(`${label} menu stayed open after a link`);
}

const server = await serve();
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
await mkdir(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      const page = await context.newPage();
      const label = `${width}${path === '/' ? '-home' : path.replaceAll('/', '-')}`;
      page.on('console', (msg) => {
        // The 404 page's own status is logged as a failed load; that one is expected.
        if (msg.type() === 'error' && !(path === '/no-such-page' && msg.text().includes('404'))) problems.push(`${label} console: ${msg.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${label} page error: ${error.message}`));
      const response = await page.goto(base + path, { waitUntil: 'load' });
      const status = response?.status();
      if (status !== (path === '/no-such-page' ? 404 : 200)) problems.push(`${label} status ${status}`);
      // A person opens the collapsed answers; islands hydrate once visible, so bring each into view.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      for (const island of await page.locator('astro-island').all()) {
        await island.scrollIntoViewIfNeeded();
        await page.waitForTimeout(200);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, { timeout: 5000 })
        .catch(() => problems.push(`${label} an island did not hydrate`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${label} is ${overflow}px wider than the window`);
      await page.screenshot({ path: join(OUT, `${label}.png`), fullPage: true });
      await runAxe(page, label);
      console.log(`${label}: ${status} "${await page.title()}"`);
      if (path === '/') await checkMenu(page, label);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`screenshots in ${OUT}`);
for (const problem of problems) console.log(`PROBLEM ${problem}`);
console.log(problems.length === 0 ? 'no problems found' : `${problems.length} problem(s)`);
process.exitCode = problems.length === 0 ? 0 : 1;
