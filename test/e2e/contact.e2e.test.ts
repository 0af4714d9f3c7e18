/**
 * Contact Us end to end (doc 1 "Contact Us", sections 3, 5 and 8): on the real server, a visitor writes to
 * customer care on /contact-us, sees doc 1's thank-you, is taken home after it, and both e-mails are in the
 * outbox: the message to customer care (CARE_EMAIL) with Reply-To the visitor, and the visitor's
 * acknowledgement.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { BRAND } from '../../contract/brand.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { axeViolations, inputShows, outboxMails, serverAndBrowser } from './support.ts';

const CARE = 'care-desk@apex-ppm.example';
// the spec's words with the brand's product name where it writes "the product" (docs/architecture.md)
const SUCCESS = `Thank you for contacting ${BRAND.productName}. A customer care concierge will be in touch as soon as possible`;

/** The page with its form hydrated: Astro takes `ssr` off an island once it runs. */
async function openContact(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/contact-us`);
  await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
}

describe('Contact Us end to end', () => {
  const run = serverAndBrowser({ CARE_EMAIL: CARE });

  test('the page says how to call (extensions, hours), links the claim form, and passes axe at 390 and 1280 px', async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    await openContact(page, run.server.url);
    assert.equal(await page.getByRole('heading', { name: 'Contact Us', level: 1 }).count(), 1);
    const intro = await page.locator('main').innerText();
    for (const fact of [BRAND.phone, 'Extension 2: general questions', 'Extension 3: claims', 'Monday to Friday, 9am to 5pm']) {
      assert.ok(intro.includes(fact), fact);
    }
    assert.equal(await page.getByRole('link', { name: 'claim form' }).getAttribute('href'), '/account/claims');
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  test('a visitor sends a message, sees the thank-you, is taken home, and care and the visitor each get an e-mail', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openContact(page, run.server.url);
    const form = page.locator('form');
    await form.getByLabel('Subject (optional)').fill('Winter storage');
    await form.getByLabel('Message').fill('My 911 is stored from November to March.\nIs it charged the base rate only?');
    await form.getByLabel('I have read and agree to the privacy policy.').check();
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email').fill('grace.hopper@example.com');
    await form.getByLabel('Phone (optional)').pressSequentially('6025550199');
    await inputShows(form.getByLabel('Phone (optional)'), '602-555-0199');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact/submit'));
    await form.getByRole('button', { name: 'Send' }).click();
    assert.equal((await answered).status(), 201);
    await page.getByText(SUCCESS).waitFor();
    // doc 1: the thank-you stays 10 s, then home
    await page.waitForURL(`${run.server.url}/`, { timeout: 20_000 });

    const mails = (await outboxMails(run.server.dataDir, 2)).map((file) => parseEml(readFileSync(file, 'utf8')));
    assert.equal(mails.length, 2);
    const care = mails.find((mail) => mail.headers.get('to') === CARE);
    const ack = mails.find((mail) => mail.headers.get('to') === 'grace.hopper@example.com');
    assert.ok(care && ack, 'one e-mail to customer care, one to the visitor');
    assert.equal(care.headers.get('reply-to'), 'grace.hopper@example.com');
    assert.match(care.headers.get('subject') ?? '', /^Contact Us: Winter storage \(C-\d{6}\)$/);
    const careText = care.parts.find((part) => part.contentType === 'text/plain')!.body;
    assert.match(careText, /From: Grace Hopper/);
    assert.match(careText, /Phone: 602-555-0199/);
    assert.match(careText, /Is it charged the base rate only\?/);
    const ackText = ack.parts.find((part) => part.contentType === 'text/plain')!.body;
    assert.match(ackText, /^Hello Grace,/);
    assert.match(ackText, /Monday to Friday, 9am to 5pm/);
    await page.close();
  });
});
