/**
 * What an odometer photo may be (issue 8, item 4). The route uses MAX_PHOTO_BYTES as the upload's body
 * limit too, so a larger file is refused before it is read whole.
 */
import { PHOTO_MAX_PIXELS } from '../../contract/rules/photo.ts';

/** 10 MB: a phone's full-size JPEG is 2 to 6 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * 40 megapixels: above what phone cameras save by default (12 to 24; their 48 and 200 megapixel sensors
 * save 12 unless told otherwise), and it bounds the memory one decoded photo takes (160 MB as RGBA). The
 * contract's one limit, which the claim's photos use too (api/claims/photos.ts).
 */
export const MAX_PHOTO_PIXELS = PHOTO_MAX_PIXELS;
