/**
 * The unavailable page end to end (doc 1 route table "/unavailable/{state?}" and "Unavailable page"): every
 * variant, reached by path and by query, on the built site: its text, the sign-up form shown unless the
 * address holds 'weather', and the form's state prefilled with the state the address names.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, serverAndBrowser } from './support.ts';

interface Case {
  address: string;
  heading: RegExp;
  /** The sign-up form's state once it runs; null when the page shows no form. */
  prefilled: string | null;
}

const COMING_SOON = /^Coming soon$/;
const WEATHER = /^We can't quote in this area right now$/;

const CASES: Case[] = [
  // a state we do not write in, by path (its name, as quote-start sends it, or its code) and by query
  { address: '/unavailable/Montana', heading: COMING_SOON, prefilled: 'Montana' },
  { address: '/unavailable/New%20York', heading: COMING_SOON, prefilled: 'New York' },
  { address: '/unavailable/MT', heading: COMING_SOON, prefilled: 'Montana' },
  { address: '/unavailable?state=MT', heading: COMING_SOON, prefilled: 'Montana' },
  { address: '/unavailable?Montana', heading: COMING_SOON, prefilled: 'Montana' },
  { address: '/unavailable', heading: COMING_SOON, prefilled: '' },
  // not-writing, by query (as quote-start sends CA, IL, PA, WI) and by path
  { address: '/unavailable?not-writing&state=CA', heading: /^Not available in California yet$/, prefilled: 'California' },
  { address: '/unavailable/Illinois?not-writing', heading: /^Not available in Illinois yet$/, prefilled: 'Illinois' },
  { address: '/unavailable/not-writing?state=PA', heading: /^Not available in Pennsylvania yet$/, prefilled: 'Pennsylvania' },
  // weather-exception: no sign-up form, by query, by path, and as /not-available
  { address: '/unavailable?weather-exception', heading: WEATHER, prefilled: null },
  { address: '/not-available?weather-exception', heading: WEATHER, prefilled: null },
  { address: '/unavailable/weather-exception', heading: WEATHER, prefilled: null },
  { address: '/unavailable/Florida?weather-exception', heading: WEATHER, prefilled: null },
  // a state we do write in is told so, and sent to the quote rather than to the list
  { address: '/unavailable/Texas', heading: /^Good news: we insure cars garaged in Texas$/, prefilled: null },
];

describe('the unavailable page end to end', () => {
  const run = serverAndBrowser();

  test('each variant, by path and by query: its text, the sign-up form unless weather, the state prefilled', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const { address, heading, prefilled } of CASES) {
      const response = await page.goto(`${run.server.url}${address}`);
      assert.equal(response?.status(), 200, address);
      const h1 = page.getByRole('heading', { level: 1 });
      assert.equal(await h1.count(), 1, `${address}: one heading shown`);
      assert.match(await h1.innerText(), heading, address);
      const form = page.getByRole('button', { name: 'Notify Me' });
      if (prefilled === null) {
        assert.equal(await form.isVisible(), false, `${address}: no sign-up form`);
        continue;
      }
      await form.scrollIntoViewIfNeeded();
      // Astro takes `ssr` off an island once it has hydrated (client:visible: once it is in view)
      await page.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
      const state = page.getByRole('combobox', { name: 'State' });
      await page.waitForFunction(
        ([want]) => (document.querySelector<HTMLInputElement>('input[role="combobox"]')?.value ?? null) === want,
        [prefilled],
        { timeout: 10_000 },
      ).catch(() => undefined);
      assert.equal(await state.inputValue(), prefilled, `${address}: the form's state`);
    }
    await page.close();
  });

  test('the coming-soon text lists the states we write in; the pages pass axe at 390 px', async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${run.server.url}/unavailable/Montana`);
    const text = await page.locator('main').innerText();
    assert.match(text, /Arizona, Colorado, Florida, Georgia, Ohio, Oregon, Tennessee and Texas/);
    assert.deepEqual(await axeViolations(page), []);
    await page.goto(`${run.server.url}/not-available?weather-exception`);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });
});
