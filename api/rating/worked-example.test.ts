import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { workedExample } from './worked-example.ts';

describe('README worked example', () => {
  it('is what the engine computes today (run `node api/rating/worked-example.ts` and paste it when it changes)', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const block = /## Worked example[\s\S]*?```text\n([\s\S]*?)\n```/.exec(readme)?.[1];
    assert.equal(block, workedExample());
  });
});
