/**
 * The claim's damage photos (beyond the spec, issue 10): at most five, each at most 10 MB, each a JPEG, PNG,
 * WebP or HEIC photo by its bytes (contract/rules/photo.ts), whatever its name or declared type. Refused
 * before anything is stored, with a message that names the file and says what to do.
 */
import sharp from 'sharp';
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX, MESSAGES, PHOTO_CONTENT_TYPES, sniffPhotoFormat, type PhotoFormat } from '../../contract/index.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { MAX_PHOTO_PIXELS } from '../odometer/limits.ts';

export interface ClaimPhoto {
  bytes: Uint8Array;
  format: PhotoFormat;
  contentType: string;
}

export type PhotosCheck =
  | { ok: true; photos: ClaimPhoto[] }
  | { ok: false; reason: 'claim-photos-too-many' | 'claim-photo-empty' | 'claim-photo-too-large' | 'claim-photo-not-a-photo'; message: string };

/** A file's name as the person knows it, for a message; never logged. */
const shownName = (file: File) => (file.name && file.name !== 'blob' ? `"${file.name.slice(0, 80)}"` : 'A file');

export async function readClaimPhotos(files: readonly File[]): Promise<PhotosCheck> {
  if (files.length > CLAIM_PHOTOS_MAX) return { ok: false, reason: 'claim-photos-too-many', message: MESSAGES.claimPhotosTooMany };
  const photos: ClaimPhoto[] = [];
  for (const file of files) {
    if (file.size === 0) return { ok: false, reason: 'claim-photo-empty', message: MESSAGES.claimPhotoEmpty(shownName(file)) };
    if (file.size > CLAIM_PHOTO_MAX_BYTES) return { ok: false, reason: 'claim-photo-too-large', message: MESSAGES.claimPhotoTooLarge(shownName(file)) };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const format = sniffPhotoFormat(bytes);
    if (format === null) return { ok: false, reason: 'claim-photo-not-a-photo', message: MESSAGES.claimPhotoNotAPhoto(shownName(file)) };
    photos.push({ bytes, format, contentType: PHOTO_CONTENT_TYPES[format] });
  }
  return { ok: true, photos };
}

/** The longer side of a photo's copy in the claims team's e-mail: the damage stays plain, the mail small. */
const MAIL_PHOTO_LONG_SIDE = 2000;

/**
 * The photo as the claims team's e-mail carries it: five full-size photos would make a 67 MB message (base64)
 * that mail servers refuse, so JPEG, PNG and WebP go as an upright JPEG of at most 2000 pixels a side. HEIC,
 * which sharp cannot decode, and a photo that does not decode go as they were sent. The originals stay in
 * the blob store.
 */
export async function mailCopy(photo: ClaimPhoto, index: number): Promise<MailAttachment> {
  const attach = (bytes: Uint8Array, format: PhotoFormat): MailAttachment => ({
    filename: `damage-${index + 1}.${format === 'jpeg' ? 'jpg' : format}`,
    contentType: PHOTO_CONTENT_TYPES[format],
    content: Buffer.from(bytes).toString('base64'),
    encoding: 'base64',
  });
  if (photo.format === 'heic') return attach(photo.bytes, 'heic');
  try {
    const copy = await sharp(photo.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAIL_PHOTO_LONG_SIDE, height: MAIL_PHOTO_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    return attach(new Uint8Array(copy), 'jpeg');
  } catch {
    return attach(photo.bytes, photo.format);
  }
}
