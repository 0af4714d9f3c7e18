/**
 * When the odometer photo was taken, from its EXIF data (exifr), so a photo taken before the request was
 * sent is noticed (issue 8: "EXIF capture time, when present, within the request's window").
 *
 * EXIF writes the camera's wall clock ("2026:03:10 14:22:05") with no time zone; newer cameras add the
 * offset in a separate tag (OffsetTimeOriginal, "-07:00"). With the offset the instant is exact. Without
 * it the clock is read as if it were UTC and marked `zoned: false`, and verdict.ts allows for any time
 * zone on earth. Reading the server's own zone instead would be wrong for every customer outside it.
 *
 * A photo without EXIF (a screenshot, a PNG, a phone that strips it) or with broken EXIF has no capture
 * time: never an error, since the check is only made "when present".
 */
import exifr from 'exifr';
import sharp from '../sharp.ts';

export interface CaptureTime {
  at: Date;
  /** True when the camera recorded its offset from UTC; false when `at` is its wall clock read as UTC. */
  zoned: boolean;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** An EXIF date-time as UTC milliseconds, or null when it is not a real date ("0000:00:00 00:00:00" is common). */
function wallClock(value: unknown): number | null {
  const match = typeof value === 'string' ? EXIF_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  const real = year >= 1990 && back.getUTCMonth() === month - 1 && back.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? ms : null;
}

/** An EXIF offset ("+02:00") in milliseconds, or null. */
function offsetOf(value: unknown): number | null {
  const match = typeof value === 'string' ? OFFSET.exec(value.trim()) : null;
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return minutes <= 14 * 60 ? (match[1] === '-' ? -1 : 1) * minutes * 60_000 : null;
}

function timeFrom(clock: unknown, offset: unknown): CaptureTime | null {
  const ms = wallClock(clock);
  if (ms === null) return null;
  const offsetMs = offsetOf(offset);
  return offsetMs === null ? { at: new Date(ms), zoned: false } : { at: new Date(ms - offsetMs), zoned: true };
}

/**
 * The photo's EXIF block as TIFF data (what exifr parses), or null. Sharp finds it in a JPEG, PNG or WebP
 * alike from the header, without decoding the image; exifr alone does not read WebP.
 */
async function exifBlock(bytes: Uint8Array): Promise<Uint8Array | null> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return null;
  // JPEG's APP1 marker puts 'Exif\0\0' before the TIFF header; sharp keeps it, exifr wants it gone.
  return exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
}

/** The photo's capture time (DateTimeOriginal, else CreateDate), or null when it has none we can read. */
export async function captureTime(bytes: Uint8Array): Promise<CaptureTime | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    const block = await exifBlock(bytes);
    if (block === null) return null;
    tags = await exifr.parse(block, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'OffsetTimeDigitized'],
      // Strings as written: exifr's own dates are built in the server's time zone.
      reviveValues: false,
    });
  } catch {
    return null;
  }
  if (!tags) return null;
  return timeFrom(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? timeFrom(tags.CreateDate, tags.OffsetTimeDigitized);
}
