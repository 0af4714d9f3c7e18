/**
 * Reads a row of seven-segment digits (an LCD or LED odometer) by which segments are lit.
 *
 * Tesseract's English model was trained on printed type and misreads these shapes: measured on our
 * generated displays it read a 7 as a 1 and dropped 4s and 2s, and the share it got right swung between 45
 * and 90 per cent with a pixel more or less of digit height. A seven-segment digit is fully told by seven
 * yes-or-no questions, so for a display that digit-row.ts found to be made of segments, each pass reads
 * its own image this way instead; the two passes still read two differently prepared images and must agree.
 *
 * The row is the clean one of digit-row.ts (black ink on white), levelled and stood upright (its slant
 * undone), so each digit's segments sit at fixed places in its box.
 */
import type { GreyImage } from './digit-row.ts';

/** Lit segments (a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle) to digit. */
const DIGITS_BY_SEGMENTS: Readonly<Record<string, string>> = {
  abcdef: '0', bc: '1', abdeg: '2', abcdg: '3', bcfg: '4', acdfg: '5', acdefg: '6', abc: '7', abcdefg: '8', abcdfg: '9',
  // Variants some displays use: a 6 without its top, a 7 with a hook, a 9 without its tail.
  cdefg: '6', abcf: '7', abcfg: '9',
};

interface Span {
  left: number;
  right: number;
}

/** Runs of columns holding ink, separated by at least one empty column, left to right. */
function columnSpans(row: GreyImage): Span[] {
  const spans: Span[] = [];
  let start = -1;
  for (let x = 0; x <= row.width; x += 1) {
    let inked = false;
    for (let y = 0; x < row.width && y < row.height && !inked; y += 1) inked = row.data[y * row.width + x]! < 128;
    if (inked && start < 0) start = x;
    if (!inked && start >= 0) {
      spans.push({ left: start, right: x });
      start = -1;
    }
  }
  return spans;
}

/**
 * The digits' spans: runs of inked columns closer than a tenth of the digit height belong to one digit (on
 * displays whose bars end square, a digit's top bar may stop short of its upright ones). Digits stand a
 * quarter of their height apart or more.
 */
function digitSpans(runs: readonly Span[], height: number): Span[] {
  const spans: Span[] = [];
  for (const run of runs) {
    const last = spans.at(-1);
    if (last !== undefined && run.left - last.right < height * 0.1) last.right = run.right;
    else spans.push({ ...run });
  }
  return spans;
}

/** The first and last rows holding ink (exclusive end), or null for an empty image. */
function inkedRows(row: GreyImage): { top: number; bottom: number } | null {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < row.height; y += 1) {
    for (let x = 0; x < row.width; x += 1) {
      if (row.data[y * row.width + x]! < 128) {
        if (top < 0) top = y;
        bottom = y + 1;
        break;
      }
    }
  }
  return top < 0 ? null : { top, bottom };
}

/** Share of inked pixels on a straight scan from (x0, y0) to (x1, y1). */
function inkAlong(row: GreyImage, x0: number, y0: number, x1: number, y1: number): number {
  const steps = Math.max(1, Math.round(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  let inked = 0;
  for (let step = 0; step <= steps; step += 1) {
    const x = Math.round(x0 + ((x1 - x0) * step) / steps);
    const y = Math.round(y0 + ((y1 - y0) * step) / steps);
    if (x >= 0 && y >= 0 && x < row.width && y < row.height && row.data[y * row.width + x]! < 128) inked += 1;
  }
  return inked / (steps + 1);
}

/** A scan crosses a lit segment's stroke: a tenth of it inked is plenty, an unlit one has none. */
const LIT = 0.1;

/**
 * One digit from its box: horizontal segments are crossed by a vertical scan through the middle of their
 * band, upright ones by a horizontal scan at a quarter and three quarters of the height.
 */
function readDigit(row: GreyImage, span: Span, top: number, bottom: number): string | null {
  const width = span.right - span.left;
  const height = bottom - top;
  // A 1 lights only the two right-hand segments: its box is a single stroke wide.
  if (width < height * 0.3) return '1';
  const x = (fraction: number) => span.left + width * fraction;
  const y = (fraction: number) => top + height * fraction;
  const lit = {
    a: inkAlong(row, x(0.5), y(0), x(0.5), y(0.22)),
    g: inkAlong(row, x(0.5), y(0.36), x(0.5), y(0.64)),
    d: inkAlong(row, x(0.5), y(0.78), x(0.5), y(1)),
    f: inkAlong(row, x(0), y(0.27), x(0.4), y(0.27)),
    b: inkAlong(row, x(0.6), y(0.27), x(1), y(0.27)),
    e: inkAlong(row, x(0), y(0.73), x(0.4), y(0.73)),
    c: inkAlong(row, x(0.6), y(0.73), x(1), y(0.73)),
  };
  const pattern = Object.entries(lit)
    .filter(([, share]) => share >= LIT)
    .map(([segment]) => segment)
    .sort()
    .join('');
  return DIGITS_BY_SEGMENTS[pattern] ?? null;
}

/** The digits of a clean, upright row of seven-segment digits; null when a digit is not a known pattern. */
export function readSevenSegments(row: GreyImage): string | null {
  const rows = inkedRows(row);
  if (rows === null) return null;
  const height = rows.bottom - rows.top;
  // Specks narrower than a stroke are not digits (a decimal point, a flake of noise).
  const spans = digitSpans(columnSpans(row), height).filter((span) => span.right - span.left >= height * 0.08);
  const digits = spans.map((span) => readDigit(row, span, rows.top, rows.bottom));
  return digits.length > 0 && digits.every((digit) => digit !== null) ? digits.join('') : null;
}
