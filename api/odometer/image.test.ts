import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { checkPhoto, cropPhoto, cropRegion, normalisePhoto, NORMALISED_LONG_SIDE, sniffFormat } from './image.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from './limits.ts';
import { ODOMETER_MESSAGES } from './messages.ts';

const plain = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7a8a9a' } });

/** 10,000 by 6,000 pixels of one colour: 60 megapixels in a PNG of 190 KB, made once. */
let sixty: Promise<Buffer> | undefined;
const sixtyMegapixels = () => (sixty ??= plain(10_000, 6_000).png({ compressionLevel: 1 }).toBuffer());

describe('odometer photo checks', () => {
  test('JPEG, PNG and WebP are taken by their bytes, with their size', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const bytes = await plain(120, 80)[format]().toBuffer();
      assert.equal(sniffFormat(bytes), format);
      assert.deepEqual(await checkPhoto(bytes), { ok: true, format, width: 120, height: 80 });
    }
  });

  test('a renamed text file is refused with a message that says what to send instead', async () => {
    const text = new TextEncoder().encode('Odometer: 012345 miles\n(this is a text file called odometer.jpg)\n');
    assert.deepEqual(await checkPhoto(text), { ok: false, problem: 'notAPhoto', message: ODOMETER_MESSAGES.notAPhoto });
    assert.equal(ODOMETER_MESSAGES.notAPhoto, 'This file is not a photo. Please take or choose a JPEG, PNG or WebP photo of the odometer.');
  });

  test('an empty file and other image formats are not photos we take', async () => {
    assert.deepEqual(await checkPhoto(new Uint8Array()), { ok: false, problem: 'notAPhoto', message: ODOMETER_MESSAGES.notAPhoto });
    assert.deepEqual(await checkPhoto(await plain(20, 20).gif().toBuffer()), { ok: false, problem: 'notAPhoto', message: ODOMETER_MESSAGES.notAPhoto });
    assert.deepEqual(await checkPhoto(await plain(20, 20).tiff().toBuffer()), { ok: false, problem: 'notAPhoto', message: ODOMETER_MESSAGES.notAPhoto });
  });

  test('a 60-megapixel image is refused from its header, without decoding it', async () => {
    const png = await sixtyMegapixels();
    assert.deepEqual(await checkPhoto(png), { ok: false, problem: 'tooManyPixels', message: ODOMETER_MESSAGES.tooManyPixels });
    // The first kilobyte holds the header and no pixels: had the check decoded them, it would call this damaged.
    assert.deepEqual(await checkPhoto(png.subarray(0, 1024)), { ok: false, problem: 'tooManyPixels', message: ODOMETER_MESSAGES.tooManyPixels });
    assert.match(ODOMETER_MESSAGES.tooManyPixels, /^This photo has more than 40 megapixels/);
  });

  test('just 40 megapixels pass', async () => {
    const header = (await plain(8_000, 5_000).png({ compressionLevel: 1 }).toBuffer()).subarray(0, 1024);
    assert.equal(8_000 * 5_000, MAX_PHOTO_PIXELS);
    assert.deepEqual(await checkPhoto(header), { ok: true, format: 'png', width: 8_000, height: 5_000 });
  });

  test('a file over 10 MB is refused before anything else is looked at', async () => {
    const jpeg = await plain(50, 50).jpeg().toBuffer();
    const large = new Uint8Array(MAX_PHOTO_BYTES + 1);
    large.set(jpeg);
    assert.deepEqual(await checkPhoto(large), { ok: false, problem: 'tooLarge', message: ODOMETER_MESSAGES.tooLarge });
    assert.match(ODOMETER_MESSAGES.tooLarge, /larger than 10 MB/);
  });

  test('a file that starts like a JPEG but is cut short is damaged', async () => {
    const jpeg = await plain(50, 50).jpeg().toBuffer();
    assert.deepEqual(await checkPhoto(jpeg.subarray(0, 40)), { ok: false, problem: 'damaged', message: ODOMETER_MESSAGES.damaged });
  });

  test('a PNG signature in front of a JPEG is caught: the header must say the same format', async () => {
    const jpeg = await plain(50, 50).jpeg().toBuffer();
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    assert.deepEqual(await checkPhoto(disguised), { ok: false, problem: 'damaged', message: ODOMETER_MESSAGES.damaged });
  });
});

describe('the normalised copy', () => {
  test('turned upright by its EXIF orientation, in colour, metadata gone', async () => {
    // Stored 300 wide and 200 high, with orientation 6: shown 200 wide and 300 high.
    const photo = await plain(300, 200).withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' } }).jpeg().toBuffer();
    const normalised = await normalisePhoto(photo);
    assert.equal(normalised.contentType, 'image/jpeg');
    assert.deepEqual([normalised.width, normalised.height], [200, 300]);
    const metadata = await sharp(normalised.bytes).metadata();
    assert.equal(metadata.format, 'jpeg');
    assert.equal(metadata.channels, 3);
    assert.equal(metadata.exif, undefined);
    assert.equal(metadata.orientation, undefined);
  });

  test('at most 1600 pixels on the longer side, never enlarged', async () => {
    const large = await normalisePhoto(await plain(4000, 3000).jpeg().toBuffer());
    assert.deepEqual([large.width, large.height], [NORMALISED_LONG_SIDE, 1200]);
    const small = await normalisePhoto(await plain(640, 480).png().toBuffer());
    assert.deepEqual([small.width, small.height], [640, 480]);
  });

  test('the pixel limit guards the decode too, should a photo get past the check', async () => {
    await assert.rejects(normalisePhoto(await sixtyMegapixels()), /pixel limit/);
  });
});

describe('the crop to the guide frame (issue 24)', () => {
  test('the box grown by 8% of its size each side, rounded outwards and clamped to the photo', () => {
    assert.deepEqual(cropRegion(1000, 500, { left: 0.2, top: 0.4, width: 0.5, height: 0.2 }), { left: 160, top: 192, width: 580, height: 116 });
    assert.deepEqual(cropRegion(1000, 500, { left: 0, top: 0.9, width: 1, height: 0.1 }), { left: 0, top: 446, width: 1000, height: 54 });
  });

  test('cut from the upright photo: a photo stored on its side with EXIF orientation 6 is turned first', async () => {
    // 200 x 100 as stored, left half white; shown upright (orientation 6) it is 100 x 200, top half white
    const raw = Buffer.alloc(200 * 100 * 3);
    for (let y = 0; y < 100; y++) for (let x = 0; x < 100; x++) raw.fill(255, (y * 200 + x) * 3, (y * 200 + x) * 3 + 3);
    const sideways = await sharp(raw, { raw: { width: 200, height: 100, channels: 3 } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const top = await cropPhoto(sideways, { left: 0.1, top: 0.1, width: 0.8, height: 0.25 });
    assert.deepEqual(top.region, { left: 3, top: 16, width: 94, height: 58 });
    assert.deepEqual([top.width, top.height], [94, 58], 'the crop is the region, at full resolution');
    const bottom = await cropPhoto(sideways, { left: 0.1, top: 0.7, width: 0.8, height: 0.25 });
    const mean = async (bytes: Uint8Array) => (await sharp(bytes).stats()).channels[0]!.mean;
    assert.ok((await mean(top.bytes)) > 200, 'the white half is on top');
    assert.ok((await mean(bottom.bytes)) < 50, 'the dark half below');
    assert.equal((await sharp(top.bytes).metadata()).orientation, undefined, 'no metadata kept');
  });
});
