import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { deflate } from './remembered-deflate.ts';

describe('the PDF process deflate', () => {
  test('a large stream seen before is deflated once; one that differs by a byte is deflated for itself', () => {
    const font = randomBytes(30_000);
    const first = deflate(font);
    assert.deepEqual(inflateSync(first), font);
    assert.equal(deflate(Buffer.from(font)), first, 'the same bytes in another array: the stream already made');

    const other = Buffer.from(font);
    other[12_345] = (other[12_345]! + 1) % 256;
    const changed = deflate(other);
    assert.notEqual(changed, first);
    assert.deepEqual(inflateSync(changed), other);
  });

  test('a small stream is deflated each time: hashing it would cost more than deflating it', () => {
    const page = Buffer.from('BT /F1 12 Tf 72 720 Td (Insured Ada Lovelace) Tj ET');
    const first = deflate(page);
    assert.deepEqual(inflateSync(first), page);
    assert.notEqual(deflate(page), first);
  });
});
