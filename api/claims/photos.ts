/**
 * The claim's damage photos (beyond the spec, issue 10): at most five, each at most 10 MB, each a JPEG, PNG,
 * WebP or HEIC photo by its bytes (contract/rules/photo.ts), whatever its name or declared type. Refused
 * before anything is stored, with a message that names the file and says what to do.
 *
 * What we keep and send carries no location (issue 22, item 8). A phone writes the GPS position, the device
 * and the time into a photo's EXIF; the claims team needs the damage, not where the claimant's phone was.
 * The claim form offers no choice to share the position, so it is stripped always; should the form ever
 * offer one, this is the place that would keep it for those who chose to.
 *
 * - JPEG, PNG and WebP are checked as the odometer photo is (api/odometer/image.ts): the pixel count from
 *   the header before anything is decoded (a 109 KB PNG can declare 30,000 x 30,000 pixels), then decoded
 *   under the same `limitInputPixels`, turned upright by their EXIF orientation and written again in their
 *   own format with no metadata at all. That copy is what is stored and what the mail is made from; a
 *   photo that does not decode is refused, never kept or sent as it came.
 * - HEIC, which our sharp cannot decode (its libheif reads AVIF only), keeps its pixels as sent, but its
 *   Exif and XMP items are blanked in place (./heif-metadata.ts); one whose boxes we cannot read is refused.
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { openSentPhoto } from '../sharp.ts';
import {
  CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX, MESSAGES, PHOTO_CONTENT_TYPES, PHOTO_MAX_PIXELS, PHOTO_SNIFF_BYTES, sniffPhotoFormat, type PhotoFormat,
} from '../../contract/index.ts';
import type { UploadedFile } from '../http/multipart.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { blankHeifMetadata } from './heif-metadata.ts';

/**
 * The copy we keep and send: re-encoded without metadata (HEIC: its metadata items blanked), in a file of
 * the request's upload folder (api/http/multipart.ts), so a claim's five photos are never in memory together.
 */
export interface ClaimPhoto {
  path: string;
  size: number;
  format: PhotoFormat;
  contentType: string;
}

type PhotoRefusalReason =
  | 'claim-photos-too-many' | 'claim-photo-empty' | 'claim-photo-too-large' | 'claim-photo-not-a-photo'
  | 'claim-photo-too-many-pixels' | 'claim-photo-damaged';

export type PhotosCheck = { ok: true; photos: ClaimPhoto[] } | { ok: false; reason: PhotoRefusalReason; message: string };

/** A file's name as the person knows it, for a message; never logged. */
const shownName = (file: UploadedFile) => (file.name && file.name !== 'blob' ? `"${file.name.slice(0, 80)}"` : 'A file');


type Cleaned = { ok: true; size: number } | { ok: false; problem: 'tooManyPixels' | 'damaged' };

/** The first bytes of a file, by which its format is told. */
async function headOf(path: string): Promise<Uint8Array> {
  const file = await open(path);
  try {
    const head = new Uint8Array(PHOTO_SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The photo upright and without metadata, in its own format: JPEG at quality 92 (a second generation at 92
 * is not told apart from the first by eye), PNG lossless, WebP at 90. Sharp writes
 * no metadata unless asked (no withMetadata here), so EXIF, GPS, XMP and IPTC are gone; the colour profile
 * is applied to the pixels (sRGB out).
 */
async function cleanPhoto(sent: string, format: Exclude<PhotoFormat, 'heic'>, kept: string): Promise<Cleaned> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // the header only, without the pixel limit (which sharp applies to metadata too), so the real reason is told
    const metadata = await sharp(sent, { limitInputPixels: false }).metadata();
    if (metadata.format !== format) return { ok: false, problem: 'damaged' };
    ({ width, height } = metadata);
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  if (!width || !height) return { ok: false, problem: 'damaged' };
  if (width * height > PHOTO_MAX_PIXELS) return { ok: false, problem: 'tooManyPixels' };
  try {
    const upright = openSentPhoto(sent).rotate();
    const encoded = format === 'jpeg' ? upright.jpeg({ quality: 92 }) : format === 'png' ? upright.png() : upright.webp({ quality: 90 });
    const { size } = await encoded.toFile(kept);
    return { ok: true, size };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}

/** Checks the sent files and writes the copies we keep into `folder` (the request's upload folder). */
export async function readClaimPhotos(files: readonly UploadedFile[], folder: string): Promise<PhotosCheck> {
  if (files.length > CLAIM_PHOTOS_MAX) return { ok: false, reason: 'claim-photos-too-many', message: MESSAGES.claimPhotosTooMany };
  const photos: ClaimPhoto[] = [];
  // One at a time: each decode holds up to 40 megapixels.
  for (const [index, file] of files.entries()) {
    const name = shownName(file);
    if (file.size === 0) return { ok: false, reason: 'claim-photo-empty', message: MESSAGES.claimPhotoEmpty(name) };
    if (file.tooLarge || file.size > CLAIM_PHOTO_MAX_BYTES) return { ok: false, reason: 'claim-photo-too-large', message: MESSAGES.claimPhotoTooLarge(name) };
    const format = sniffPhotoFormat(await headOf(file.path));
    if (format === null) return { ok: false, reason: 'claim-photo-not-a-photo', message: MESSAGES.claimPhotoNotAPhoto(name) };
    const kept = join(folder, `kept-${index + 1}.${format}`);
    if (format === 'heic') {
      const blanked = blankHeifMetadata(new Uint8Array(await readFile(file.path)));
      if (blanked === null) return { ok: false, reason: 'claim-photo-damaged', message: MESSAGES.claimPhotoDamaged(name) };
      await writeFile(kept, blanked);
      photos.push({ path: kept, size: blanked.length, format, contentType: PHOTO_CONTENT_TYPES[format] });
      continue;
    }
    const cleaned = await cleanPhoto(file.path, format, kept);
    if (!cleaned.ok) {
      return cleaned.problem === 'tooManyPixels'
        ? { ok: false, reason: 'claim-photo-too-many-pixels', message: MESSAGES.claimPhotoTooManyPixels(name) }
        : { ok: false, reason: 'claim-photo-damaged', message: MESSAGES.claimPhotoDamaged(name) };
    }
    photos.push({ path: kept, size: cleaned.size, format, contentType: PHOTO_CONTENT_TYPES[format] });
  }
  return { ok: true, photos };
}

/** The longer side of a photo's copy in the claims team's e-mail: the damage stays plain, the mail small. */
const MAIL_PHOTO_LONG_SIDE = 2000;

/**
 * The photo as the claims team's e-mail carries it: five full-size photos would make a 67 MB message (base64)
 * that mail servers refuse, so JPEG, PNG and WebP go as a JPEG of at most 2000 pixels a side, made from the
 * kept copy (already upright, without metadata; this one writes none either). HEIC goes as kept, its
 * metadata items blanked. The kept copies stay in the blob store.
 */
export async function mailCopy(photo: ClaimPhoto, index: number): Promise<MailAttachment> {
  const attach = (bytes: Uint8Array, format: PhotoFormat): MailAttachment => ({
    filename: `damage-${index + 1}.${format === 'jpeg' ? 'jpg' : format}`,
    contentType: PHOTO_CONTENT_TYPES[format],
    content: Buffer.from(bytes).toString('base64'),
    encoding: 'base64',
  });
  if (photo.format === 'heic') return attach(await readFile(photo.path), 'heic');
  try {
    const copy = await openSentPhoto(photo.path)
      .rotate()
      .resize({ width: MAIL_PHOTO_LONG_SIDE, height: MAIL_PHOTO_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    return attach(new Uint8Array(copy), 'jpeg');
  } catch {
    // The kept copy decoded once already; should it not now, it still carries no metadata.
    return attach(await readFile(photo.path), photo.format);
  }
}
