/**
 * The reader's own arithmetic, apart from the nets: the locator's patch and CTC's best path. What the nets
 * read is tested on drawn odometers (../ocr.test.ts) and measured on real photos (npm run bench).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestPath, largestPatch, steady } from './reader.ts';

test('largestPatch: the box of the largest marked patch, touching by sides only', () => {
  const size = 6;
  const marks = new Float32Array(size * size).fill(-1);
  const mark = (x: number, y: number) => (marks[y * size + x] = 2);
  // a patch of 2 at the top left, a patch of 4 lower right, and a cell that touches it by a corner only
  mark(0, 0);
  mark(1, 0);
  for (const [x, y] of [[2, 3], [3, 3], [4, 3], [4, 4]] as const) mark(x, y);
  mark(5, 5);
  assert.deepEqual(largestPatch(marks, size), [2, 3, 4, 4]);
  assert.equal(largestPatch(new Float32Array(size * size).fill(-3), size), null, 'nothing marked');
});

/** Logits for a sequence of classes, the chosen one at `lead` above the rest. */
function logits(classes: number[], lead: number): Float32Array {
  const out = new Float32Array(classes.length * 11);
  classes.forEach((k, t) => (out[t * 11 + k] = lead));
  return out;
}

test('bestPath: repeats merge, a blank between them keeps both, blanks drop', () => {
  // blank, 3, 3, blank, 3, 0, 0, blank  ->  "3 3 0" shifted by one (class k is digit k - 1)
  assert.equal(bestPath(logits([0, 4, 4, 0, 4, 1, 1, 0], 9), 8, 11).digits, '330');
  assert.deepEqual(bestPath(logits([0, 0, 0], 9), 3, 11), { digits: '', confidence: 0 });
});

test("bestPath: the confidence is the least sure digit's probability", () => {
  const sure = bestPath(logits([1, 0, 2], 12), 3, 11);
  assert.equal(sure.digits, '01');
  assert.ok(sure.confidence > 0.99);
  const unsure = logits([1, 0, 2], 12);
  unsure[2 * 11 + 3] = 11.5; // at the last digit, class 3 is nearly as likely as class 2
  const read = bestPath(unsure, 3, 11);
  assert.equal(read.digits, '01');
  assert.ok(read.confidence > 0.55 && read.confidence < 0.65, String(read.confidence));
});

test('steady: a reader sure of another number in the box widened to the left is not sure of its reading', () => {
  assert.equal(steady({ digits: '17234' }, { digits: '117234' }), null, 'a first digit the box cut off');
  assert.equal(steady({ digits: '17234' }, { digits: null }), '17234', 'nothing sure widened: no doubt');
  assert.equal(steady({ digits: '017234' }, { digits: '17234' }), '017234', 'the same number, leading zeros aside');
  assert.equal(steady({ digits: null }, { digits: '17234' }), null, 'no reading stays none');
});
