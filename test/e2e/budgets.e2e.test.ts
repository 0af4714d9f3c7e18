/**
 * Issue 11's numbers, checked on the build: each page's JavaScript within its budget (test/budgets.ts),
 * and no layout shift on the quote wizard's page at a phone's and a desktop's width.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGETS, measure, table } from '../budgets.ts';
import { serverAndBrowser } from './support.ts';

describe('bundle budgets', () => {
  for (const budget of BUDGETS) {
    test(`${budget.name}: within ${budget.limit} bytes gzip -9`, () => {
      const measured = measure(budget);
      assert.ok(measured.files.length > 0, 'the page loads some JavaScript');
      assert.ok(measured.bytes <= budget.limit, `over budget:\n${table([measured], true)}`);
    });
  }
});

describe('no layout shift on /receive-a-quote', () => {
  const run = serverAndBrowser();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    test(`at ${viewport.width}x${viewport.height} the first step arrives without moving anything (CLS 0)`, async () => {
      const page = await run.browser.newPage({ viewport });
      // Observed from the first byte: every layout shift the page makes, with what moved.
      await page.addInitScript(() => {
        const shifts: { value: number; moved: string[] }[] = [];
        Object.assign(globalThis, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
            if (entry.hadRecentInput) continue;
            shifts.push({ value: entry.value, moved: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.className : String(source.node?.nodeName))) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${run.server.url}/receive-a-quote`);
      // the step's first field: the server's shell of the step has the heading, only the wizard has fields
      await page.getByRole('textbox', { name: 'First Name' }).waitFor();
      assert.equal(await page.getByRole('heading', { level: 3, name: 'Your Info' }).count(), 1, 'the shell gave way to the wizard');
      // two frames after the step, so a shift it causes has been reported
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await page.evaluate(() => (globalThis as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
      assert.deepEqual(shifts, [], `layout shifts: ${JSON.stringify(shifts)}`);
      await page.close();
    });
  }
});
