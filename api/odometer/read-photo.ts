/**
 * Everything the photo route needs from one upload, in one call: the checks, the capture time (read before
 * the normalised copy drops the metadata), the normalised copy to store, and the two OCR readings of that
 * copy. The route then adds what only it knows (the previous reading, the request's window) and asks
 * verdict.ts for the outcome.
 */
import { captureTime, type CaptureTime } from './exif.ts';
import { checkPhoto, normalisePhoto, refusal, type NormalisedPhoto, type PhotoFormat, type PhotoRefusal } from './image.ts';
import type { OcrReadings } from './ocr.ts';
import { readDigitsApart } from './ocr-process.ts';

export interface OdometerPhotoReading {
  ok: true;
  /** The format of the photo as sent, and its size in pixels. */
  format: PhotoFormat;
  width: number;
  height: number;
  /** The copy to keep in the blob store: upright, greyscale, no metadata. */
  normalised: NormalisedPhoto;
  capturedAt: CaptureTime | null;
  readings: OcrReadings;
}

/** Reads an uploaded photo, or says why it is refused (the message is for the sender, as it stands). */
export async function readOdometerPhoto(bytes: Uint8Array): Promise<OdometerPhotoReading | PhotoRefusal> {
  const check = await checkPhoto(bytes);
  if (!check.ok) return check;
  let normalised: NormalisedPhoto;
  try {
    normalised = await normalisePhoto(bytes);
  } catch {
    // A sound header over a body that does not decode: cut short on the way, most often.
    return refusal('damaged');
  }
  const capturedAt = await captureTime(bytes);
  return { ok: true, format: check.format, width: check.width, height: check.height, normalised, capturedAt, readings: await readDigitsApart(normalised.bytes) };
}
