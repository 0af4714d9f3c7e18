import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { betterRow, dilate, findRowInMask, labelComponents, otsuThreshold, slantOf, type GreyImage } from './digit-row.ts';

/** A binary mask with filled rectangles (x, y, width, height). */
function mask(width: number, height: number, boxes: readonly (readonly [number, number, number, number])[]): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (const [x, y, w, h] of boxes) for (let row = y; row < y + h; row += 1) ink.fill(1, row * width + x, row * width + x + w);
  return ink;
}

/** A ring digit (like a 0): the outline of a `w` by `h` box, `stroke` thick. */
const ring = (x: number, y: number, w: number, h: number, stroke = 3): [number, number, number, number][] => [
  [x, y, w, stroke], [x, y + h - stroke, w, stroke], [x, y, stroke, h], [x + w - stroke, y, stroke, h],
];

/** The same digit broken into four bars with `gap` pixels at the corners, as a seven-segment 0 is. */
const brokenRing = (x: number, y: number, w: number, h: number, stroke: number, gap: number): [number, number, number, number][] => [
  [x + stroke + gap, y, w - 2 * (stroke + gap), stroke], [x + stroke + gap, y + h - stroke, w - 2 * (stroke + gap), stroke],
  [x, y + stroke + gap, stroke, h - 2 * (stroke + gap)], [x + w - stroke, y + stroke + gap, stroke, h - 2 * (stroke + gap)],
];

describe('digit row pixel work', () => {
  test("Otsu's threshold falls between the two grey levels of a two-tone image", () => {
    const data = new Uint8Array(1000).map((_, index) => (index % 3 === 0 ? 40 : 200));
    const threshold = otsuThreshold({ width: 100, height: 10, data });
    assert.ok(threshold >= 40 && threshold < 200, String(threshold));
  });

  test('components join diagonally (8-connected) and keep their boxes and areas', () => {
    const ink = mask(10, 6, [[0, 0, 2, 2], [2, 2, 1, 1], [6, 0, 3, 5]]);
    const { components, labels } = labelComponents(ink, 10, 6);
    assert.deepEqual(
      components.map(({ left, top, right, bottom, area }) => ({ left, top, right, bottom, area })),
      [{ left: 0, top: 0, right: 3, bottom: 3, area: 5 }, { left: 6, top: 0, right: 9, bottom: 5, area: 15 }],
    );
    assert.equal(labels[0], labels[2 * 10 + 2]);
  });

  test('a U is one component, though its arms meet only at the bottom', () => {
    const { components } = labelComponents(mask(9, 9, [[0, 0, 2, 9], [7, 0, 2, 9], [0, 7, 9, 2]]), 9, 9);
    assert.equal(components.length, 1);
  });

  test('grouped through a dilation, strokes up to twice its radius apart are one component, measured on the strokes', () => {
    const bars = (gap: number) => mask(30, 10, [[2, 2, 8, 6], [10 + gap, 2, 8, 6]]);
    const near = bars(2);
    const grouped = labelComponents(dilate(near, 30, 10, 1), 30, 10, near);
    assert.deepEqual(
      grouped.components.map(({ left, top, right, bottom, area }) => ({ left, top, right, bottom, area })),
      [{ left: 2, top: 2, right: 20, bottom: 8, area: 96 }],
    );
    assert.equal(grouped.labels[2 * 30 + 10], 0, 'the gap is not ink');
    const far = bars(3);
    assert.equal(labelComponents(dilate(far, 30, 10, 1), 30, 10, far).components.length, 2);
  });

  test('the row is the digits, not the frame around them', () => {
    const width = 200;
    const height = 80;
    const digits = [0, 1, 2, 3, 4].flatMap((index) => ring(30 + index * 30, 20, 20, 34));
    const row = findRowInMask(mask(width, height, [...digits, ...ring(10, 8, 180, 60, 4)]), width, height);
    assert.ok(row);
    assert.equal(row.digits.length, 5);
    assert.equal(row.digitHeight, 34);
    assert.equal(row.segmented, false);
    assert.ok(Math.abs(row.slopeDegrees) < 0.01);
  });

  test('digits of separate segments are grouped, and the row is marked as a segment display', () => {
    // 400 pixels wide: grouping distances of 0, 1, 2, 2 and 4 pixels are tried.
    const width = 400;
    const height = 160;
    const row = findRowInMask(mask(width, height, [0, 1, 2, 3, 4].flatMap((index) => brokenRing(60 + index * 60, 40, 40, 68, 6, 2))), width, height);
    assert.ok(row);
    assert.equal(row.digits.length, 5);
    assert.equal(row.segmented, true);
  });

  test('of two rows seen either way round, the one inside the other is the text', () => {
    const width = 200;
    const height = 80;
    const digits = findRowInMask(mask(width, height, [0, 1, 2, 3, 4].flatMap((index) => ring(32 + index * 30, 24, 16, 26))), width, height);
    const windows = findRowInMask(mask(width, height, [0, 1, 2, 3, 4].flatMap((index) => ring(28 + index * 30, 18, 24, 38))), width, height);
    assert.ok(digits && windows);
    assert.equal(betterRow(windows, digits), digits);
    assert.equal(betterRow(digits, windows), digits);
    assert.equal(betterRow(null, digits), digits);
  });

  test('the slant of leaning strokes is the shear that stands them upright', () => {
    const width = 120;
    const height = 40;
    const data = new Uint8Array(width * height).fill(255);
    // Bars leaning forward: 0.2 pixels to the right for each pixel up.
    for (const start of [20, 50, 80]) {
      for (let y = 5; y < 35; y += 1) {
        const x = Math.round(start + (35 - y) * 0.2);
        data.fill(0, y * width + x, y * width + x + 3);
      }
    }
    const row: GreyImage = { width, height, data };
    assert.ok(Math.abs(slantOf(row) - 0.2) < 0.03, String(slantOf(row)));
  });
});
