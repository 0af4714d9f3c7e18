/**
 * The guide frame's geometry (issue 24), without the DOM, so it is tested in node: the box the person places
 * over the odometer's digits on their photo, as fractions of the photo as shown (upright: the browser applies
 * the EXIF orientation to the preview), moved and resized by pointer or keyboard and always kept inside the
 * photo and no smaller than the contract's smallest side.
 */
import { ODOMETER_BOX_MIN_SIDE, type OdometerBox } from '../../../contract/api/onboarding.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

/** Where the frame starts: centred, 60% of the photo's width and 20% of its height (an odometer's digit row). */
export const DEFAULT_BOX: OdometerBox = { left: 0.2, top: 0.4, width: 0.6, height: 0.2 };

/** One key press moves or resizes the frame by this fraction of the photo's side. */
const KEY_STEP = 0.02;

/** A corner the frame is resized by. */
export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The box moved by (dx, dy), fractions of the photo, stopped at the photo's edges; its size unchanged. */
export function moveBox(box: OdometerBox, dx: number, dy: number): OdometerBox {
  return { ...box, left: clamp(box.left + dx, 0, 1 - box.width), top: clamp(box.top + dy, 0, 1 - box.height) };
}

/**
 * The box with one corner dragged by (dx, dy): the opposite corner stays where it is; the dragged one stops
 * at the photo's edges and short of the opposite corner by the smallest side.
 */
export function resizeBox(box: OdometerBox, corner: Corner, dx: number, dy: number): OdometerBox {
  let left = box.left;
  let top = box.top;
  let right = box.left + box.width;
  let bottom = box.top + box.height;
  if (corner === 'top-left' || corner === 'bottom-left') left = clamp(left + dx, 0, right - ODOMETER_BOX_MIN_SIDE);
  else right = clamp(right + dx, left + ODOMETER_BOX_MIN_SIDE, 1);
  if (corner === 'top-left' || corner === 'top-right') top = clamp(top + dy, 0, bottom - ODOMETER_BOX_MIN_SIDE);
  else bottom = clamp(bottom + dy, top + ODOMETER_BOX_MIN_SIDE, 1);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The box after a key press, or null for a key the frame does not take: an arrow moves it by KEY_STEP;
 * with Shift, an arrow resizes it from its bottom-right corner (right and down make it wider and taller,
 * left and up narrower and shorter).
 */
export function boxAfterKey(box: OdometerBox, key: string, shift: boolean): OdometerBox | null {
  const step = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] }[key];
  if (!step) return null;
  const [dx, dy] = step as [number, number];
  return shift ? resizeBox(box, 'bottom-right', dx, dy) : moveBox(box, dx, dy);
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** The frame's place in words, for those who cannot see it: 'Frame: left 20%, top 40%, width 60%, height 20%.' */
export function boxInWords(box: OdometerBox): string {
  return T.frameStatus(percent(box.left), percent(box.top), percent(box.width), percent(box.height));
}
