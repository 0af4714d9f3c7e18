/**
 * Two islands of one widget on one page (issue 11; issue 10 puts three quote starts on the home page): each
 * island's ids are its own, on the server render and after hydration, so every label names its own field.
 * The site hydrates with preact/compat, whose useId knows no per-root prefix; site/runtime/ gives it the
 * prefix Astro hands each island.
 *
 * The page (test/e2e/pages/two-islands.astro) exists for this test only: `astro dev` serves it when
 * PPM_TEST_PAGES is set (astro.config.mjs), with the site's own configuration, so the built site never has it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { freePorts, launchChromium, startProcess } from './support.ts';

const PAGE = '/test/two-islands';

interface DevServer {
  url: string;
  stop(): Promise<void>;
}

async function startAstroDev(): Promise<DevServer> {
  const [port] = (await freePorts(1)) as [number];
  const url = `http://127.0.0.1:${port}`;
  // --ignore-lock: neither taken for, nor stopped by, a developer's own `astro dev`, and never sent to the background
  const { stop } = await startProcess('astro dev', process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)], {
    env: { PPM_TEST_PAGES: '1', ASTRO_TELEMETRY_DISABLED: '1' },
    readyUrl: `${url}${PAGE}`,
  });
  return { url, stop };
}

/** Every id on the page that more than one element carries. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  });
}

describe('two islands of one widget on one page', () => {
  let dev: DevServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    dev = await startAstroDev();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await dev?.stop();
  });

  test('the server render and hydration give each island its own ids, and each label names its own field', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    const served = await (await fetch(`${dev!.url}${PAGE}`)).text();
    const serverIds = [...served.matchAll(/\bid="(ppm-[^"]+)"/g)].map((match) => match[1]!);
    assert.equal(serverIds.length, 2, `one state field per island in the server's HTML: ${serverIds.join(', ')}`);
    assert.notEqual(serverIds[0], serverIds[1], 'the server wrote one id for both islands');

    await page.goto(`${dev!.url}${PAGE}`);
    // Astro takes `ssr` off an island once it has hydrated
    await page.locator('astro-island:not([ssr])').nth(1).waitFor({ state: 'attached' });
    const islands: Locator[] = [page.getByRole('region', { name: 'First quote start' }), page.getByRole('region', { name: 'Second quote start' })];

    // a change re-renders each island: an id the browser computed differently from the server's would be written now
    await islands[0]!.getByLabel('Where is your car garaged?').selectOption('FL');
    await islands[1]!.getByLabel('Where is your car garaged?').selectOption('TX');
    assert.equal(await islands[0]!.getByLabel('Where is your car garaged?').inputValue(), 'FL');
    assert.equal(await islands[1]!.getByLabel('Where is your car garaged?').inputValue(), 'TX');
    assert.equal(await page.getByLabel('Where is your car garaged?').count(), 2, 'each label names one field');
    const hydratedIds = await page.locator('select').evaluateAll((selects) => selects.map((select) => select.id));
    assert.deepEqual(hydratedIds, serverIds, 'hydration kept the ids the server wrote');

    // the second island's retrieve window: its fields' ids are its own too
    await islands[1]!.getByRole('button', { name: 'Retrieve my quote' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill('ada@example.com');
    assert.equal(await dialog.getByLabel('Email').inputValue(), 'ada@example.com');

    assert.deepEqual(await duplicateIds(page), [], 'an id is used twice');
    assert.deepEqual(problems, [], 'the page reported errors');
    await page.close();
  });
});
