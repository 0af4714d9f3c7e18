/**
 * The header's account menu on the built site (doc 1 "Shell": "When logged in, the account link shows the
 * user's first and last name"), with the session answered by a stub of the one call the menu makes:
 *
 * - WCAG 1.4.12 text spacing (line height 1.5, letters 0.12em, words 0.16em, paragraphs 2em, the W3C's own
 *   test sheet): the header fits the window at 1024, 1280 and 1366 px, signed in or out; before, the
 *   bar's last button ran 20 to 68 px past the right edge and the page scrolled sideways;
 * - a long-ish real name shows whole at 1280, 1440 and 1920 px, with and without that spacing; before, it
 *   was cut to 'Margaret H...' at every desktop width.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SIGNED_IN_COOKIE_HEADER_NAME } from '../../contract/api/signed-in-cookie.ts';
import { serverAndBrowser } from './support.ts';

/** The W3C's text-spacing test (WCAG 2.2 Understanding 1.4.12), as a user style sheet would apply it. */
const TEXT_SPACING = `
* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }
`;

const USER = { firstName: 'Margaret', lastName: 'Hollingsworth', emailAddress: 'margaret@example.com' };

async function open(run: ReturnType<typeof serverAndBrowser>, width: number, options: { signedIn: boolean; spacing: boolean }): Promise<Page> {
  // bypassCSP: the spacing sheet is the reader's own, which the site's CSP does not see in a real browser
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  if (options.signedIn) {
    // the readable cookie the server sets beside the session's, and the hint of a sign-in in this browser
    await page.addInitScript((cookie) => {
      document.cookie = `${cookie}=1; Path=/; Secure`;
      localStorage.setItem('ppm.signed-in', '1');
    }, SIGNED_IN_COOKIE_HEADER_NAME);
    await page.route('**/api/user/retrieve_session', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ user: USER, policies: [] }) }),
    );
  }
  await page.goto(`${run.server.url}/faq`);
  if (options.spacing) await page.addStyleTag({ content: TEXT_SPACING });
  // below 1200 px the account is in the user flyout, whose menu draws the same name
  if (options.signedIn) await page.locator('header account-menu .account-logout').first().waitFor({ state: 'attached' });
  return page;
}

/** How far the page scrolls sideways, in CSS px. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the header's account menu", () => {
  const run = serverAndBrowser();

  for (const width of [1024, 1280, 1366]) {
    for (const signedIn of [false, true]) {
      test(`text spacing at ${width} px, ${signedIn ? 'signed in' : 'signed out'}: no sideways scroll`, async () => {
        const page = await open(run, width, { signedIn, spacing: true });
        assert.equal(await sideways(page), 0, 'the page scrolls sideways');
        // nothing of the header's bar ends past the window's right edge
        const right = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.site-header .bar *')].map((e) => e.getBoundingClientRect().right)));
        assert.ok(right <= width, `the bar reaches ${right} px`);
        await page.context().close();
      });
    }
  }

  for (const width of [1280, 1440, 1920]) {
    for (const spacing of [false, true]) {
      test(`at ${width} px${spacing ? ' with text spacing' : ''} the signed-in name shows whole`, async () => {
        const page = await open(run, width, { signedIn: true, spacing });
        const name = page.locator('header account-menu[layout="bar"] .account-name');
        await name.waitFor();
        assert.equal(await name.locator('.account-name__text').textContent(), 'Margaret Hollingsworth');
        const cut = await name.evaluate((link) => link.scrollWidth - link.clientWidth);
        assert.equal(cut, 0, `the name is cut by ${cut} px`);
        assert.equal(await sideways(page), 0, 'the page scrolls sideways');
        await page.context().close();
      });
    }
  }
});
