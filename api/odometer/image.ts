/**
 * The odometer photo's checks and its normalised copy (issue 8, item 4).
 *
 * A photo is taken by what its bytes are, never by its name or the type the browser declared: the first
 * bytes must be a JPEG, PNG or WebP signature, and sharp must read the same format from the header. Size
 * and pixel count are checked before anything is decoded (sharp's metadata reads the header only), and
 * every decode is bounded by `limitInputPixels` as well, in case a header lies about the size.
 */
import type { Metadata } from 'sharp';
import sharp from '../sharp.ts';
import { sniffPhotoFormat } from '../../contract/rules/photo.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from './limits.ts';
import { ODOMETER_MESSAGES } from './messages.ts';

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** Why a file is refused: the key of its message, so a route can choose its status without comparing texts. */
export type PhotoProblem = 'notAPhoto' | 'tooLarge' | 'tooManyPixels' | 'damaged';

export interface PhotoRefusal {
  ok: false;
  problem: PhotoProblem;
  /** For the sender, as it stands (ODOMETER_MESSAGES). */
  message: string;
}

export const refusal = (problem: PhotoProblem): PhotoRefusal => ({ ok: false, problem, message: ODOMETER_MESSAGES[problem] });

export type PhotoCheck = { ok: true; format: PhotoFormat; width: number; height: number } | PhotoRefusal;

/** The format named by the file's first bytes (its magic number), or null; HEIC is not one we read. */
export function sniffFormat(bytes: Uint8Array): PhotoFormat | null {
  const format = sniffPhotoFormat(bytes);
  return format === 'heic' ? null : format;
}

/** Sharp with the pixel limit on, for every decode of a sent photo. */
const openPhoto = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });

/** Whether a sent file is a photo we take; its format and size when it is, the message to show when not. */
export async function checkPhoto(bytes: Uint8Array): Promise<PhotoCheck> {
  if (bytes.length > MAX_PHOTO_BYTES) return refusal('tooLarge');
  const format = sniffFormat(bytes);
  if (format === null) return refusal('notAPhoto');
  let metadata: Metadata;
  try {
    // Without any pixel limit, which sharp applies to metadata too (its default, 268 megapixels, as well: a
    // 30,000 x 30,000 PNG was 'damaged'): the header alone is read here, and the person is told the real reason.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refusal('damaged');
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) return refusal('damaged');
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) return refusal('tooManyPixels');
  return { ok: true, format, width: metadata.width, height: metadata.height };
}

/** The longer side of the kept copy: digits on a photo of the display stay tens of pixels tall. */
export const NORMALISED_LONG_SIDE = 1600;

export interface NormalisedPhoto {
  bytes: Uint8Array;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The copy we keep and read: turned upright by its EXIF orientation, greyscale, at most 1600 pixels on the
 * longer side, every metadata field dropped (location, device, time: read the capture time with exif.ts
 * first). A JPEG at quality 90: a fifth of a PNG's size for a photo, and the digits' edges survive; the OCR
 * reads these very bytes, so a reviewer sees what was read. Throws on a photo that does not decode: call
 * checkPhoto first.
 */
export async function normalisePhoto(bytes: Uint8Array): Promise<NormalisedPhoto> {
  const { data, info } = await openPhoto(bytes)
    .rotate()
    .greyscale()
    .resize({ width: NORMALISED_LONG_SIDE, height: NORMALISED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    // One channel in the file too: sharp writes sRGB unless told, three times the pixels for the same greys.
    .toColourspace('b-w')
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), contentType: 'image/jpeg', width: info.width, height: info.height };
}
