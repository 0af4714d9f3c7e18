/**
 * Reads an odometer's mileage from a photo with three small networks trained on real phone photos of
 * dashboards (issue 24; the public TRODO set, scripts/odometer-reader/train.py), run on the CPU by
 * onnxruntime-node:
 *
 * 1. the locator marks where the mileage's digits are, first in the whole photo (or the frame the person
 *    drew), then twice again, each time in a closer crop around what it found, for a tight box;
 * 2. reader A (grey 32 x 128, convolutions and a GRU) and reader B (colour 40 x 160, convolutions of other
 *    widths and an LSTM) each read the digits in that box on their own;
 * 3. where they do not agree, they look again at the box a little taller (the locator's box is most often
 *    off in height), and the look where they agree stands;
 * 4. each reader also reads the box widened by about a digit to the left: a reader sure of another number
 *    there is not sure of its reading (see `steady`).
 *
 * On the 130 checked val photos, framed: both readers right 86.9% with the first look alone, 88.5% with the
 * second, 82.3% with the check; both agreeing on a wrong number 3.1%, 4.6%, then 1.5% (README, "The
 * odometer reader"; the look and the check were chosen there, among a dozen variants, so the held-out
 * photos will say more).
 *
 * Two readers of different make must agree before a reading counts (./verdict.ts): one net's blind spot is
 * not confirmed by itself. Each gives its digits only when it is sure of every one of them: a digit read
 * below MIN_CONFIDENCE, or a count of digits no odometer shows, is no reading at all.
 *
 * Every crop and resize is made here as the training script made it (a linear filter, black beyond the
 * photo's edges, a letterbox for the locator), so the nets see what they learnt from.
 */
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from '../../sharp.ts';

/** The input sizes and margins train.py uses (its LOCATOR_SIZE, READER_A, READER_B, MARGIN_X, MARGIN_Y). */
const LOCATOR_SIZE = 256;
const LOCATOR_STRIDE = 4;
const READER_A = { height: 32, width: 128, colour: false } as const;
const READER_B = { height: 40, width: 160, colour: true } as const;
const MARGIN_X = 0.08;
const MARGIN_Y = 0.25;
/** The photo is read at most this large (train.py's `load`): more pixels only cost time. */
const LONGEST_SIDE = 1280;

/** Odometers show four to seven whole digits (the contract allows up to seven); anything else is a misread. */
const MIN_DIGITS = 4;
const MAX_DIGITS = 7;
/**
 * A reader's least sure digit must be at least this likely (the chosen class's probability at the step it
 * was read). Chosen on the val split, framed, with the second look and the check below: both readers right
 * in 80.8%, 82.3% and 83.8% of photos at 0.4, 0.5 and 0.6, agreeing on a wrong number in 1.5%, 1.5% and
 * 2.3%; at 0.6 the check, which counts sure readings only, vetoes less.
 */
const MIN_CONFIDENCE = 0.5;

export interface DigitReadings {
  /** Reader A's digits (leading zeros kept), or null when it is not sure of a reading. */
  first: string | null;
  /** Reader B's. */
  second: string | null;
  /** Each reader's least sure digit, 0 to 1 (0 when it read nothing). */
  confidence: { first: number; second: number };
  /** The digits found reach the image's edge: a frame drawn across them may have cut some off. */
  atEdge: boolean;
}

/** An RGB image in memory, row by row, 3 bytes a pixel. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/** A box in pixels of the photo as read: left, top, right, bottom. */
type Box = [number, number, number, number];

const model = (name: string) => fileURLToPath(new URL(`./${name}.onnx`, import.meta.url));

interface Nets {
  locator: ort.InferenceSession;
  readerA: ort.InferenceSession;
  readerB: ort.InferenceSession;
}

let loading: Promise<Nets> | null = null;

/** The three nets, loaded at the first photo and kept (a few MB; loading takes tens of milliseconds). */
function nets(): Promise<Nets> {
  // one thread each: the reader runs in a process of its own, niced below the server (../ocr-process.ts)
  const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ['cpu'] };
  loading ??= Promise.all(['locator', 'reader-a', 'reader-b'].map((name) => ort.InferenceSession.create(model(name), options))).then(
    ([locator, readerA, readerB]) => ({ locator: locator!, readerA: readerA!, readerB: readerB! }),
  );
  return loading;
}

/** Frees the nets (end of the reader's process, end of tests); the next photo loads them again. */
export async function closeReader(): Promise<void> {
  const loaded = loading;
  loading = null;
  if (loaded) await Promise.all(Object.values(await loaded).map((session: ort.InferenceSession) => session.release()));
}

/** The part of `pixels` inside `box` (rounded as PIL rounds a crop), black where it reaches past the edges. */
async function crop(pixels: Pixels, box: Box): Promise<Pixels> {
  const [x0, y0, x1, y1] = box.map(Math.round) as Box;
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const left = Math.max(0, x0);
  const top = Math.max(0, y0);
  const right = Math.min(pixels.width, x0 + width);
  const bottom = Math.min(pixels.height, y0 + height);
  if (right <= left || bottom <= top) return { data: Buffer.alloc(width * height * 3), width, height };
  const inside = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .extend({ left: left - x0, top: top - y0, right: x0 + width - right, bottom: y0 + height - bottom, background: { r: 0, g: 0, b: 0 } });
  const { data, info } = await inside.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function resized(pixels: Pixels, width: number, height: number): Promise<Buffer> {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** Channels first, 0 to 1; grey as train.py weighs it (0.299 R + 0.587 G + 0.114 B). */
function tensorOf(rgb: Buffer, width: number, height: number, colour: boolean): ort.Tensor {
  const plane = width * height;
  const out = new Float32Array(colour ? plane * 3 : plane);
  for (let i = 0; i < plane; i += 1) {
    const r = rgb[i * 3]! / 255;
    const g = rgb[i * 3 + 1]! / 255;
    const b = rgb[i * 3 + 2]! / 255;
    if (colour) {
      out[i] = r;
      out[plane + i] = g;
      out[2 * plane + i] = b;
    } else out[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  return new ort.Tensor('float32', out, [1, colour ? 3 : 1, height, width]);
}

/**
 * Where the locator finds the mileage in `region` of the photo: the bounding box of the largest patch it
 * marks, in the photo's pixels, or null when it marks nothing.
 */
async function locate(session: ort.InferenceSession, pixels: Pixels, region: Box): Promise<Box | null> {
  const part = await crop(pixels, region);
  const scale = LOCATOR_SIZE / Math.max(part.width, part.height);
  const width = Math.max(1, Math.round(part.width * scale));
  const height = Math.max(1, Math.round(part.height * scale));
  const offsetX = Math.floor((LOCATOR_SIZE - width) / 2);
  const offsetY = Math.floor((LOCATOR_SIZE - height) / 2);
  const letterboxed = await sharp(await resized(part, width, height), { raw: { width, height, channels: 3 } })
    .extend({ left: offsetX, top: offsetY, right: LOCATOR_SIZE - width - offsetX, bottom: LOCATOR_SIZE - height - offsetY, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  const output = await session.run({ image: tensorOf(letterboxed, LOCATOR_SIZE, LOCATOR_SIZE, true) });
  const marks = output.mask!.data as Float32Array;
  const cells = LOCATOR_SIZE / LOCATOR_STRIDE;
  const patch = largestPatch(marks, cells);
  if (!patch) return null;
  const toPhoto = (cell: number, offset: number, origin: number) => (cell * LOCATOR_STRIDE - offset) / scale + origin;
  return [
    toPhoto(patch[0], offsetX, region[0]),
    toPhoto(patch[1], offsetY, region[1]),
    toPhoto(patch[2] + 1, offsetX, region[0]),
    toPhoto(patch[3] + 1, offsetY, region[1]),
  ];
}

/** The cells' box (first and last column, first and last row) of the largest 4-connected patch marked (logit > 0). */
export function largestPatch(logits: ArrayLike<number>, size: number): Box | null {
  const seen = new Uint8Array(size * size);
  let best: { area: number; box: Box } | null = null;
  for (let start = 0; start < size * size; start += 1) {
    if (seen[start] || !(logits[start]! > 0)) continue;
    const stack = [start];
    seen[start] = 1;
    let area = 0;
    const box: Box = [size, size, -1, -1];
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const x = cell % size;
      const y = (cell - x) / size;
      area += 1;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
      for (const next of [x > 0 ? cell - 1 : -1, x < size - 1 ? cell + 1 : -1, y > 0 ? cell - size : -1, y < size - 1 ? cell + size : -1]) {
        if (next >= 0 && !seen[next] && logits[next]! > 0) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (!best || area > best.area) best = { area, box };
  }
  return best?.box ?? null;
}

/** CTC's best path: the likeliest class at each step, repeats merged, blanks (class 0) dropped; and the least sure digit's probability. */
export function bestPath(logits: Float32Array, steps: number, classes: number): { digits: string; confidence: number } {
  let digits = '';
  let confidence = 1;
  let previous = 0;
  for (let t = 0; t < steps; t += 1) {
    const row = logits.subarray(t * classes, (t + 1) * classes);
    let best = 0;
    for (let k = 1; k < classes; k += 1) if (row[k]! > row[best]!) best = k;
    if (best !== 0 && best !== previous) {
      let sum = 0;
      for (let k = 0; k < classes; k += 1) sum += Math.exp(row[k]! - row[best]!);
      confidence = Math.min(confidence, 1 / sum);
      digits += String(best - 1);
    }
    previous = best;
  }
  return { digits, confidence: digits === '' ? 0 : confidence };
}

async function readRow(session: ort.InferenceSession, pixels: Pixels, box: Box, input: typeof READER_A | typeof READER_B) {
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  const part = await crop(pixels, [box[0] - MARGIN_X * width, box[1] - MARGIN_Y * height, box[2] + MARGIN_X * width, box[3] + MARGIN_Y * height]);
  const output = await session.run({ image: tensorOf(await resized(part, input.width, input.height), input.width, input.height, input.colour) });
  const logits = output.logits!;
  const read = bestPath(logits.data as Float32Array, logits.dims[1]!, logits.dims[2]!);
  const plausible = read.digits.length >= MIN_DIGITS && read.digits.length <= MAX_DIGITS && read.confidence >= MIN_CONFIDENCE;
  return { digits: plausible ? read.digits : null, confidence: read.confidence };
}

/**
 * The second look, where the first finds no agreement: the box taller by 15% of its height at the top and
 * at the bottom.
 * The locator's box is most often off in height, cutting the digits' tops or bottoms.
 */
const SECOND_LOOK = 0.15;

/**
 * How far the box is widened to the left for the check below, as a share of its height: about one digit.
 * The wrong reading both readers agreed on most often was a row whose first digit the box cut off (17234
 * for 117234); widened, a reader sees it.
 */
const WIDER_LEFT = 0.7;

/**
 * A reader's digits, kept only when it reads nothing sure in the box widened to the left, or the same
 * number: sure of another number there (a first digit the box cut off, most often), it is sure of neither.
 */
export function steady(read: { digits: string | null }, widened: { digits: string | null }): string | null {
  if (read.digits === null || widened.digits === null) return read.digits;
  return Number.parseInt(widened.digits, 10) === Number.parseInt(read.digits, 10) ? read.digits : null;
}

/** Looks after the first, each at a crop around the last find: the second and third halve the misplaced boxes (val: 98 then 117 of 136 photos within IoU 0.5 of the digits' box), a fourth adds nothing. */
const CLOSER_LOOKS = 2;

/**
 * The locator marks every cell its box touches, so what it finds is larger than the digits: by 6% of its
 * width at each side, 13% of its height at the top and 17% at the bottom (the medians on 200 train photos).
 * Taken off, the readers see the margins they learnt from.
 */
function tightened([x0, y0, x1, y1]: Box): Box {
  const width = x1 - x0;
  const height = y1 - y0;
  return [x0 + 0.06 * width, y0 + 0.13 * height, x1 - 0.06 * width, y1 - 0.17 * height];
}

/** The closer look: a crop around the last find, about as much larger than it as the locator learnt from. */
function closer([x0, y0, x1, y1]: Box): Box {
  const side = Math.max(x1 - x0, 3 * (y1 - y0)) * 1.8;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return [cx - side * 0.525, cy - side * 0.4, cx + side * 0.525, cy + side * 0.4];
}

/** Digits found closer than this share of the image's shorter side to its edge are taken as reaching it. */
const EDGE = 0.02;

/** Decodes an upright photo (EXIF orientation applied already) at most LONGEST_SIDE pixels on its longer side. */
async function decode(photo: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(photo, { failOn: 'none' })
    .resize(LONGEST_SIDE, LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Both readers' digits in the photo, each null where that reader is not sure of a reading. */
export async function readOdometerDigits(photo: Uint8Array): Promise<DigitReadings & { box: Box | null }> {
  const { locator, readerA, readerB } = await nets();
  const pixels = await decode(photo);
  let found = await locate(locator, pixels, [0, 0, pixels.width, pixels.height]);
  for (let look = 0; found && look < CLOSER_LOOKS; look += 1) found = (await locate(locator, pixels, closer(found))) ?? found;
  if (!found) return { first: null, second: null, confidence: { first: 0, second: 0 }, atEdge: false, box: null };
  const box = tightened(found);
  const height = box[3] - box[1];
  const widened: Box = [box[0] - WIDER_LEFT * height, box[1], box[2], box[3]];
  const [wideA, wideB] = [await readRow(readerA, pixels, widened, READER_A), await readRow(readerB, pixels, widened, READER_B)];
  const readAt = async (look: Box) => {
    const [a, b] = [await readRow(readerA, pixels, look, READER_A), await readRow(readerB, pixels, look, READER_B)];
    return { first: steady(a, wideA), second: steady(b, wideB), confidence: { first: a.confidence, second: b.confidence }, box: look };
  };
  const agree = ({ first, second }: Pick<DigitReadings, 'first' | 'second'>) => first !== null && second !== null && Number.parseInt(first, 10) === Number.parseInt(second, 10);
  let read = await readAt(box);
  if (!agree(read)) {
    // the taller look stands only where the readers agree on it: else what each read where the locator pointed
    const taller = await readAt([box[0], box[1] - SECOND_LOOK * height, box[2], box[3] + SECOND_LOOK * height]);
    if (agree(taller)) read = taller;
  }
  const edge = EDGE * Math.min(pixels.width, pixels.height);
  const atEdge = box[0] < edge || box[1] < edge || box[2] > pixels.width - edge || box[3] > pixels.height - edge;
  return { ...read, atEdge };
}
