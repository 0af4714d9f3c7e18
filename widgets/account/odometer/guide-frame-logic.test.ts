import { test } from 'node:test';
import assert from 'node:assert/strict';
import { odometerBoxText, parseOdometerBox } from '../../../contract/api/onboarding.ts';
import { boxAfterKey, boxInWords, DEFAULT_BOX, moveBox, resizeBox } from './guide-frame-logic.ts';
import { photoForm } from './odometer-logic.ts';

const round = (box: { left: number; top: number; width: number; height: number }) =>
  Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value * 1000) / 1000]));

test('the frame starts centred, 60% wide and 20% tall, and says so', () => {
  assert.deepEqual(DEFAULT_BOX, { left: 0.2, top: 0.4, width: 0.6, height: 0.2 });
  assert.equal(boxInWords(DEFAULT_BOX), 'Frame: left 20%, top 40%, width 60%, height 20%.');
});

test('moved, it stops at the photo’s edges; resized by a corner, the opposite corner stays and it keeps the smallest side', () => {
  assert.deepEqual(round(moveBox(DEFAULT_BOX, -0.5, 0.5)), { left: 0, top: 0.8, width: 0.6, height: 0.2 });
  assert.deepEqual(round(resizeBox(DEFAULT_BOX, 'top-left', -0.1, -0.1)), { left: 0.1, top: 0.3, width: 0.7, height: 0.3 });
  assert.deepEqual(round(resizeBox(DEFAULT_BOX, 'bottom-right', 1, 1)), { left: 0.2, top: 0.4, width: 0.8, height: 0.6 });
  assert.deepEqual(round(resizeBox(DEFAULT_BOX, 'top-right', -1, 1)), { left: 0.2, top: 0.58, width: 0.02, height: 0.02 });
});

test('keys: arrows move by 2%, Shift and an arrow resize; other keys are not the frame’s', () => {
  assert.deepEqual(round(boxAfterKey(DEFAULT_BOX, 'ArrowRight', false)!), { left: 0.22, top: 0.4, width: 0.6, height: 0.2 });
  assert.deepEqual(round(boxAfterKey(DEFAULT_BOX, 'ArrowUp', true)!), { left: 0.2, top: 0.4, width: 0.6, height: 0.18 });
  assert.equal(boxAfterKey(DEFAULT_BOX, 'Enter', false), null);
});

test("the box's field: four fractions, read back by the contract's rule; a box outside the photo or too small is none", () => {
  assert.equal(odometerBoxText({ left: 1 / 3, top: 0.4, width: 0.6, height: 0.2 }), '0.3333,0.4,0.6,0.2');
  assert.deepEqual(parseOdometerBox('0.3333,0.4,0.6,0.2'), { left: 0.3333, top: 0.4, width: 0.6, height: 0.2 });
  for (const bad of ['0.5,0.4,0.6,0.2', '0.2,0.4,0.01,0.2', '1e-1,0.4,0.6,0.2', '0.2,0.4,0.6', '0.2,0.4,0.6,0.2,0.1', '', '-0,0,1,1']) {
    assert.equal(parseOdometerBox(bad), null, bad);
  }
  assert.deepEqual(parseOdometerBox('0,0,1,1'), { left: 0, top: 0, width: 1, height: 1 });
});

test('the form: the box and the suggested attempt go only when there is one', () => {
  const file = new File(['x'], 'o.jpg', { type: 'image/jpeg' });
  assert.deepEqual([...photoForm('t', 1, '123', file).keys()], ['token', 'carNumber', 'reading', 'photo']);
  const form = photoForm('t', 1, '123', file, { box: DEFAULT_BOX, afterSuggestion: 12 });
  assert.equal(form.get('box'), '0.2,0.4,0.6,0.2');
  assert.equal(form.get('afterSuggestion'), '12');
});
