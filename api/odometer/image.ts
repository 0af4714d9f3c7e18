/**
 * The odometer photo's checks and its normalised copy (issue 8, item 4).
 *
 * A photo is taken by what its bytes are, never by its name or the type the browser declared: the first
 * bytes must be a JPEG, PNG or WebP signature, and sharp must read the same format from the header. Size
 * and pixel count are checked before anything is decoded (sharp's metadata reads the header only), and
 * every decode is bounded by `limitInputPixels` as well, in case a header lies about the size.
 *
 * Issue 24: when the sender placed the guide frame over the digits, the crop of the upright photo to it (with
 * a margin) is made here too, and read instead of the whole photo; both are kept.
 */
import type { Metadata, Sharp } from 'sharp';
import sharp, { openSentPhoto } from '../sharp.ts';
import type { OdometerBox } from '../../contract/index.ts';
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
 * The copy we keep and read: turned upright by its EXIF orientation, in colour (a reader tells a tenths drum
 * and a lit display by their colours, issue 24), at most 1600 pixels on the longer side, every metadata field
 * dropped (location, device, time: read the capture time with exif.ts first). A JPEG at quality 90: a fifth of
 * a PNG's size for a photo, and the digits' edges survive; the reader reads these very bytes, so a reviewer
 * sees what was read. Throws on a photo that does not decode: call checkPhoto first.
 */
export async function normalisePhoto(bytes: Uint8Array): Promise<NormalisedPhoto> {
  return keptCopy(openSentPhoto(bytes).rotate());
}

/** An upright photo (or a part of one) as we keep it: at most NORMALISED_LONG_SIDE, sRGB, JPEG 90, no metadata. */
async function keptCopy(upright: Sharp): Promise<NormalisedPhoto> {
  const { data, info } = await upright
    .resize({ width: NORMALISED_LONG_SIDE, height: NORMALISED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), contentType: 'image/jpeg', width: info.width, height: info.height };
}

/** The margin added to each side of the guide frame's box before cropping, as a fraction of the box's side (issue 24). */
const CROP_MARGIN = 0.08;

/** A region of the upright photo, in whole pixels. */
export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The pixels to cut from an upright photo of `width` x `height` for a box given as fractions of it: the box
 * grown by CROP_MARGIN of its own width and height on each side (a frame placed tight on the digits still
 * leaves the reader their edges), rounded outwards to whole pixels and clamped to the photo. At least one
 * pixel each way, so a box on the very edge still makes a crop.
 */
export function cropRegion(width: number, height: number, box: OdometerBox): PixelRegion {
  // (a hair of slack, so 0.74 x 1000 computed as 740.0000000001 is 740, not 741)
  const down = (value: number) => Math.floor(value + 1e-9);
  const up = (value: number) => Math.ceil(value - 1e-9);
  const left = Math.max(0, down((box.left - box.width * CROP_MARGIN) * width));
  const top = Math.max(0, down((box.top - box.height * CROP_MARGIN) * height));
  const right = Math.min(width, up((box.left + box.width * (1 + CROP_MARGIN)) * width));
  const bottom = Math.min(height, up((box.top + box.height * (1 + CROP_MARGIN)) * height));
  const x = Math.min(left, width - 1);
  const y = Math.min(top, height - 1);
  return { left: x, top: y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

export interface CroppedPhoto extends NormalisedPhoto {
  /** Where it was cut from, in pixels of the upright photo as sent. */
  region: PixelRegion;
}

/**
 * The crop of a sent photo to the guide frame's box (issue 24), the copy that is read when there is a box:
 * turned upright first (the box was placed on the photo as the browser showed it, which applies the EXIF
 * orientation), cut to cropRegion at the photo's full resolution, in colour (a tenths drum is told by its
 * colour), at most NORMALISED_LONG_SIDE on the longer side, every metadata field dropped. A JPEG at quality
 * 90, as the normalised copy. Throws on a photo that does not decode: call checkPhoto first.
 */
export async function cropPhoto(bytes: Uint8Array, box: OdometerBox): Promise<CroppedPhoto> {
  const upright = (await sharp(bytes, { limitInputPixels: false }).metadata()).autoOrient;
  const region = cropRegion(upright.width, upright.height, box);
  return { ...(await keptCopy(openSentPhoto(bytes).rotate().extract(region))), region };
}
