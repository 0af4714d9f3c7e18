/**
 * Screenshots of the account's statements page, for a person to judge (a tool, not a test: CI does not run
 * it). Build first, then:
 *
 *   npm run build && node test/e2e/statements-screenshots.ts [output folder, default /tmp/shots]
 *
 * Against the real server, signed in as far as the page can tell: the session check, the statements call
 * and the odometer thumbnails are answered by the browser (the page's own fixture, statements.fixtures.ts),
 * so the page shows a true-up, a default month, a capped month and an Unlimited car. At 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { SIGNED_IN_COOKIE_HEADER_NAME } from '../../contract/api/signed-in-cookie.ts';
import { STATEMENTS } from '../../widgets/account/statements/statements.fixtures.ts';
import { shoot, VIEWPORTS } from './shoot.ts';
import { launchChromium, startServer } from './support.ts';

const OUTPUT = process.argv[2] ?? '/tmp/shots';
const USER = { firstName: 'Jane', lastName: 'Doe', emailAddress: 'jane.doe@example.com' };
const POLICY = {
  policyNumber: STATEMENTS.data.policyNumber, policyStatus: 'ISSUED', policyOwners: [{ relation: 'INSURED', firstName: 'Jane', lastName: 'Doe' }],
  addressInfo: [], driverInfo: [], vehicleInfo: [],
};

/** A stand-in odometer photo: a dark dial with light digits' colour, as a thumbnail shows one. */
const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#20242a' } })
  .composite([{ input: Buffer.from('<svg width="240" height="240"><rect x="30" y="95" width="180" height="50" rx="6" fill="#f4f4f4"/><text x="120" y="132" font-size="34" font-family="monospace" text-anchor="middle" fill="#111">011800</text></svg>') }])
  .jpeg()
  .toBuffer();

mkdirSync(OUTPUT, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: VIEWPORTS[1] });
  // the readable cookie the server sets beside a session (a __Host- cookie: set by the page, as the browser tests do)
  await context.addInitScript((name) => {
    document.cookie = `${name}=1; Path=/; Secure`;
  }, SIGNED_IN_COOKIE_HEADER_NAME);
  await context.route('**/api/user/retrieve_session', (route) => route.fulfill({ status: 200, json: { user: USER, policies: [POLICY] } }));
  await context.route('**/api/user/statements?*', (route) => route.fulfill({ status: 200, json: STATEMENTS }));
  await context.route('**/api/user/odometer_photo/*', (route) => route.fulfill({ status: 200, body: photo, contentType: 'image/jpeg' }));
  const page = await context.newPage();
  await page.goto(`${server.url}/account/statements`);
  await page.getByRole('heading', { name: 'Balance' }).waitFor({ timeout: 30_000 }).catch(async (error) => {
    await page.screenshot({ path: `${OUTPUT}/statements-failed.png` });
    throw new Error(`the page did not show the statements (${page.url()}): ${OUTPUT}/statements-failed.png`, { cause: error });
  });
  await page.waitForLoadState('networkidle');
  await shoot(page, OUTPUT, 'statements');
} finally {
  await browser.close();
  await server.stop();
  server.cleanUp();
}
