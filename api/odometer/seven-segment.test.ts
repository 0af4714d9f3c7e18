import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GreyImage } from './digit-row.ts';
import { readSevenSegments } from './seven-segment.ts';

/** Where each segment's bar lies in a 20 by 36 cell (x, y, width, height), 4 pixels thick, gaps at the corners. */
const BARS: Record<string, [number, number, number, number]> = {
  a: [3, 0, 14, 4], g: [3, 16, 14, 4], d: [3, 32, 14, 4],
  f: [0, 3, 4, 14], b: [16, 3, 4, 14], e: [0, 19, 4, 14], c: [16, 19, 4, 14],
};

/** Bars ending square and short of each other: no column holds both an upright bar and the top bar. */
const SQUARE_BARS: Record<string, [number, number, number, number]> = {
  ...BARS, a: [5, 0, 10, 4], g: [5, 16, 10, 4], d: [5, 32, 10, 4],
};

/** A clean, upright row of seven-segment digits, black on white; each digit given by its lit segments. */
function segmentRow(digits: readonly string[], bars = BARS): GreyImage {
  const cell = 30;
  const width = digits.length * cell + 10;
  const height = 50;
  const data = new Uint8Array(width * height).fill(255);
  digits.forEach((segments, index) => {
    for (const segment of segments) {
      const [x, y, w, h] = bars[segment]!;
      // A 1 is drawn where its segments are, at the right of its cell, as on a display.
      for (let row = 0; row < h; row += 1) data.fill(0, (7 + y + row) * width + 5 + index * cell + x, (7 + y + row) * width + 5 + index * cell + x + w);
    }
  });
  return { width, height, data };
}

const STANDARD = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];

describe('seven-segment reader', () => {
  test('reads every digit by its lit segments', () => {
    assert.equal(readSevenSegments(segmentRow(STANDARD)), '0123456789');
  });

  test('bars that end square, short of each other, still make one digit each', () => {
    assert.equal(readSevenSegments(segmentRow(STANDARD, SQUARE_BARS)), '0123456789');
  });

  test('the variants some displays use: a 6 without its top, a 7 with a hook, a 9 without its tail', () => {
    assert.equal(readSevenSegments(segmentRow(['cdefg', 'abcf', 'abcfg'])), '679');
  });

  test('a lit pattern that is no digit makes the whole reading unknown, not a guess', () => {
    assert.equal(readSevenSegments(segmentRow(['abcdef', 'adg', 'bc'])), null);
  });

  test('an empty row reads as nothing', () => {
    assert.equal(readSevenSegments({ width: 10, height: 10, data: new Uint8Array(100).fill(255) }), null);
  });
});
