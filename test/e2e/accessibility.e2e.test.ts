/**
 * Accessibility on every page (issue 10, items 6 and 7).
 *
 * - axe-core (WCAG 2.x A and AA) finds nothing on any page of the site at a phone's width and a desktop's: the
 *   pages are test/site-pages.ts's, from site/routes.ts, so a page added to the route table is checked as
 *   soon as it is built (a route without a built page is skipped, and named in the test's output).
 * - The accessibility audit's findings, as a person meets them with the keyboard: the mobile menu and the
 *   user flyout close when focus tabs out of them (else the open panel hides the focused element, WCAG
 *   2.4.11), Escape closes them from anywhere on the page and gives focus back to their button; the focus
 *   ring stands out 3:1 from what it is drawn on (WCAG 1.4.11) on the dark top bar, the footer and a form
 *   field; on /search-for-my-quote, Escape closes the retrieve window that opened on arrival and focus goes
 *   to 'Retrieve my quote', not to the page's body.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, serverAndBrowser } from './support.ts';
import { sitePages } from '../site-pages.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user gets there; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element === document.activeElement?.shadowRoot?.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never took focus in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The focused element's outline (colour, style, width) and the background it is drawn on: the first
 * opaque background of its parents (through a shadow root to its host), since the outline sits outside it.
 */
async function focusRing(target: Locator): Promise<{ colour: string; style: string; width: number; background: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    let node: Element | null = element.parentElement ?? (element.getRootNode() as ShadowRoot).host ?? null;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) {
        background = colour;
        break;
      }
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
    }
    return { colour: style.outlineColor, style: style.outlineStyle, width: parseFloat(style.outlineWidth), background };
  });
}

describe('accessibility on every page', () => {
  const run = serverAndBrowser();

  test('axe finds no violation on any page, at 390 px and at 1280 px', async (t) => {
    const { pages, skipped } = sitePages();
    if (skipped.length > 0) t.diagnostic(`not built yet, so not checked: ${skipped.join(', ')}`);
    // one context per width, the two widths of a page side by side: most of a page's time is the wait for
    // its network to go quiet
    const contexts = await Promise.all(VIEWPORTS.map((viewport) => run.browser.newContext({ viewport })));
    const found: Record<string, string[]> = {};
    try {
      const tabs = await Promise.all(contexts.map((context) => context.newPage()));
      for (const { path, status } of pages) {
        await Promise.all(
          tabs.map(async (page, i) => {
            // every island hydrated, a login-required page's guard answered and any redirect followed
            const response = await page.goto(`${run.server.url}${path}`, { waitUntil: 'networkidle' });
            assert.equal(response?.status(), status, `${path} answers ${status}`);
            await page.locator('main').first().waitFor();
            const violations = await axeViolations(page);
            if (violations.length > 0) found[`${VIEWPORTS[i]!.width} px ${path} (shown: ${new URL(page.url()).pathname})`] = violations;
          }),
        );
      }
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
    assert.deepEqual(found, {}, `axe violations:\n${JSON.stringify(found, null, 2)}`);
    assert.ok(pages.length >= 30, `${pages.length} pages checked`);
  });

  for (const name of ['Menu', 'Account']) {
    test(`on a phone, the ${name} flyout closes when focus tabs out of it, and Escape closes it from anywhere on the page`, async () => {
      const page = await run.browser.newPage({ viewport: VIEWPORTS[0] });
      await page.goto(`${run.server.url}/faq`);
      const button = page.getByRole('button', { name, exact: true });
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);

      // Tab through the open panel and out of it: the panel closes, so it never covers what has focus next.
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      const links = await panel.getByRole('link').count();
      for (let i = 0; i <= links; i += 1) await page.keyboard.press('Tab');
      assert.equal(await panel.evaluate((element) => element.contains(document.activeElement)), false, 'focus has left the panel');
      assert.equal(await button.getAttribute('aria-expanded'), 'false', 'closed once focus left it');
      assert.equal(await panel.isHidden(), true);
      const covered = await page.evaluate(() => {
        const focused = document.activeElement!;
        const box = focused.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && !focused.contains(top) && !top.contains(focused);
      });
      assert.equal(covered, false, 'the focused element is not covered');

      // Open it with a click, then click on the panel's empty edge: focus leaves the button for the page's
      // body, yet Escape still closes the panel and gives focus back to the button.
      await button.click();
      const box = (await panel.boundingBox())!;
      await page.mouse.click(box.x + 4, box.y + 4);
      assert.equal(await button.getAttribute('aria-expanded'), 'true', 'still open after a click inside it');
      assert.equal(await page.evaluate(() => document.activeElement === document.body), true, 'focus on the page, not in the flyout');
      await page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-expanded'), 'false', 'Escape closed it');
      assert.equal(await button.evaluate((element) => element === document.activeElement), true, 'focus back on the button');
      await page.close();
    });
  }

  test('the focus ring stands out at least 3:1 from the dark top bar, the footer and a form field (WCAG 1.4.11)', async () => {
    const page = await run.browser.newPage({ viewport: VIEWPORTS[1] });
    await page.goto(`${run.server.url}/account/log-in`, { waitUntil: 'networkidle' });
    const targets: [string, Locator, { backwards?: boolean }][] = [
      ['the top bar\'s phone link', page.locator('.top-bar a').first(), {}],
      ['the footer\'s last link', page.getByRole('contentinfo').getByRole('link').last(), { backwards: true }],
      ['the Email Address field', page.getByLabel('Email Address', { exact: true }), {}],
    ];
    const seen: string[] = [];
    for (const [what, target, options] of targets) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tabTo(page, target, options);
      const ring = await focusRing(target);
      const ratio = contrast(ring.colour, ring.background);
      seen.push(`${what}: ${ring.colour} on ${ring.background}, ${ratio.toFixed(2)}:1`);
      assert.notEqual(ring.style, 'none', `${what} shows a focus outline`);
      assert.ok(ring.width >= 2, `${what}: outline ${ring.width} px wide`);
      assert.ok(ratio >= 3, seen.at(-1));
    }
    await page.close();
  });

  test("on /search-for-my-quote, Escape closes the retrieve window that opened on arrival and focus goes to 'Retrieve my quote'", async () => {
    const page = await run.browser.newPage({ viewport: VIEWPORTS[0] });
    await page.goto(`${run.server.url}/search-for-my-quote`);
    const dialog = page.getByRole('dialog', { name: 'Retrieve my quote' });
    await dialog.waitFor();
    await dialog.getByLabel('Email Address', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The home page has several quote widgets, each with its 'Retrieve my quote': focus goes to the one of the
    // widget that opened the window, the only one holding the window. The dialog's close event, which gives
    // focus back, comes a task after it closed.
    await page.waitForFunction(
      () => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.localName === 'button' && active.textContent?.trim() === 'Retrieve my quote' && active.closest('.ppm-root')?.querySelector('dialog') != null;
      },
      undefined,
      { timeout: 5_000 },
    );
    await page.close();
  });
});
