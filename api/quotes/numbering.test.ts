import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { policyNumber, check } from '../../contract/index.ts';
import { newQuoteNumber, QUOTE_NUMBER } from './numbering.ts';

describe('quote numbers', () => {
  test('PPMQ- and two groups of four, never I, L, O or U, and a valid policy number for the contract', () => {
    for (let i = 0; i < 2000; i += 1) {
      const number = newQuoteNumber();
      assert.match(number, QUOTE_NUMBER);
      assert.doesNotMatch(number.slice(5), /[ILOU]/);
      assert.ok(check(number, policyNumber).ok);
    }
  });

  test('drawn at random: 20,000 draws repeat nothing and use the whole alphabet evenly', () => {
    const numbers = Array.from({ length: 20_000 }, newQuoteNumber);
    assert.equal(new Set(numbers).size, numbers.length);
    const counts = new Map<string, number>();
    for (const ch of numbers.join('').replace(/PPMQ-|-/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    assert.equal(counts.size, 32);
    const expected = (20_000 * 8) / 32;
    for (const [ch, n] of counts) assert.ok(Math.abs(n - expected) < expected * 0.1, `${ch} drawn ${n} times`);
  });
});
