/**
 * Offline VIN decoding (DESIGN.md "VIN"): no provider call, no network, pure and in memory.
 *
 * 1. Shape: 17 characters of A-H, J-N, P, R-Z, 0-9 (49 CFR 565.15; the contract's `isVin`).
 * 2. Check digit at position 9 (49 CFR 565.15(c); the contract's `hasValidCheckDigit`). US VINs always
 *    carry one; a rest-of-world VIN (Z at position 9) fails here, as the programme insures US vehicles.
 * 3. Model year from position 10, its 30-year cycle told apart by position 7 (a digit for 1980-2009,
 *    a letter for 2010-2039: 49 CFR 565.15(c), the 2008 rule 73 FR 23367).
 * 4. Maker from the WMI (positions 1-3): WP0 and WP1 are the marque; any other valid VIN is another
 *    maker's, named when its WMI is in ./wmi.ts.
 * 5. Model line and body from the type number (positions 7, 8, 12) and position 4 (./porsche.ts).
 */
import { hasValidCheckDigit, isVin } from '../../contract/index.ts';
import { PORSCHE_WMIS, TYPE_NUMBERS, typeNumber, type BodyStyle, type ModelLine, type PorscheWmi } from './porsche.ts';
import { otherMakerName } from './wmi.ts';

const PORSCHE = 'Porsche';

export type VinDecode =
  | { kind: 'porsche'; year: number; make: typeof PORSCHE; model: ModelLine; bodyStyle: BodyStyle; typeNumber: string }
  | { kind: 'other-maker'; wmi: string; maker: string | undefined; year: number }
  /** Not a VIN at all: wrong shape, wrong check digit, or no model-year code at position 10. */
  | { kind: 'invalid'; reason: 'format' | 'check-digit' | 'model-year' }
  /** A valid VIN of the marque that names no vehicle we know (type, body letter or year). */
  | { kind: 'unknown'; reason: 'type' | 'body' | 'year' };

/** Position 10 codes in order: A-Y without I, O, Q, U, Z, then 1-9 (49 CFR 565.15(b)). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of a VIN, or null when position 10 holds no year code. Position 7 picks the cycle:
 * a digit there means 1980-2009, a letter 2010-2039.
 */
export function modelYearOf(vin: string): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  const seventh = vin[6] ?? '';
  const secondCycle = seventh >= 'A' && seventh <= 'Z';
  return 1980 + index + (secondCycle ? 30 : 0);
}

function isPorscheWmi(wmi: string): wmi is PorscheWmi {
  return Object.hasOwn(PORSCHE_WMIS, wmi);
}

/**
 * Decodes an upper-case VIN. `now` bounds the model year: a model year past next year's models cannot be
 * on the road yet (the same bound as the contract's modelYear rule).
 */
export function decodeVin(vin: string, now: Date = new Date()): VinDecode {
  if (!isVin(vin)) return { kind: 'invalid', reason: 'format' };
  if (!hasValidCheckDigit(vin)) return { kind: 'invalid', reason: 'check-digit' };
  const year = modelYearOf(vin);
  if (year === null) return { kind: 'invalid', reason: 'model-year' };

  const wmi = vin.slice(0, 3);
  if (!isPorscheWmi(wmi)) return { kind: 'other-maker', wmi, maker: otherMakerName(wmi), year };

  const type = typeNumber(vin);
  const entry = TYPE_NUMBERS[type];
  if (!entry || entry.wmi !== wmi) return { kind: 'unknown', reason: 'type' };
  const lineAndBody = entry.bodies[vin[3]!];
  if (!lineAndBody) return { kind: 'unknown', reason: 'body' };
  const lastYear = Math.min(entry.to ?? Number.POSITIVE_INFINITY, now.getFullYear() + 2);
  if (year < entry.from || year > lastYear) return { kind: 'unknown', reason: 'year' };
  const [model, bodyStyle] = lineAndBody;
  return { kind: 'porsche', year, make: PORSCHE, model, bodyStyle, typeNumber: type };
}
