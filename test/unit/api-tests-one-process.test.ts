/**
 * The API test files share one process (test/run-all.ts runs them with --test-isolation=none). A
 * `beforeEach` or `afterEach` outside every describe block then belongs to the whole run, not to its file:
 * it would run around every test of every file. This test finds one in any API test file, so such a hook is
 * written inside the file's describe block; a second test proves the scanner finds them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EACH_HOOKS = new Set(['beforeEach', 'afterEach']);

/** `file:line hook` for each per-test hook called outside any function (a describe block's callback is one). */
export function hooksOfTheRun(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && EACH_HOOKS.has(node.expression.text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1} ${node.expression.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('no API test file has a beforeEach or afterEach outside its describe blocks', () => {
  const files = globSync('api/**/*.test.ts', { cwd: ROOT }).sort();
  assert.ok(files.length > 0, 'found no API test files');
  assert.deepEqual(files.flatMap((file) => hooksOfTheRun(file, readFileSync(resolve(ROOT, file), 'utf8'))), []);
});

test('the scanner finds per-test hooks at the top level and in top-level loops, not inside describe blocks', () => {
  const text = [
    "import { afterEach, beforeEach, before, describe, test } from 'node:test';",
    'beforeEach(() => {});',
    'for (const target of targets) {',
    '  afterEach(() => {});',
    '  describe(target, () => {',
    '    beforeEach(() => {});',
    '  });',
    '}',
    'before(() => {});',
    "describe('a block', function () { afterEach(() => {}); });",
    "test('a test', (t) => { t.beforeEach(() => {}); });",
  ].join('\n');
  assert.deepEqual(hooksOfTheRun('a.test.ts', text), ['a.test.ts:2 beforeEach', 'a.test.ts:4 afterEach']);
});
