/**
 * A failed submit focuses the first invalid field (doc 1 section 8) and keeps it in view (WCAG 2.4.11, 2.4.7):
 * the error summary drawn above it afterwards must not push it off screen (issue 23: at 390 x 844 the wizard's
 * first field ended up at 952 px, the claim and contact forms' shown by 16 to 20 px). On the phone-sized
 * viewport where it happened, on our site and embedded on a dealer's page.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { CLAIM_FORM_TEXTS } from '../../widgets/claim-form/claim-form.texts.ts';
import { CONTACT_TEXTS } from '../../widgets/contact/contact.texts.ts';
import { ERROR_SUMMARY_TITLE } from '../../widgets/core/styles/error-summary.styles.ts';
import { serverAndBrowser } from './support.ts';
import { stepHeading } from './wizard-steps.ts';

/**
 * The focused control (through shadow roots): its id, its box, the bottom of what is stuck to the top of the
 * screen over the page (our site's sticky header), and whether all of the control is in view below that.
 */
function focusedField(page: Page): Promise<{ id: string; top: number; bottom: number; coveredTo: number; inView: boolean }> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return { id: 'body', top: 0, bottom: 0, coveredTo: 0, inView: false };
    let coveredTo = 0;
    for (const element of document.body.querySelectorAll('*')) {
      const position = getComputedStyle(element).position;
      if (position !== 'sticky' && position !== 'fixed') continue;
      const box = element.getBoundingClientRect();
      if (box.top <= 1 && box.bottom > 0 && box.width > innerWidth / 2) coveredTo = Math.max(coveredTo, box.bottom);
    }
    const box = active.getBoundingClientRect();
    const inView = box.top >= coveredTo && box.bottom <= innerHeight;
    return { id: active.id, top: Math.round(box.top), bottom: Math.round(box.bottom), coveredTo: Math.round(coveredTo), inView };
  });
}

/** Presses the button as a person who scrolled down to it does: the button at the bottom of the screen. */
async function pressAtTheBottom(button: Locator): Promise<void> {
  await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await button.click();
}

/**
 * After the press: the summary is drawn, then the focused field is `id` and wholly in view. Polled until
 * both hold (the summary is drawn a frame after the errors); the last reading is in the failure.
 */
async function summaryShownAndFieldInView(page: Page, id: string): Promise<void> {
  await page.getByRole('heading', { name: ERROR_SUMMARY_TITLE }).first().waitFor();
  let last = await focusedField(page);
  const deadline = Date.now() + 5_000;
  while (!(last.id === id && last.inView) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    last = await focusedField(page);
  }
  assert.equal(last.id, id, 'the first invalid field has focus');
  assert.ok(last.inView, `the focused field is in view: top ${last.top}, bottom ${last.bottom} in a 844 px viewport covered to ${last.coveredTo} px`);
}

describe('a failed submit keeps the focused first invalid field in view at 390 x 844', () => {
  const run = serverAndBrowser();
  const phone = { viewport: { width: 390, height: 844 } };

  test('the claim form', async () => {
    const page = await run.browser.newPage(phone);
    await page.goto(`${run.server.url}/account/claims#fnol`);
    const form = page.locator('#fnol');
    await form.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    await pressAtTheBottom(form.getByRole('button', { name: CLAIM_FORM_TEXTS.next }));
    await summaryShownAndFieldInView(page, await form.getByLabel('First Name', { exact: true }).getAttribute('id') ?? '');
    await page.close();
  });

  test('the contact form', async () => {
    const page = await run.browser.newPage(phone);
    await page.goto(`${run.server.url}/contact-us`);
    await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
    await pressAtTheBottom(page.getByRole('button', { name: CONTACT_TEXTS.submit }));
    await summaryShownAndFieldInView(page, await page.getByLabel(CONTACT_TEXTS.body, { exact: true }).getAttribute('id') ?? '');
    await page.close();
  });

  test('the wizard on our site and embedded on a dealer page', async () => {
    for (const url of [`${run.server.url}/receive-a-quote`, `${run.server.demoUrl}/dealer-quote.html`]) {
      const page = await run.browser.newPage(phone);
      await page.goto(url);
      await stepHeading(page, 'Your Info').waitFor();
      if (url.startsWith(run.server.url)) await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
      await pressAtTheBottom(page.getByRole('button', { name: 'Continue', exact: true }));
      await summaryShownAndFieldInView(page, await page.getByLabel('First Name', { exact: true }).getAttribute('id') ?? '');
      await page.close();
    }
  });
});
