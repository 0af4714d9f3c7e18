/**
 * Everything the photo route needs from one upload, in one call: the checks, the capture time (read before
 * the normalised copy drops the metadata), the normalised copy to store, and the two OCR readings of that
 * copy. The route then adds what only it knows (the previous reading, the request's window) and asks
 * verdict.ts for the outcome.
 *
 * With the guide frame's box (issue 24), the crop of the upright photo to it is read instead of the whole
 * photo, and returned beside the normalised whole photo, so both are kept; the capture time is still read
 * from the photo as sent. When the readers do not agree on the crop, the whole photo is read too, and its
 * readings stand if they agree; when the digits found reach the crop's edge, the whole photo's readings
 * stand whatever they are.
 */
import { captureTime, type CaptureTime } from './exif.ts';
import type { OdometerBox } from '../../contract/index.ts';
import { checkPhoto, cropPhoto, normalisePhoto, refusal, type CroppedPhoto, type NormalisedPhoto, type PhotoFormat, type PhotoRefusal } from './image.ts';
import { readDigitsApart } from './ocr-process.ts';
import type { DigitReadings } from './reader/reader.ts';
import { agreedReading } from './verdict.ts';

export interface OdometerPhotoReading {
  ok: true;
  /** The format of the photo as sent, and its size in pixels. */
  format: PhotoFormat;
  width: number;
  height: number;
  /** The copy to keep in the blob store: upright, in colour, no metadata. */
  normalised: NormalisedPhoto;
  /** With a box: the crop to it (with a margin) that was read, to keep beside the whole photo; else null. */
  crop: CroppedPhoto | null;
  capturedAt: CaptureTime | null;
  /** The two readers' digits (./reader/reader.ts), each null where that reader is not sure. */
  readings: DigitReadings;
}

/** Reads an uploaded photo, or says why it is refused (the message is for the sender, as it stands). */
export async function readOdometerPhoto(bytes: Uint8Array, box?: OdometerBox): Promise<OdometerPhotoReading | PhotoRefusal> {
  const check = await checkPhoto(bytes);
  if (!check.ok) return check;
  let normalised: NormalisedPhoto;
  let crop: CroppedPhoto | null = null;
  try {
    normalised = await normalisePhoto(bytes);
    if (box) crop = await cropPhoto(bytes, box);
  } catch {
    // A sound header over a body that does not decode: cut short on the way, most often.
    return refusal('damaged');
  }
  const capturedAt = await captureTime(bytes);
  let readings = await readDigitsApart((crop ?? normalised).bytes);
  if (crop && (readings.atEdge || agreedReading(readings) === null)) {
    // A frame drawn across the digits (they reach its edge: the ones cut off would be read as missing, and
    // both readers would agree on the rest) or off them: the whole photo says what it shows.
    const whole = await readDigitsApart(normalised.bytes);
    if (readings.atEdge || agreedReading(whole) !== null) readings = whole;
  }
  return { ok: true, format: check.format, width: check.width, height: check.height, normalised, crop, capturedAt, readings };
}
