import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { captureTime } from './exif.ts';
import { checkPhoto } from './image.ts';

const photo = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } });

describe('photo capture time', () => {
  test('DateTimeOriginal with its offset is an exact instant, in every format we take', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const bytes = await photo().withExif({ IFD2: { DateTimeOriginal: '2026:03:10 14:22:05', OffsetTimeOriginal: '-07:00' } })[format]().toBuffer();
      assert.deepEqual(await captureTime(bytes), { at: new Date('2026-03-10T21:22:05Z'), zoned: true }, format);
    }
  });

  test('without an offset the wall clock is read as UTC and marked as having no zone', async () => {
    const bytes = await photo().withExif({ IFD2: { DateTimeOriginal: '2026:03:10 14:22:05' } }).jpeg().toBuffer();
    assert.deepEqual(await captureTime(bytes), { at: new Date('2026-03-10T14:22:05Z'), zoned: false });
  });

  test('CreateDate (DateTimeDigitized) when there is no DateTimeOriginal', async () => {
    const bytes = await photo().withExif({ IFD2: { DateTimeDigitized: '2026:03:10 14:22:05', OffsetTimeDigitized: '+02:00' } }).jpeg().toBuffer();
    assert.deepEqual(await captureTime(bytes), { at: new Date('2026-03-10T12:22:05Z'), zoned: true });
  });

  test('no EXIF, an empty date or an impossible one: no capture time', async () => {
    assert.equal(await captureTime(await photo().jpeg().toBuffer()), null);
    assert.equal(await captureTime(await photo().withExif({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } }).jpeg().toBuffer()), null);
    assert.equal(await captureTime(await photo().withExif({ IFD2: { DateTimeOriginal: '2026:02:30 10:00:00' } }).jpeg().toBuffer()), null);
    assert.equal(await captureTime(await photo().withExif({ IFD2: { DateTimeOriginal: 'yesterday' } }).jpeg().toBuffer()), null);
  });

  test('broken EXIF in a sound photo never throws, and the photo is still taken', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const garbage = Buffer.from('Exif\0\0MM\0*\xff\xff\xff\xff garbage where the TIFF directory should be', 'latin1');
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, garbage.length + 2]), garbage]);
    const broken = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    assert.equal(await captureTime(broken), null);
    assert.equal((await checkPhoto(broken)).ok, true);
  });

  test('not an image at all: no capture time, no error', async () => {
    assert.equal(await captureTime(new TextEncoder().encode('not a photo')), null);
    assert.equal(await captureTime(new Uint8Array()), null);
  });
});
