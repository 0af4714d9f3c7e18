/**
 * Issues 11 and 25: each page's JavaScript, as Chromium fetches it on arrival, within its budget
 * (test/budgets.ts). No layout shift is checked in layout-shift.e2e.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGETS, measure, table } from '../budgets.ts';
import { serverAndBrowser } from './support.ts';

describe('bundle budgets, as the browser fetches them', () => {
  const running = serverAndBrowser();
  for (const budget of BUDGETS) {
    test(`${budget.name}: within ${budget.limit} bytes gzip -9`, async () => {
      const measured = await measure(running.browser, budget, { site: running.server.url, demo: running.server.demoUrl });
      assert.ok(measured.scripts.length > 0, 'the page loads some JavaScript');
      assert.ok(measured.bytes <= budget.limit, `over budget:\n${table([measured], true)}`);
    });
  }
});
