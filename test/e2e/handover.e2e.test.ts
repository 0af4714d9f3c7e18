/**
 * The hand-over end to end (issue 7 item 1): the whole quote embedded on a dealer's page (the demo origin,
 * another origin than our site), Purchase Now hands the visitor over to our site's step 6 with nothing
 * retyped and the dealer's attribution kept, and a test card buys the policy. The dealer's origin never holds
 * the answers in its storage, the hand-over token is gone from the address bar at once, and a replayed link
 * gets a page that says what to do, not a blank wizard.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../contract/index.ts';
import { axeViolations, serverAndBrowser } from './support.ts';
import {
  continueTo, coverageToQuote, fillPrimaryDriver, fillTestCard, fillVehicle, fillYourInfo, GRACE, stepHeading, VINS,
} from './wizard-steps.ts';

/** Keys of the dealer origin's storage that hold anything of ours. */
async function dealerStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [sessionStorage, localStorage].flatMap((storage) => [...Array(storage.length).keys()].map((i) => storage.key(i)!)).filter((key) => key.startsWith('ppm')),
  );
}

describe('the hand-over from a dealer page', () => {
  const run = serverAndBrowser();

  test('an embedded quote to Purchase Now, then our site’s step 6 with nothing retyped, and a policy bought with 4242', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const handoverUrls: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('handover=')) handoverUrls.push(frame.url());
    });
    await page.goto(`${run.server.demoUrl}/dealer-quote.html`);
    const wizard = page.locator('ppm-quote-wizard');
    await stepHeading(page, 'Your Info').waitFor();
    assert.equal(await wizard.getByLabel('How did you hear about us?').inputValue(), 'Dealer');
    const buyer = { ...GRACE, email: 'grace.handover@example.com' };
    await fillYourInfo(page, 'AZ', buyer, { presetByDealer: true });
    await continueTo(page, 'Your Vehicle');
    await fillVehicle(page, 'AZ', { vin: VINS.carrera2019, model: '911', ownership: 'Owned', miles: '6000', value: '125000' });
    await continueTo(page, 'Your Drivers');
    await fillPrimaryDriver(page, 'AZ', buyer);
    await continueTo(page, 'Your Coverage');
    await coverageToQuote(page, 1);
    assert.deepEqual(await dealerStorageKeys(page), [], 'no answers in the dealer origin’s storage');

    await page.getByRole('button', { name: 'Purchase Now', exact: true }).click();
    await page.waitForURL(`${run.server.url}/receive-a-quote**`);
    await stepHeading(page, 'Payment').waitFor({ timeout: 30_000 });
    assert.equal(new URL(page.url()).searchParams.has('handover'), false, 'the token left the address bar');
    assert.equal(handoverUrls.length, 1);
    const handoverUrl = handoverUrls[0]!;
    assert.match(handoverUrl, /\/receive-a-quote\?handover=[0-9a-f]{64}$/);
    assert.ok(!handoverUrl.includes('grace') && !handoverUrl.includes('1980'), 'no personal data in the URL');

    // nothing retyped: Back shows the quote, and the stored form kept the dealer
    const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('ppm-quote-wizard') ?? 'null') as { state: { attribution: { dealer: string }; info: { firstName: string } } } | null);
    assert.equal(saved?.state.attribution.dealer, 'AZ01');
    assert.equal(saved?.state.info.firstName, 'Grace');
    assert.deepEqual(await axeViolations(page), []);

    await page.getByLabel('Card Number', { exact: true }).waitFor();
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank You', exact: true }).waitFor({ timeout: 30_000 });
    const binder = (await page.locator('dt', { hasText: /^Binder number$/ }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
    assert.match(binder, /^PPMB-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // the same hand-over link again: spent, and the page says what to do
    const replay = await run.browser.newPage();
    await replay.goto(handoverUrl);
    await replay.getByText(MESSAGES.handoverNotFound).waitFor();
    await replay.getByRole('link', { name: 'Retrieve my quote' }).waitFor();
    assert.equal(new URL(replay.url()).searchParams.has('handover'), false);
    assert.deepEqual(await axeViolations(replay), []);
    await replay.close();
    await page.close();
  });
});
