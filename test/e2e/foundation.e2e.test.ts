/**
 * The foundation end to end: the server started the README's way serves the site shell, the 404 page, the
 * redirects and /api/health on one port; a partner club's page on a second origin embeds ppm-notify-me with
 * a script tag alone, and a visitor who signs up there crosses CORS for real and is really stored.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { BRAND } from '../../contract/brand.ts';
import { axeViolations, outboxMails, serverAndBrowser } from './support.ts';
import { embeddedDatabaseDir } from '../../api/config.ts';

describe('foundation end to end', () => {
  // the README's first start: an empty data folder, where the server makes its database and migrates it
  const run = serverAndBrowser({}, { database: 'new' });

  test('the home page shows the shell: navigation, footer, version, title', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const response = await page.goto(`${run.server.url}/`);
    assert.equal(response?.status(), 200);
    assert.match(await page.title(), /\S/);
    const nav = page.getByRole('navigation', { name: /main/i });
    for (const name of ['Receive a Quote', 'FAQ', 'Explore Benefits', 'Claims', 'Contact Us']) {
      assert.equal(await nav.getByRole('link', { name, exact: true }).count(), 1, `navigation link ${name}`);
    }
    const footer = page.getByRole('contentinfo');
    assert.equal(await footer.getByRole('link', { name: 'Legal Notice.' }).getAttribute('href'), '/legal/terms-of-use');
    assert.match(await footer.innerText(), /0\.9\.91/);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  test('on a phone the menu and account flyouts open, close with Escape, and close when a link is followed', async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${run.server.url}/`);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    const panel = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await panel.getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.evaluate((button) => button === document.activeElement), true, 'focus returns to the button');

    const account = page.getByRole('button', { name: 'Account', exact: true });
    await account.click();
    assert.equal(await account.getAttribute('aria-expanded'), 'true');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Policy' }).waitFor();
    await page.keyboard.press('Escape');

    // Following a link inside the menu closes it (doc 1: route changes close open flyouts).
    await menu.click();
    await panel.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${run.server.url}/faq`);
    assert.equal(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded'), 'false');
    await page.goBack();
    assert.equal(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded'), 'false', 'closed after Back too');
    await page.close();
  });

  test('at 320 px (WCAG 1.4.10 reflow) no page with the header scrolls sideways, and Menu is on screen and opens', async () => {
    const page = await run.browser.newPage({ viewport: { width: 320, height: 640 } });
    for (const path of ['/', '/faq', '/receive-a-quote', '/account/log-in', '/search-for-my-quote']) {
      await page.goto(`${run.server.url}${path}`);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320, `${path} is as wide as the screen`);
      const box = (await menu.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 320, `${path}: Menu at ${box.x}..${box.x + box.width}`);
      assert.equal(await page.getByRole('link', { name: 'Apex Pay-Per-Mile' }).count(), 1, `${path}: the brand keeps its name`);
    }
    // (search-for-my-quote opens its retrieve dialog over the page: the menu is tried on the home page)
    await page.goto(`${run.server.url}/`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    await page.close();
  });

  test('an unknown path answers 404 with Page Not Found', async () => {
    const page = await run.browser.newPage();
    const response = await page.goto(`${run.server.url}/no/such/page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.getByRole('heading', { name: 'Page Not Found' }).count(), 1);
    await page.close();
  });

  test('the quote step deep links redirect to /receive-a-quote', async () => {
    for (const step of ['info', 'vehicles', 'drivers', 'coverage', 'quote', 'payment', 'thank-you']) {
      const response = await fetch(`${run.server.url}/receive-a-quote/quote-${step}-page`, { redirect: 'manual' });
      assert.equal(response.status, 301, step);
      assert.equal(new URL(response.headers.get('location')!, run.server.url).pathname, '/receive-a-quote');
    }
  });

  test('/api/health answers', async () => {
    const response = await fetch(`${run.server.url}/api/health`);
    assert.equal(response.status, 200);
  });

  test('a visitor signs up on the club page, across origins, and is stored', async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    // Responses are kept as they arrive (synchronously: the handler awaits nothing), their headers read
    // only after the call has answered, so the assertion never runs before what it asserts is there.
    const subscribe = (response: Response) =>
      response.url() === `${run.server.url}/api/contact/subscribe` && response.request().method() === 'POST';
    const crossings: Response[] = [];
    page.on('response', (response) => {
      if (subscribe(response)) crossings.push(response);
    });
    await page.goto(`${run.server.demoUrl}/club.html`);
    const widget = page.locator('ppm-notify-me');
    await widget.getByLabel('First name').fill('Ada');
    await widget.getByLabel('Last name').fill("O'Hara");
    await widget.getByLabel('Email').fill('Ada.OHara@example.com');
    await chooseState(page, 'Texas');
    const answered = page.waitForResponse(subscribe);
    await widget.getByRole('button', { name: /sign up|notify me|submit/i }).click();
    const response = await answered;
    await widget.getByText(`Thank you for connecting with ${BRAND.productName}!`).waitFor();
    assert.deepEqual(
      {
        origin: (await response.request().headerValue('origin')) ?? undefined,
        allowed: (await response.headerValue('access-control-allow-origin')) ?? undefined,
      },
      { origin: run.server.demoUrl, allowed: run.server.demoUrl },
    );
    assert.deepEqual(crossings, [response], 'one call crossed');
    // The form clears after a successful request.
    assert.equal(await widget.getByLabel('Email').inputValue(), '');

    // The same address again (in other letter case) is recognised as already subscribed.
    await widget.getByLabel('First name').fill('Ada');
    await widget.getByLabel('Last name').fill("O'Hara");
    await widget.getByLabel('Email').fill('ada.ohara@EXAMPLE.com');
    await chooseState(page, 'Texas');
    await widget.getByRole('button', { name: /sign up|notify me|submit/i }).click();
    await widget.getByText("You're already subscribed. Thank you!").waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.close();

    // Stored for real: the confirmation mail is in the outbox, and the row is in the database once the
    // server has let go of it.
    const outbox = await outboxMails(run.server.dataDir, 1);
    assert.equal(outbox.length, 1);
    assert.match(readFileSync(outbox[0]!, 'utf8'), /^To: .*Ada\.OHara@example\.com/im);
    await run.server.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(embeddedDatabaseDir(run.server.dataDir));
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from subscribers where lower(email) = $1', ['ada.ohara@example.com']);
    await db.close();
    assert.equal(rows[0]?.n, 1);
  });
});

/** The searchable state list, used the way a person does: type to filter, pick the option. */
async function chooseState(page: Page, name: string): Promise<void> {
  const widget = page.locator('ppm-notify-me');
  const box = widget.getByRole('combobox', { name: 'State' });
  await box.fill(name.slice(0, 3));
  await widget.getByRole('option', { name }).click();
}
