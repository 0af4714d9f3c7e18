/**
 * sharp as the server uses it. libvips keeps the results of recent operations in a cache (50 MB by
 * default) for a program that works on the same images again; ours decodes each photo once (odometer
 * readings, claim photos), so the cache only held memory after a burst of uploads (issue 22, item 5).
 * Every module of ours that uses sharp imports it from here, so the cache is off before the first photo.
 */
import sharp from 'sharp';
import { PHOTO_MAX_PIXELS } from '../contract/rules/photo.ts';

sharp.cache(false);

export default sharp;

/**
 * Sharp for every decode of a photo someone sent (odometer readings, claims): the pixel limit on, in case a
 * header lies about the size, and decoded as a browser shows it whatever libjpeg warns of. Phones and
 * messaging apps send JPEGs without their end marker (37 of the 1,048 TRODO photos we read, whole and sharp,
 * were 'premature end of JPEG image' to sharp's default), and a file truly cut short shows what arrived,
 * grey or blurred beyond it. A file whose header does not parse is refused before this (the callers read the
 * header first).
 */
export const openSentPhoto = (input: string | Uint8Array) => sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'none' });
