/**
 * The odometer reader on real phone photos (issue 24, item 4): the val split of the public TRODO set
 * (scripts/odometer-reader/split.json), each photo read as the photo route reads it (readOdometerPhoto:
 * the same checks, the same readers in their own process), once whole and once framed as a person frames
 * it on the odometer page: the set's hand-drawn odometer box sent as the guide frame's box, which the
 * route crops with its own margin.
 *
 * The photos are not in the repository (their licence is not confirmed here; README, "The odometer
 * reader"): set TRODO_DIR to a folder holding trodo-v01/images, or put it at scripts/odometer-reader/trodo.
 * Without them the table says it is skipped. The test split stays unseen: only val photos are read.
 *
 * Counted as the verdict compares readings, as numbers (031560 is 31560):
 * - both right: both readers read the photo's mileage, so a typed reading equal to it is verified;
 * - wrong agreement: both readers read the same wrong number, the one outcome that could verify a wrong
 *   typed reading, or suggest one;
 * - A alone, B alone: each reader's own accuracy, to see which one holds the other back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { OdometerBox } from '../../contract/index.ts';
import { closeOcrProcess } from '../../api/odometer/ocr-process.ts';
import { readOdometerPhoto } from '../../api/odometer/read-photo.ts';
import { agreedReading } from '../../api/odometer/verdict.ts';

interface SplitPhoto {
  file: string;
  split: 'train' | 'val';
  reading: string;
  box: [number, number, number, number];
  odometer: [number, number, number, number];
  /** The photo's width and height in pixels. */
  size: [number, number];
}

const ROOT = new URL('../../', import.meta.url).pathname;
const SPLIT = join(ROOT, 'scripts/odometer-reader/split.json');
const photosDir = () => join(process.env.TRODO_DIR ?? join(ROOT, 'scripts/odometer-reader/trodo'), 'trodo-v01', 'images');

interface Tally {
  photos: number;
  bothRight: number;
  wrongAgreement: number;
  aRight: number;
  bRight: number;
  refused: number;
  ms: number[];
  wrong: string[];
}

const same = (a: string | null, b: string) => a !== null && Number.parseInt(a, 10) === Number.parseInt(b, 10);

/** The set's odometer box as the guide frame sends it: fractions of the upright photo. */
const frameOf = ({ odometer: [x0, y0, x1, y1], size: [width, height] }: SplitPhoto): OdometerBox => ({
  left: x0 / width, top: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height,
});

async function tally(photos: SplitPhoto[], frame: (photo: SplitPhoto) => OdometerBox | undefined): Promise<Tally> {
  const out: Tally = { photos: photos.length, bothRight: 0, wrongAgreement: 0, aRight: 0, bRight: 0, refused: 0, ms: [], wrong: [] };
  for (const photo of photos) {
    const bytes = new Uint8Array(readFileSync(join(photosDir(), photo.file)));
    const started = performance.now();
    const read = await readOdometerPhoto(bytes, frame(photo));
    out.ms.push(performance.now() - started);
    if (!read.ok) {
      out.refused += 1;
      continue;
    }
    if (same(read.readings.first, photo.reading)) out.aRight += 1;
    if (same(read.readings.second, photo.reading)) out.bRight += 1;
    const agreed = agreedReading(read.readings);
    if (same(agreed, photo.reading)) out.bothRight += 1;
    else if (agreed !== null) {
      out.wrongAgreement += 1;
      out.wrong.push(`${photo.file}: read ${agreed}, shows ${photo.reading}`);
    }
  }
  return out;
}

const share = (count: number, of: number) => `${((100 * count) / of).toFixed(1)}%`.padStart(7);

/** Prints the table (or why it is skipped); `--wrong` lists each wrong agreement. */
export async function odometerReaderTable(): Promise<void> {
  if (!existsSync(photosDir())) {
    console.log(`\nodometer reader on TRODO val photos: skipped (no photos at ${photosDir()}; set TRODO_DIR, README "The odometer reader")`);
    return;
  }
  const limit = Number(process.env.BENCH_ODOMETER_PHOTOS ?? Infinity);
  const val = (JSON.parse(readFileSync(SPLIT, 'utf8')) as SplitPhoto[]).filter((photo) => photo.split === 'val').slice(0, limit);
  try {
    const rows: [string, Tally][] = [
      ['whole photos', await tally(val, () => undefined)],
      ['framed to the odometer', await tally(val, frameOf)],
    ];
    console.log(`\nodometer reader on ${val.length} TRODO val photos (scripts/odometer-reader/split.json), as the photo route reads them\n`);
    console.log('photos                      both right  wrong agreement  A right  B right  refused  mean ms  p95 ms');
    for (const [name, t] of rows) {
      const sorted = [...t.ms].sort((a, b) => a - b);
      const mean = t.ms.reduce((a, b) => a + b, 0) / t.ms.length;
      console.log(
        `${name.padEnd(26)} ${share(t.bothRight, t.photos)}  ${share(t.wrongAgreement, t.photos).padStart(15)}  ${share(t.aRight, t.photos)}  ${share(t.bRight, t.photos)}  ${String(t.refused).padStart(7)}  ${mean.toFixed(0).padStart(7)}  ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0).padStart(6)}`,
      );
    }
    if (process.argv.includes('--wrong')) for (const [name, t] of rows) for (const line of t.wrong) console.log(`  ${name}: ${line}`);
  } finally {
    await closeOcrProcess();
  }
}

if (import.meta.main) await odometerReaderTable();
