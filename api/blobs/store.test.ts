import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertBlobKey, BlobKeyError, blobKey } from './store.ts';
import { REFUSED_KEYS } from './testing.ts';

test('blobKey joins ids and names with "/"', () => {
  assert.equal(blobKey('policies', 123, 'documents', '456.pdf'), 'policies/123/documents/456.pdf');
  assert.equal(blobKey('policies/7', 'odometer', 'reading-2026-03-01_1.webp'), 'policies/7/odometer/reading-2026-03-01_1.webp');
});

test('a key outside the rule is a BlobKeyError that shows the key', () => {
  for (const key of REFUSED_KEYS) assert.throws(() => assertBlobKey(key), BlobKeyError, JSON.stringify(key));
  assert.throws(() => blobKey('policies', '..', 'a.pdf'), /not a blob key: "policies\/\.\.\/a\.pdf"/);
  assert.equal(assertBlobKey('a'.repeat(200)), 'a'.repeat(200));
});

test('a number in a key is an id: NaN, a negative or a fraction is refused rather than filed under "NaN"', () => {
  for (const id of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY]) {
    assert.throws(() => blobKey('policies', id, 'a.pdf'), /must be a non-negative integer id/);
  }
});
