import { test } from 'node:test';
import assert from 'node:assert/strict';
import { secureRandomBytes } from './random.ts';

test('pooled random bytes: the length asked for, never the same bytes twice, across refills and past the pool', () => {
  const seen = new Set<string>();
  // 3,000 draws of 16 bytes cross the 4 KiB pool's refill eleven times
  for (let draw = 0; draw < 3000; draw += 1) {
    const bytes = secureRandomBytes(16);
    assert.equal(bytes.length, 16);
    seen.add(bytes.toString('hex'));
  }
  assert.equal(seen.size, 3000);
  const kept = secureRandomBytes(8);
  const copy = Buffer.from(kept);
  for (let draw = 0; draw < 600; draw += 1) secureRandomBytes(8);
  assert.deepEqual(kept, copy, 'a refill does not change bytes already handed out');
  assert.equal(secureRandomBytes(10_000).length, 10_000);
});
