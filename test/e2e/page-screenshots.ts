/**
 * Screenshots of every page of the site (test/site-pages.ts) at a phone's width and a desktop's, for a
 * person to look at (a tool, not a test: CI does not run it). It builds nothing; build first, then run it:
 *
 *   npm run build && node test/e2e/page-screenshots.ts [output folder, default /tmp/page-shots] [/path ...]
 *
 * Against the real server, signed out; each page once its network is quiet (islands hydrated, a
 * login-required page sent to the log-in page). Also the phone's open Menu and the unavailable page's
 * weather variant. Pages named after the folder are shot alone.
 */
import { mkdirSync } from 'node:fs';
import { sitePages } from '../site-pages.ts';
import { shoot, VIEWPORTS } from './shoot.ts';
import { launchChromium, startServer } from './support.ts';

const [output = '/tmp/page-shots', ...only] = process.argv.slice(2);

/** A file name for a path: `/account/log-in` -> `account-log-in`, `/` -> `home`. */
const nameOf = (path: string) => path.replace(/^\/|\/$/g, '').replace(/[^\w-]+/g, '-').slice(0, 60) || 'home';

mkdirSync(output, { recursive: true });
const paths = only.length > 0 ? only : [...sitePages().pages.map((page) => page.path), '/unavailable?weather-exception'];
const server = await startServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORTS[1] });
  for (const path of paths) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await shoot(page, output, nameOf(path));
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(`${server.url}/faq`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.screenshot({ path: `${output}/menu-open-390.png` });
  console.log(`${output}/menu-open-390.png`);
} finally {
  await browser.close();
  await server.stop();
  server.cleanUp();
}
