/**
 * What the person sending an odometer photo is told when the photo or the reading cannot be taken (issue 8:
 * "a message the person understands and can act on at once, on the same page"). Each says what went wrong
 * in plain words and what to do next. The route answers with these strings and the tests pin them, so a
 * change of wording is made here once. All ours: the spec shows no texts for the odometer page.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from './limits.ts';

const megabytes = MAX_PHOTO_BYTES / (1024 * 1024);
const megapixels = MAX_PHOTO_PIXELS / 1_000_000;

/** Whole miles with thousands separators, as an odometer reads: 12,345. */
const miles = (reading: number) => reading.toLocaleString('en-US');

/** The digits the photo reads, leading zeros kept, with thousands separators: 031560 -> 031,560. */
const digitsInWords = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

export const ODOMETER_MESSAGES = {
  /** The bytes are not a JPEG, PNG or WebP image, whatever the file's name or declared type. */
  notAPhoto: 'This file is not a photo. Please take or choose a JPEG, PNG or WebP photo of the odometer.',
  /** Larger than MAX_PHOTO_BYTES. */
  tooLarge: `This photo is larger than ${megabytes} MB. Please take the photo again, or choose a smaller copy of it.`,
  /** More than MAX_PHOTO_PIXELS. */
  tooManyPixels: `This photo has more than ${megapixels} megapixels, more than we can take. Please take the photo again with your phone's usual camera setting, or choose a smaller copy of it.`,
  /** The header says JPEG, PNG or WebP but the image cannot be decoded: cut short or damaged on the way. */
  damaged: 'This photo could not be opened: the file seems damaged or incomplete. Please take the photo again.',
  /** Neither reader found a reading in the photo. */
  unreadable:
    'We could not read the odometer in this photo. Please take it again closer, so the numbers fill most of the picture, with the whole reading in view, in focus and without glare, and send it again.',
  /**
   * Both readers read the photo alike, but not as typed (issue 24): what the photo reads, and what to do, at
   * once. The page shows it under its own heading and keeps the reading and the photo for the next try.
   */
  suggestion: (digits: string) =>
    `The photo reads ${digitsInWords(digits)} miles. Please look at the odometer again: if it shows ${digitsInWords(digits)}, type that reading and send it; if it shows another reading, type the reading you see, or take the photo again.`,
  /** The typed reading is below the last one we have for this vehicle. */
  belowPrevious: (typed: number, previous: number) =>
    `The reading you typed, ${miles(typed)} miles, is lower than the last reading we have for this vehicle, ${miles(previous)} miles. Please check the odometer and type the reading again.`,
} as const;
