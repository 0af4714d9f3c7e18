import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import exifr from 'exifr';
import { blankHeifMetadata } from './heif-metadata.ts';

/** A box: 32-bit size, type, content. */
const box = (type: string, ...content: Uint8Array[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const fullBox = (type: string, version: number, ...content: Uint8Array[]) => box(type, Buffer.from([version, 0, 0, 0]), ...content);

/**
 * The skeleton of an iPhone's HEIC: ftyp, a meta box whose iinf lists an image item (1) and an Exif item (2),
 * whose iloc places both in mdat, and mdat. The Exif item is a real TIFF block with a GPS position (taken
 * from a JPEG sharp writes), behind HEIF's 4-byte offset to the TIFF header.
 */
async function heicWithGps(): Promise<{ bytes: Buffer; exifAt: number; exifLength: number }> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg().withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 26/1 5/1', GPSLongitudeRef: 'W', GPSLongitude: '112/1 4/1 30/1' } }).toBuffer();
  const exif = (await sharp(jpeg).metadata()).exif!;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const exifItem = Buffer.concat([u32(0), tiff]);
  const image = Buffer.from('pretend these are HEVC-coded pixels');
  const infe = (id: number, type: string) => fullBox('infe', 2, u16(id), u16(0), Buffer.from(type, 'latin1'), Buffer.from([0]));
  const iinf = fullBox('iinf', 0, u16(2), infe(1, 'hvc1'), infe(2, 'Exif'));
  const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  // iloc version 0, offsets and lengths of 4 bytes, no base offset; the offsets are filled in below
  const iloc = (imageAt: number, exifAt: number) =>
    fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(2),
      u16(1), u16(0), u16(1), u32(imageAt), u32(image.length),
      u16(2), u16(0), u16(1), u32(exifAt), u32(exifItem.length));
  const meta = (imageAt: number, exifAt: number) => fullBox('meta', 0, fullBox('hdlr', 0, u32(0), Buffer.from('pict'), Buffer.alloc(13)), iinf, iloc(imageAt, exifAt));
  const mdatAt = ftyp.length + meta(0, 0).length + 8;
  const bytes = Buffer.concat([ftyp, meta(mdatAt, mdatAt + image.length), box('mdat', image, exifItem)]);
  return { bytes, exifAt: mdatAt + image.length, exifLength: exifItem.length };
}

describe('HEIC metadata blanked in place', () => {
  test("the Exif item's bytes become zeros, everything else stays as sent", async () => {
    const { bytes, exifAt, exifLength } = await heicWithGps();
    assert.ok(await exifr.gps(bytes.subarray(exifAt + 4, exifAt + exifLength)), 'the fixture carries a position');
    const blanked = blankHeifMetadata(bytes);
    assert.ok(blanked);
    assert.equal(blanked.length, bytes.length);
    assert.ok(blanked.subarray(exifAt, exifAt + exifLength).every((byte) => byte === 0), 'no Exif bytes left');
    assert.deepEqual(Buffer.from(blanked.subarray(0, exifAt)), bytes.subarray(0, exifAt), 'boxes and pixels untouched');
    assert.ok(bytes.subarray(exifAt, exifAt + exifLength).some((byte) => byte !== 0), 'the original is not changed');
  });

  test('a HEIC without metadata items is kept as it is; one whose boxes run past its end is refused', () => {
    const plain = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')]);
    assert.equal(blankHeifMetadata(plain), plain);
    const cut = Buffer.concat([plain, Buffer.from([0, 0, 0x10, 0, ...Buffer.from('meta'), 0, 0, 0, 0])]);
    assert.equal(blankHeifMetadata(cut), null);
  });
});
