/**
 * The lines test/run-all.ts repeats above its summary name what failed and why, read from each runner's own
 * report: node's test runner's TAP, as that runner writes it for a file with failing tests, and
 * web-test-runner's report as its default reporter prints it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tapFailures, tscFailures, wtrFailures } from '../failure-summary.ts';

const FAILING_FILE = `
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
describe('the outer suite', () => {
  test('a nested test that fails', () => assert.equal(1, 2, 'one is not two'));
  test('a nested test that passes', () => {});
});
test('a top-level test that throws', () => { throw new Error('first line\\nsecond line'); });
test('a test that passes', () => {});
`;

test('a TAP report gives each failed test, where it is and its error; passes and the failed suite itself add nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ppm-failure-summary-'));
  try {
    const file = join(dir, 'failing.test.ts');
    writeFileSync(file, FAILING_FILE);
    // Without NODE_TEST_CONTEXT, which tells a child of a test run to report to its parent, not in TAP.
    const { NODE_TEST_CONTEXT: _parent, ...env } = process.env;
    let tap = '';
    try {
      execFileSync(process.execPath, ['--test', '--test-reporter=tap', file], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (failed) {
      tap = (failed as { stdout: string }).stdout;
    }
    assert.match(tap, /^# fail 2$/m, 'the fixture fails two tests');
    assert.deepEqual(tapFailures(tap), [
      `✖ a nested test that fails (${file}:5:3)`,
      '    one is not two',
      '    1 !== 2',
      `✖ a top-level test that throws (${file}:8:1)`,
      '    first line',
      '    second line',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a TAP report with no failure gives nothing', () => {
  assert.deepEqual(tapFailures('TAP version 13\nok 1 - passes\n  ---\n  duration_ms: 1\n  ...\n1..1\n# pass 1\n# fail 0\n'), []);
});

test("web-test-runner's report gives each ❌ test with its file and error, its escapes taken out", () => {
  // As @web/test-runner's default reporter printed a file with two failing tests and one passing, progress bar and all.
  const report = [
    'Chromium: |██████████████████████████████| 0/1 test files | 0 passed, 0 failed',
    '',
    'Running 1 test files...',
    '',
    '\x1b[2K\x1b[1A\x1b[2K\x1b[Gwidgets/core/Example.browser.test.ts:',
    '',
    ' ❌ Example > shows the message after a failed submit',
    '      Error: the title: expected "Quote", got ""',
    '        at Object.equal (widgets/testing/browser.ts:21:12)',
    '        at n4.<anonymous> (widgets/core/Example.browser.test.ts:3:63)',
    '',
    ' ❌ Example > waits in vain',
    '      Error: timed out waiting for #x',
    '        at waitFor (widgets/testing/browser.ts:146:8)',
    '',
    '',
    'Chromium: |██████████████████████████████| 1/1 test files | 1 passed, 2 failed',
    '',
    'Finished running tests in 15.6s with 2 failed tests.',
  ].join('\n');
  assert.deepEqual(wtrFailures(report), [
    '✖ Example > shows the message after a failed submit (widgets/core/Example.browser.test.ts)',
    '    Error: the title: expected "Quote", got ""',
    '    at Object.equal (widgets/testing/browser.ts:21:12)',
    '    at n4.<anonymous> (widgets/core/Example.browser.test.ts:3:63)',
    '✖ Example > waits in vain (widgets/core/Example.browser.test.ts)',
    '    Error: timed out waiting for #x',
    '    at waitFor (widgets/testing/browser.ts:146:8)',
  ]);
});

test("tsc's errors are kept whole, its other lines left out", () => {
  const output = "api/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n  more context\n";
  assert.deepEqual(tscFailures(output), ["api/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'."]);
});
