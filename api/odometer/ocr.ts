/**
 * Reads the odometer in a photo twice, on two differently prepared images (issue 8, item 4). Two passes
 * that must agree are the anchor of State Farm's patent US 10,534,968: a reading both passes give is far
 * less likely to be a misread than either alone (verdict.ts compares them).
 *
 * - pass 1: the photo at 1000 px, its contrast stretched over the whole photo;
 * - pass 2: the photo at 760 px, its contrast equalised region by region (CLAHE, against uneven light) and
 *   a median filter against noise; its row is read at a larger size.
 * Each pass thresholds its image (Otsu), finds the row of digits, light on dark or dark on light, and
 * redraws it clean and level (digit-row.ts). Printed digits (drums, most displays) are then read by
 * tesseract.js; seven-segment digits, which its English model misreads, by their lit segments
 * (seven-segment.ts).
 *
 * This runs in a process of its own in the server (./ocr-process.ts): the pixel work is JavaScript, 100 to
 * 170 ms of one thread a photo. Tesseract runs in one worker thread of that process, started at the first
 * photo and kept (loading the model takes about a second, reading a row tens of milliseconds); `closeOcr()`
 * ends it when the process ends and after tests. The
 * English model comes from the @tesseract.js-data/eng package in node_modules, never from a CDN, and
 * nothing is cached to disk. Only digits are allowed, and the page is one line.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Sharp } from 'sharp';
import sharp from '../sharp.ts';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { betterRow, findRowInMask, otsuThreshold, slantOf, thresholdMask, type DigitRow, type GreyImage } from './digit-row.ts';
import { readSevenSegments } from './seven-segment.ts';

/**
 * The integer-quantised 'best' LSTM model (3 MB): the one tesseract.js itself picks for LSTM-only work,
 * smaller and faster than the folder with the legacy engine's data, which we do not use.
 */
const ENGLISH_MODEL_DIR = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** What one pass read: digits (leading zeros kept), or null when it found no plausible reading. */
interface PassReading {
  digits: string | null;
  /** Tesseract's confidence, 0 to 100 (0 when nothing was read). */
  confidence: number;
}

export interface OcrReadings {
  first: string | null;
  second: string | null;
  confidence: { first: number; second: number };
}

/** Odometers show at most seven digits (the contract's odometerReading rule); more is a misread. */
const MAX_DIGITS = 7;

let started: Promise<Worker> | null = null;

async function startWorker(): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: ENGLISH_MODEL_DIR,
    gzip: true,
    cacheMethod: 'none',
  });
  await worker.setParameters({
    tessedit_char_whitelist: '0123456789',
    tessedit_pageseg_mode: PSM.SINGLE_LINE,
    // The rows we draw carry no resolution; without one tesseract guesses and warns on stderr.
    user_defined_dpi: '300',
  });
  return worker;
}

/** The shared worker, started on first use; a failed start is forgotten so the next photo tries again. */
function ocrWorker(): Promise<Worker> {
  started ??= startWorker().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** Ends the worker thread (server shutdown, end of tests); the next reading starts a new one. */
export async function closeOcr(): Promise<void> {
  const running = started;
  started = null;
  if (running) await (await running).terminate();
}

/** One byte a pixel: sharp turns a one-channel input into three channels on some operations unless told. */
async function greyPixels(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

interface Pass {
  /** The longer side of the working image, in pixels. */
  side: number;
  /** What the pass does to the greyscale photo before the threshold. */
  prepare: (image: Sharp) => Sharp;
  /** How tall tesseract gets to see a digit, in pixels. */
  digitHeight: number;
}

/**
 * The two passes differ in scale, in how contrast is made (stretched over the whole photo, or equalised
 * region by region against uneven light, with a median filter against noise) and in the size tesseract
 * reads at, so one flaw of a photo rarely fools both the same way.
 */
const PASSES: readonly [Pass, Pass] = [
  { side: 1000, prepare: (image) => image.normalise(), digitHeight: 40 },
  { side: 760, prepare: (image) => image.clahe({ width: 64, height: 64, maxSlope: 3 }).median(3), digitHeight: 56 },
];

/**
 * A pass's row of digits, or null: Otsu's threshold on the prepared photo, then the better row of light
 * ink and of dark ink.
 */
async function rowOf(photo: Uint8Array, pass: Pass): Promise<DigitRow | null> {
  const grey = await greyPixels(pass.prepare(sharp(photo).greyscale().resize({ width: pass.side, height: pass.side, fit: 'inside' })));
  const threshold = otsuThreshold(grey);
  const rowWithInk = (light: boolean) => findRowInMask(thresholdMask(grey, threshold, light), grey.width, grey.height);
  return betterRow(rowWithInk(true), rowWithInk(false));
}

const rawOf = (image: GreyImage) => ({ raw: { width: image.width, height: image.height, channels: 1 as const } });

/** A pass's row levelled (its slope undone), black on white. */
function levelledRow(row: DigitRow): Promise<GreyImage> {
  return greyPixels(sharp(row.image.data, rawOf(row.image)).rotate(-row.slopeDegrees, { background: '#ffffff' }));
}

/**
 * A levelled row of segment digits stood upright (its slant undone), so each segment sits at a fixed place
 * in its digit's box. Only for segments: a printed face is upright already, and undoing the diagonal of its
 * sevens would turn them into ones.
 */
async function uprightRow(levelled: GreyImage): Promise<GreyImage> {
  const shear = slantOf(levelled);
  if (shear === 0) return levelled;
  return greyPixels(sharp(levelled.data, rawOf(levelled)).affine([[1, shear], [0, 1]], { background: '#ffffff' }));
}

/** What a pass reads from: its row, and that row's clean image, level, and upright for segments. */
async function rowToRead(photo: Uint8Array, pass: Pass): Promise<{ row: DigitRow; image: GreyImage } | null> {
  const row = await rowOf(photo, pass);
  if (row === null) return null;
  const levelled = await levelledRow(row);
  return { row, image: row.segmented ? await uprightRow(levelled) : levelled };
}

/** The row scaled so a digit is `digitHeight` pixels, with a white margin: what tesseract reads best. */
async function tesseractInput(image: GreyImage, rowDigitHeight: number, digitHeight: number): Promise<Buffer> {
  const scale = digitHeight / rowDigitHeight;
  const margin = Math.round(digitHeight / 2);
  return sharp(image.data, rawOf(image))
    .resize({ width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

const plausible = (digits: string | null) => (digits !== null && digits.length >= 1 && digits.length <= MAX_DIGITS ? digits : null);

async function readPass(photo: Uint8Array, pass: Pass): Promise<PassReading> {
  const found = await rowToRead(photo, pass);
  if (found === null) return { digits: null, confidence: 0 };
  if (found.row.segmented) {
    const digits = plausible(readSevenSegments(found.image));
    // The segment reader has no graded confidence: every segment was either plainly lit or plainly not.
    return { digits, confidence: digits === null ? 0 : 100 };
  }
  const worker = await ocrWorker();
  const { data } = await worker.recognize(await tesseractInput(found.image, found.row.digitHeight, pass.digitHeight));
  const digits = plausible(data.text.replace(/\D/g, ''));
  return { digits, confidence: digits === null ? 0 : data.confidence };
}

/** Both passes over one photo (any format sharp reads; readOdometerPhoto gives it the normalised one). */
export async function readDigits(photo: Uint8Array): Promise<OcrReadings> {
  // Tesseract works one job at a time in its thread; the two passes' recognitions queue there.
  const [first, second] = await Promise.all(PASSES.map((pass) => readPass(photo, pass)));
  return { first: first!.digits, second: second!.digits, confidence: { first: first!.confidence, second: second!.confidence } };
}

/**
 * What each pass read from, as PNG (null where a pass found no row): the clean row of digits, for a person
 * comparing a doubtful reading with the photo, and for a failing test to leave behind.
 */
export async function ocrInputs(photo: Uint8Array): Promise<(Buffer | null)[]> {
  return Promise.all(
    PASSES.map(async (pass) => {
      const found = await rowToRead(photo, pass);
      return found && tesseractInput(found.image, found.row.digitHeight, pass.digitHeight);
    }),
  );
}
