/**
 * The odometer photo read end to end (issue 8, item 6; issue 24): drawn photos of both kinds of odometer go
 * through readOdometerPhoto (check, normalise, both readers in their process) and verdict.ts, as the route
 * does. The readers' process serves the whole file and is closed at the end. A misread leaves the photo in
 * a temporary folder, named in the failure. How the readers do on real photos is measured by npm run bench.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OdometerBox } from '../../contract/index.ts';
import { ODOMETER_MESSAGES } from './messages.ts';
import { closeOcrProcess } from './ocr-process.ts';
import { readOdometerPhoto, type OdometerPhotoReading } from './read-photo.ts';
import { odometerImage, odometerSamples, type DisplayStyle, type OdometerSample } from './testing/odometer-images.ts';
import { decideReading, type VerdictInput } from './verdict.ts';

after(closeOcrProcess);

const ISSUED = new Date('2026-03-01T09:00:00Z');
const NOW = new Date('2026-03-04T18:30:00Z');

async function read(bytes: Uint8Array, box?: OdometerBox): Promise<OdometerPhotoReading> {
  const reading = await readOdometerPhoto(bytes, box);
  assert.ok(reading.ok, `refused: ${reading.ok ? '' : reading.message}`);
  return reading;
}

/** The photo, written where a person can look at it (npm run read-odometer reads it again). */
function keepForInspection(folder: string, sample: OdometerSample, photo: Uint8Array): void {
  const name = `${sample.style}-${sample.reading}-${sample.dark ? 'dark' : 'light'}`;
  writeFileSync(join(folder, `${name}.${sample.format === 'png' ? 'png' : 'jpg'}`), photo);
}

const SEEDS: Record<DisplayStyle, number> = { drum: 1, segments: 2 };

describe('reading generated odometer photos', () => {
  for (const style of ['drum', 'segments'] as const) {
    test(`${style} odometers: at least 9 of 10 read by both readers`, async () => {
      const samples = odometerSamples(style, 10, SEEDS[style]);
      const misread: string[] = [];
      let folder: string | undefined;
      const times: number[] = [];
      for (const sample of samples) {
        const photo = await odometerImage(sample);
        const started = performance.now();
        const { readings } = await read(photo);
        times.push(performance.now() - started);
        if (readings.first !== sample.reading || readings.second !== sample.reading) {
          folder ??= mkdtempSync(join(tmpdir(), 'odometer-misread-'));
          keepForInspection(folder, sample, photo);
          misread.push(`${sample.label}: read ${readings.first} and ${readings.second}`);
        }
      }
      const correct = samples.length - misread.length;
      // The median leaves out the first photo's start of the readers' process.
      const median = times.sort((a, b) => a - b)[times.length >> 1]!;
      console.log(`${style}: ${correct} of ${samples.length} read correctly, median ${Math.round(median)} ms a photo (check, normalise, both readers)`);
      assert.ok(correct >= 9, `misread:\n${misread.join('\n')}\nphotos in ${folder}`);
    });
  }

  test('a phone photo stored sideways is read upright, through its EXIF orientation', async () => {
    const sample = odometerSamples('drum', 1, 5)[0]!;
    // The pixels turned a quarter left, with the tag that tells a viewer to turn them back.
    const sideways = await sharp(await odometerImage(sample)).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    const { readings } = await read(sideways);
    assert.deepEqual([readings.first, readings.second], [sample.reading, sample.reading]);
  });

  test('a frame drawn across the digits, cutting off their tops and the first one: the whole photo is read instead', async () => {
    const photo = await odometerImage({ reading: '023817', style: 'drum', dark: true, format: 'jpeg', seed: 11 });
    // the frame where the odometer page starts it: a band across the middle, narrower than the digits
    const framed = await read(photo, { left: 0.2, top: 0.4, width: 0.6, height: 0.2 });
    assert.ok(framed.crop, 'the crop is kept');
    assert.deepEqual([framed.readings.first, framed.readings.second], ['023817', '023817']);
  });

  test('a photo without digits reads as nothing, and is sent back for a retake', async () => {
    const blank = await sharp({ create: { width: 800, height: 300, channels: 3, background: '#5c6670' } }).jpeg().toBuffer();
    const { readings } = await read(blank);
    assert.deepEqual([readings.first, readings.second], [null, null]);
    const outcome = decideReading({ typed: '12345', ocr: readings, previous: null, capturedAt: null, window: { from: ISSUED, to: NOW } });
    assert.deepEqual(outcome, { status: 'rejected', message: ODOMETER_MESSAGES.unreadable });
  });
});

describe('the outcome of a generated photo', () => {
  const sample = odometerSamples('segments', 1, 7)[0]!;
  let reading: Promise<OdometerPhotoReading> | undefined;
  const photoReading = () => (reading ??= odometerImage(sample).then(read));
  const outcome = async (change: Partial<VerdictInput>) => {
    const { readings, capturedAt } = await photoReading();
    return decideReading({ typed: sample.reading, ocr: readings, previous: null, capturedAt, window: { from: ISSUED, to: NOW }, ...change });
  };

  test('the reading on the photo, typed as shown: verified', async () => {
    assert.deepEqual(await outcome({}), { status: 'verified' });
    assert.deepEqual(await outcome({ typed: String(Number(sample.reading)) }), { status: 'verified' }, 'leading zeros left out');
  });

  test('a typed reading that differs from the photo: what the photo reads is shown to the sender at once', async () => {
    const typed = sample.reading.slice(0, -2) + sample.reading.at(-1) + sample.reading.at(-2);
    assert.notEqual(typed, sample.reading);
    assert.deepEqual(await outcome({ typed }), { status: 'suggested', reading: sample.reading });
  });

  test('a reading below the last one is rejected with a message the sender can act on', async () => {
    const typed = Number(sample.reading);
    const previous = { reading: typed + 1_000, at: new Date('2026-01-04T10:00:00Z') };
    assert.deepEqual(await outcome({ previous }), { status: 'rejected', message: ODOMETER_MESSAGES.belowPrevious(typed, typed + 1_000) });
  });
});

describe('photos refused before any reading', () => {
  test('a text file renamed to .jpg', async () => {
    const text = new TextEncoder().encode('012345\n');
    assert.deepEqual(await readOdometerPhoto(text), { ok: false, problem: 'notAPhoto', message: ODOMETER_MESSAGES.notAPhoto });
  });

  test('a 60-megapixel image', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#222222' } }).png({ compressionLevel: 1 }).toBuffer();
    assert.deepEqual(await readOdometerPhoto(huge), { ok: false, problem: 'tooManyPixels', message: ODOMETER_MESSAGES.tooManyPixels });
  });

  test('a JPEG cut short within its headers: refused as damaged, with what to do', async () => {
    const photo = await odometerImage({ ...odometerSamples('drum', 1, 3)[0]!, format: 'jpeg' });
    const scan = photo.findIndex((byte, index) => byte === 0xff && photo[index + 1] === 0xda); // start of scan
    assert.deepEqual(await readOdometerPhoto(photo.subarray(0, scan)), { ok: false, problem: 'damaged', message: ODOMETER_MESSAGES.damaged });
  });

  test('a JPEG without its end marker, as some phones send them, is read as a browser shows it', async () => {
    const sample = { ...odometerSamples('drum', 1, 3)[0]!, format: 'jpeg' as const };
    const photo = await odometerImage(sample);
    assert.deepEqual([...photo.subarray(-2)], [0xff, 0xd9]);
    await assert.rejects(sharp(photo.subarray(0, -2), { failOn: 'error' }).raw().toBuffer(), /premature end/, "sharp's default refuses it");
    const { readings } = await read(photo.subarray(0, -2));
    assert.deepEqual([readings.first, readings.second], [sample.reading, sample.reading]);
  });
});
