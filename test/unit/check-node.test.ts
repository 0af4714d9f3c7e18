import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { isTooOld, MINIMUM, MINIMUM_24 } = require('../../scripts/check-node.cjs') as {
  isTooOld: (version: string) => boolean;
  MINIMUM: number[];
  MINIMUM_24: number[];
};

test('the version check refuses every Node without type stripping on by default or without import.meta.main, and only those', () => {
  for (const old of ['18.20.4', '20.20.2', '22.12.0', '22.17.1', '23.5.0', '23.11.1', '24.0.0', '24.1.0']) assert.equal(isTooOld(old), true, old);
  for (const fine of ['22.18.0', '22.21.1', '24.2.0', '24.21.0', '25.1.0']) assert.equal(isTooOld(fine), false, fine);
});

test('the minimum the check enforces is the one package.json states', () => {
  const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
  assert.equal(engines, `^${MINIMUM.join('.')} || >=${MINIMUM_24.join('.')}`);
});

test('run as a script on this Node, it passes silently', () => {
  const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' });
  assert.equal(run.status, 0);
  assert.equal(run.stderr, '');
});
