/**
 * Screenshots of the claims page and the partner's claims demo, for a person to judge (a tool, not a test: CI
 * does not run it). Build first, then:
 *
 *   npm run build && node test/e2e/claims-screenshots.ts [output folder, default /tmp/shots]
 *
 * /account/claims as it opens, step 1 after a Next with nothing filled in (the error summary), step 2 with the
 * own vehicle's questions and two photos, and the body shop's demo page; each at 390 and 1280 px, full page.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { BRAND } from '../../contract/index.ts';
import { CLAIM_FORM_TEXTS as T } from '../../widgets/claim-form/claim-form.texts.ts';
import { shoot as shootInto, VIEWPORTS } from './shoot.ts';
import { launchChromium, startServer } from './support.ts';

const OUTPUT = process.argv[2] ?? '/tmp/shots';
const shoot = (page: Page, name: string) => shootInto(page, OUTPUT, name);

mkdirSync(OUTPUT, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORTS[1] });
  await page.goto(`${server.url}/account/claims`);
  const form = page.locator('#fnol');
  await form.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
  await shoot(page, 'claims-01-page');
  await form.getByRole('button', { name: T.next }).click();
  await form.getByText('There is a problem').waitFor();
  await shoot(page, 'claims-02-errors');
  await form.getByLabel(T.firstName, { exact: true }).fill('Ada');
  await form.getByLabel(T.lastName, { exact: true }).fill('Lovelace');
  await form.getByLabel(T.email, { exact: true }).fill('ada@example.com');
  await form.getByLabel(T.insuranceProvider).selectOption(BRAND.insurer);
  await form.getByRole('radio', { name: T.relationInsured }).check();
  await form.getByRole('button', { name: T.next }).click();
  await form.getByLabel(T.incidentLocation).fill('Phoenix');
  await form.getByRole('group', { name: `${T.ownerVehicleInvolved} ${T.optional}` }).getByRole('radio', { name: T.yes }).check();
  await form.getByLabel(`${T.ownerVehicleLocation} ${T.optional}`).selectOption('tow');
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } }).jpeg().toBuffer();
  await form.getByLabel(T.photos).setInputFiles([
    { name: 'rear-bumper-close-up.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'IMG_20260301_141502.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await form.getByRole('list', { name: T.photosList }).getByRole('listitem').nth(1).waitFor();
  await shoot(page, 'claims-03-step2');
  await page.goto(`${server.demoUrl}/partner-claims.html`);
  await page.locator('ppm-claim-form').getByRole('button', { name: T.next }).waitFor();
  await shoot(page, 'claims-04-partner-demo');
} finally {
  await browser.close();
  await server.stop();
  server.cleanUp();
}
