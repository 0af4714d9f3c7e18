/** widgets/README.md is generated from the elements' header comments; a stale copy fails here. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentReadme, parseHeader } from '../../widgets/elements-readme.ts';

test('widgets/README.md matches the header comments (run: node widgets/elements-readme.ts --write)', () => {
  const committed = readFileSync(join(import.meta.dirname, '..', '..', 'widgets', 'README.md'), 'utf8');
  assert.equal(committed, currentReadme());
});

test('a header comment is read into its sections, continuation lines joined', () => {
  const doc = parseHeader(
    'ppm-x',
    `/**\n * <ppm-x>: a test element.\n *\n * Attributes:\n *   api-base  - where the API is\n *               (continued)\n * Parts:\n *   base, field\n */`,
  );
  assert.equal(doc.summary, '<ppm-x>: a test element.');
  assert.deepEqual(doc.sections.Attributes, ['api-base  - where the API is (continued)']);
  assert.deepEqual(doc.sections.Parts, ['base, field']);
});

test('an element without a header comment is refused with a message naming it', () => {
  assert.throws(() => parseHeader('ppm-y', 'export {};'), /ppm-y: the registration file has no header comment/);
});
