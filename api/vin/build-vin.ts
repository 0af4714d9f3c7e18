/**
 * Builds VINs to the rules, for tests and the benchmark: real customers' VINs never go into the repo,
 * and a hand-typed VIN with a wrong check digit would test nothing. Not used by the service itself.
 */
import { vinCheckDigit } from '../../contract/index.ts';

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** Puts the right check digit at position 9 of a 17-character VIN (whatever stands there now). */
export function withCheckDigit(vin: string): string {
  const digit = vinCheckDigit(vin);
  if (digit === null) throw new Error(`not a VIN shape: ${vin}`);
  return `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
}

/** The position 10 code of a model year 1980-2039. */
export function yearCode(year: number): string {
  const code = YEAR_CODES[(year - 1980) % 30];
  if (year < 1980 || year > 2039 || !code) throw new Error(`no year code for ${year}`);
  return code;
}

export interface PorscheVinParts {
  /** Type number as Porsche writes it: '991', '9PA', 'Y1A'. */
  type: string;
  year: number;
  body: string;
  wmi?: string;
  engine?: string;
  restraint?: string;
  plant?: string;
  /** Positions 13-17. */
  serial?: string;
}

/**
 * A marque VIN with a correct check digit: from 2010 the leading 9 of the type number is written A at
 * position 7 (49 CFR 565.15(c)), so 991 in 2014 reads A9 ... 1.
 */
export function porscheVin(parts: PorscheVinParts): string {
  const { type, year, body } = parts;
  const seventh = year >= 2010 && type[0] === '9' ? 'A' : type[0]!;
  const vin = `${parts.wmi ?? 'WP0'}${body}${parts.engine ?? 'A'}${parts.restraint ?? '2'}${seventh}${type[1]}0${yearCode(year)}${
    parts.plant ?? 'S'
  }${type[2]}${parts.serial ?? '12345'}`;
  return withCheckDigit(vin);
}
