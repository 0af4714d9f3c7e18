/**
 * What a photo is, by its bytes (its magic number), never by its name or the type a browser declared. One
 * rule for the odometer photo (api/odometer/image.ts, JPEG, PNG and WebP, which it decodes) and the claim's
 * damage photos (HEIC too: an iPhone's camera saves HEIC, and the claims team opens it as it is), used by
 * the API and, for an early word to the person, by the claim form.
 */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** ours: up to 5 photos of the damage, each at most 10 MB (a phone's full-size JPEG is 2 to 6 MB). */
export const CLAIM_PHOTOS_MAX = 5;
export const CLAIM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** ours (issue 8): the odometer photo, at most 10 MB, as a claim's photo (api/odometer/limits.ts). */
export const ODOMETER_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * ours (issue 22): at most 40 megapixels, for the claim's photos and the odometer photo (api/odometer/limits.ts) alike:
 * above what phone cameras save by default, and it bounds what one decoded photo takes (160 MB as RGBA).
 */
export const PHOTO_MAX_PIXELS = 40_000_000;

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

/** How many first bytes sniffPhotoFormat reads. */
export const PHOTO_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** HEIF brands of HEIC photos (ISO/IEC 23008-12): 'ftyp' at byte 4, then the major brand. */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].map(ascii);

/** The format named by the file's first bytes, or null. */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // 'RIFF', four bytes of length, 'WEBP'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && HEIC_BRANDS.some((brand) => startsWith(bytes, brand, 8))) return 'heic';
  return null;
}
