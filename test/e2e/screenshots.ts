/**
 * Screenshots of the purchase steps as a customer sees them, for a person to judge (a tool, not a test: CI
 * does not run it). It builds nothing; build first, then run it:
 *
 *   npm run build && node test/e2e/screenshots.ts [output folder, default /tmp/shots]
 *
 * Against the real server in test mode, the way purchase.e2e.test.ts buys: step 5 (the house style the
 * purchase steps should match), step 6 before typing, step 6 with a declined card's message and then its
 * 'Call to complete your quote' modal, the lienholder sub-step of a financed car (empty, then with PFS
 * prefilled and locked), step 7 with the account form (empty, then half filled in) and the test mode's
 * 3-D Secure window (issue 19: 4000 0027 6000 3184 asks for it). Each at a phone's
 * width and a desktop's, full page but for the modal; the file names are printed as they are written.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { shoot as shootInto, VIEWPORTS } from './shoot.ts';
import { launchChromium, startServer } from './support.ts';
import { fillTestCard, GRACE, purchaseNow, toQuoteStep } from './wizard-steps.ts';

const OUTPUT = process.argv[2] ?? '/tmp/shots';
const shoot = (page: Page, name: string, options?: { viewportOnly?: boolean }) => shootInto(page, OUTPUT, name, options);

/** A card declined as card_error: step 6 then shows the spec's message in an alert. */
async function declinedCard(page: Page): Promise<void> {
  await fillTestCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'declined' }).waitFor({ timeout: 30_000 });
}

/** After a refused payment, Submit Payment only opens the 'Call to complete your quote' modal. */
async function callToComplete(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
  await page.getByRole('dialog', { name: 'Call to complete your quote' }).waitFor();
}

/** A financed car paid with 4242: the lienholder sub-step, empty and then with PFS chosen; then step 7. */
async function lienholderThenThankYou(page: Page): Promise<void> {
  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
  await page.getByRole('heading', { name: 'Lienholder Information' }).waitFor({ timeout: 30_000 });
  await shoot(page, '05-lienholder');
  await page.getByLabel('Lienholder', { exact: true }).selectOption('PFS');
  await shoot(page, '06-lienholder-pfs');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank You', exact: true }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Password', { exact: true }).waitFor();
  await shoot(page, '07-thank-you');
  // a password that meets some of the rules shows the checklist's two states side by side
  await page.getByLabel('Password', { exact: true }).fill('Cobol-19');
  await page.locator('.ppm-thanks__check--met').first().waitFor();
  await shoot(page, '08-thank-you-checklist');
}

/** A card that asks for 3-D Secure: in test mode our labelled test authentication window opens over step 6. */
async function testAuthentication(page: Page): Promise<void> {
  await fillTestCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
  await page.getByRole('dialog', { name: 'Test authentication: no real bank' }).waitFor({ timeout: 30_000 });
  await shoot(page, '09-step6-test-authentication', { viewportOnly: true });
}

mkdirSync(OUTPUT, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
try {
  const declined = await browser.newPage({ viewport: VIEWPORTS[1] });
  await toQuoteStep(declined, server.url, 'TX', { person: { ...GRACE, email: 'grace.declined@example.com' } });
  await shoot(declined, '01-step5-quote');
  await purchaseNow(declined);
  await declined.getByText('Test mode: no real charge is made.').waitFor();
  await shoot(declined, '02-step6-payment');
  await declinedCard(declined);
  await shoot(declined, '03-step6-declined');
  await callToComplete(declined);
  await shoot(declined, '04-step6-call-us', { viewportOnly: true });
  await declined.close();

  const financed = await browser.newPage({ viewport: VIEWPORTS[1] });
  await toQuoteStep(financed, server.url, 'TX', { person: { ...GRACE, email: 'grace.financed@example.com' }, ownership: 'Financed' });
  await purchaseNow(financed);
  await lienholderThenThankYou(financed);
  await financed.close();

  const authenticating = await browser.newPage({ viewport: VIEWPORTS[1] });
  await toQuoteStep(authenticating, server.url, 'TX', { person: { ...GRACE, email: 'grace.threeds@example.com' } });
  await purchaseNow(authenticating);
  await testAuthentication(authenticating);
  await authenticating.close();
} finally {
  await browser.close();
  await server.stop();
  server.cleanUp();
}
