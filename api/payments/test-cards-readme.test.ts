import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { currentReadme, README } from './test-cards-readme.ts';

test("README.md lists the test mode's cards as the contract's table has them (run: node api/payments/test-cards-readme.ts --write)", () => {
  const readme = readFileSync(README, 'utf8');
  assert.equal(readme, currentReadme(readme));
  for (const number of ['5555 5555 5555 4444', '3782 822463 10005', '4000 0027 6000 3184', '4000 0000 0000 9995']) {
    assert.ok(readme.includes(`| ${number} |`), number);
  }
});
