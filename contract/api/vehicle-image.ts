import { define, object, type Infer } from 'superstruct';
import { coerceString } from '../rules/coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from '../rules/limits.ts';
import { requiredMax } from '../rules/text.ts';
import { vin } from '../rules/vin.ts';

export { VehicleImageResponse } from './policy.ts';

/**
 * POST /api/vehicle/image { vin, year, model } (doc 1 section 7, doc 2 section 7, doc 3 section 3): the
 * pictures of one vehicle, found by VIN with a fallback to year and model. A POST with a JSON body, not a
 * GET with a query (issue 22 item 11): a VIN in a URL ends up in access logs, proxies and the browser's
 * history. The year may come as a number or as its four digits. Answers VehicleImageResponse; 404 clears
 * the image.
 */
export const modelYear = coerceString(
  define<number>('modelYear', (value) =>
    // doc 1 section 1: vehicles are 1981 and later; a year past next year's models is a typo
    (typeof value === 'number' && Number.isInteger(value) && value >= 1981 && value <= new Date().getFullYear() + 2) ||
    MESSAGES.modelYear,
  ),
  (text) => (/^\d{4}$/.test(text) ? Number(text) : text),
);

export const VehicleImageRequest = object({
  vin,
  year: modelYear,
  model: requiredMax(LIMITS.shortTextMax),
});
export type VehicleImageRequest = Infer<typeof VehicleImageRequest>;

/** doc 1 section 2: the picture with view extcam02 is preferred, else the first, else none (the default image). */
export function preferredPicture(pictures: readonly { view: string; uri: string }[]): string | undefined {
  return (pictures.find((p) => p.view === 'extcam02') ?? pictures[0])?.uri;
}
