/**
 * Issue 11's numbers, checked on the build: each page's JavaScript within its budget (test/budgets.ts).
 * No layout shift is checked in layout-shift.e2e.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGETS, measure, table } from '../budgets.ts';

describe('bundle budgets', () => {
  for (const budget of BUDGETS) {
    test(`${budget.name}: within ${budget.limit} bytes gzip -9`, () => {
      const measured = measure(budget);
      assert.ok(measured.files.length > 0, 'the page loads some JavaScript');
      assert.ok(measured.bytes <= budget.limit, `over budget:\n${table([measured], true)}`);
    });
  }
});
