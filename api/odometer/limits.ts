/**
 * What an odometer photo may be (issue 8, item 4). The upload's entry (contract/api/endpoints/documents.ts)
 * takes the same limit for its file part, so a larger file is cut off as it streams, never kept whole.
 */
import { ODOMETER_PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '../../contract/rules/photo.ts';

/** 10 MB: a phone's full-size JPEG is 2 to 6 MB. */
export const MAX_PHOTO_BYTES = ODOMETER_PHOTO_MAX_BYTES;

/**
 * 40 megapixels: above what phone cameras save by default (12 to 24; their 48 and 200 megapixel sensors
 * save 12 unless told otherwise), and it bounds the memory one decoded photo takes (160 MB as RGBA). The
 * contract's one limit, which the claim's photos use too (api/claims/photos.ts).
 */
export const MAX_PHOTO_PIXELS = PHOTO_MAX_PIXELS;
