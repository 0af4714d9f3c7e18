import { define, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';
import { isStateCode, stateName, type StateCode } from '../reference/states.ts';

/**
 * Driver's licence number formats by licence state, exactly as doc 2 section 5 lists them
 * ("letter = A-Z any case, digit = 0-9"). The spec lists all 50 states and DC, so every state has its
 * own rule; none needed a fallback. Before matching, everything but letters, digits and '*' is stripped
 * (doc 2 section 5), so 'D123-4567' is D1234567. Each alternative is one regular expression, written in
 * the spec's own words beside it so a reader can compare them line by line.
 */
const L = '[A-Z]';
const d = (from: number, to: number = from) => (from === to ? `\\d{${from}}` : `\\d{${from},${to}}`);
const letters = (from: number, to: number = from) => (from === to ? `${L}{${from}}` : `${L}{${from},${to}}`);

export const LICENCE_FORMATS: Readonly<Record<StateCode, { spec: string; patterns: readonly string[] }>> = {
  AL: { spec: '1-7 digits', patterns: [d(1, 7)] },
  AK: { spec: '1-7 digits', patterns: [d(1, 7)] },
  AZ: { spec: 'letter + 8 digits, or 9 digits', patterns: [L + d(8), d(9)] },
  AR: { spec: '4-9 digits', patterns: [d(4, 9)] },
  CA: { spec: 'letter + 7 digits', patterns: [L + d(7)] },
  CO: {
    spec: '9 digits, letter + 3-6 digits, or 2 letters + 2-5 digits',
    patterns: [d(9), L + d(3, 6), letters(2) + d(2, 5)],
  },
  CT: { spec: '9 digits', patterns: [d(9)] },
  DE: { spec: '1-7 digits', patterns: [d(1, 7)] },
  DC: { spec: '7 or 9 digits', patterns: [d(7), d(9)] },
  FL: { spec: 'letter + 12 digits', patterns: [L + d(12)] },
  GA: { spec: '7-9 digits', patterns: [d(7, 9)] },
  HI: { spec: 'letter + 8 digits, or 9 digits', patterns: [L + d(8), d(9)] },
  ID: { spec: '2 letters + 6 digits + letter, or 9 digits', patterns: [letters(2) + d(6) + L, d(9)] },
  IL: { spec: 'letter + 11-12 digits', patterns: [L + d(11, 12)] },
  IN: { spec: 'letter + 9 digits, 9 digits or 10 digits', patterns: [L + d(9), d(9), d(10)] },
  IA: { spec: '9 digits, or 3 digits + 2 letters + 4 digits', patterns: [d(9), d(3) + letters(2) + d(4)] },
  KS: {
    spec: 'letter-digit-letter-digit-letter, letter + 8 digits, or 9 digits',
    patterns: [L + d(1) + L + d(1) + L, L + d(8), d(9)],
  },
  KY: { spec: 'letter + 8 or 9 digits, or 9 digits', patterns: [L + d(8, 9), d(9)] },
  LA: { spec: '1-9 digits', patterns: [d(1, 9)] },
  ME: { spec: '7 digits, 7 digits + letter, or 8 digits', patterns: [d(7), d(7) + L, d(8)] },
  MD: { spec: 'letter + 12 digits', patterns: [L + d(12)] },
  MA: { spec: 'letter + 8 digits, or 9 digits', patterns: [L + d(8), d(9)] },
  MI: { spec: 'letter + 10 or 12 digits', patterns: [L + d(10), L + d(12)] },
  MN: { spec: 'letter + 12 digits', patterns: [L + d(12)] },
  MS: { spec: '9 digits', patterns: [d(9)] },
  MO: {
    spec: 'letter + 5-9 digits, letter + 6 digits + R, 8 digits + 2 letters, 9 digits + letter, or 9 digits',
    patterns: [L + d(5, 9), L + d(6) + 'R', d(8) + letters(2), d(9) + L, d(9)],
  },
  MT: { spec: 'letter + 8 digits, 9, 13 or 14 digits', patterns: [L + d(8), d(9), d(13), d(14)] },
  NE: { spec: 'letter + 6-8 digits', patterns: [L + d(6, 8)] },
  NV: { spec: '9, 10 or 12 digits, or X + 8 digits', patterns: [d(9), d(10), d(12), 'X' + d(8)] },
  NH: { spec: '2 digits + 3 letters + 5 digits', patterns: [d(2) + letters(3) + d(5)] },
  NJ: { spec: 'letter + 14 digits', patterns: [L + d(14)] },
  NM: { spec: '8-9 digits', patterns: [d(8, 9)] },
  NY: {
    spec: 'letter + 7 digits, letter + 18 digits, 8, 9 or 16 digits, or 8 letters',
    patterns: [L + d(7), L + d(18), d(8), d(9), d(16), letters(8)],
  },
  NC: { spec: '1-12 digits', patterns: [d(1, 12)] },
  ND: { spec: '3 letters + 6 digits, or 9 digits', patterns: [letters(3) + d(6), d(9)] },
  OH: {
    spec: 'letter + 4-8 digits, 2 letters + 3-7 digits, or 8 digits',
    patterns: [L + d(4, 8), letters(2) + d(3, 7), d(8)],
  },
  OK: { spec: 'letter + 9 digits or 9 digits', patterns: [L + d(9), d(9)] },
  OR: { spec: '1-9 alphanumerics, or letter + 6 digits', patterns: ['[A-Z0-9]{1,9}', L + d(6)] },
  PA: { spec: '8 digits', patterns: [d(8)] },
  RI: { spec: '7 digits or letter + 6 digits', patterns: [d(7), L + d(6)] },
  SC: { spec: '5-11 digits', patterns: [d(5, 11)] },
  SD: { spec: '6-10 or 12 digits', patterns: [d(6, 10), d(12)] },
  TN: { spec: '7-9 digits', patterns: [d(7, 9)] },
  TX: { spec: '7-8 digits', patterns: [d(7, 8)] },
  UT: { spec: '4-10 digits', patterns: [d(4, 10)] },
  VT: { spec: '8 digits or 7 digits + A', patterns: [d(8), d(7) + 'A'] },
  VA: { spec: 'letter + 8-11 digits, or 9 digits', patterns: [L + d(8, 11), d(9)] },
  WA: { spec: 'letter + 11 alphanumerics or asterisks', patterns: [L + '[A-Z0-9*]{11}'] },
  WV: { spec: '7 digits, or 1-2 letters + 5-6 digits', patterns: [d(7), letters(1, 2) + d(5, 6)] },
  WI: { spec: 'letter + 13 digits', patterns: [L + d(13)] },
  WY: { spec: '9-10 digits', patterns: [d(9, 10)] },
};

// One anchored, case-insensitive expression per state, built once.
const MATCHERS = new Map<string, RegExp>(
  Object.entries(LICENCE_FORMATS).map(([state, { patterns }]) => [
    state,
    new RegExp(`^(?:${patterns.join('|')})$`, 'i'),
  ]),
);

/** Doc 2 section 5: "non-alphanumeric characters other than an asterisk are stripped". */
export function normaliseLicenceNumber(input: string): string {
  return input.replace(/[^A-Za-z0-9*]/g, '');
}

/** True when `licenceNumber` (stripped first) has one of `state`'s formats. */
export function isLicenceNumber(state: string, licenceNumber: string): boolean {
  const matcher = MATCHERS.get(state);
  return matcher !== undefined && matcher.test(normaliseLicenceNumber(licenceNumber));
}

/** The name the original product gave each state's rule (doc 2 section 3: DLValidation, 'DL#' plus the state). */
export function licenceRuleName(state: StateCode): string {
  return `DL#${state}`;
}

/** Doc 2 section 5: licence numbers are compared without case and punctuation for the duplicate rule. */
export function sameLicenceNumber(a: string, b: string): boolean {
  return normaliseLicenceNumber(a).toUpperCase() === normaliseLicenceNumber(b).toUpperCase();
}

function licenceFailure(state: unknown, value: unknown): true | string {
  if (typeof value !== 'string' || normaliseLicenceNumber(value) === '') return MESSAGES.required;
  // without a licence state there is no format to hold it to; the state field reports its own error
  if (!isStateCode(state)) return true;
  return isLicenceNumber(state, value) || MESSAGES.licence(stateName(state)!);
}

/** A licence number (stripped by `check`) for a state known in advance (a widget re-creates it when the state select changes). */
export function licenceNumberFor(state: StateCode): Struct<string, null> {
  return coerceString(
    define<string>('licenceNumber', (value) => licenceFailure(state, value)),
    normaliseLicenceNumber,
  );
}

/**
 * A licence number inside an object that also holds the licence state under `stateKey` (the driver form
 * and the quote request's driver entry): the format follows the sibling, so both errors show in one pass.
 */
export function licenceNumberBesides(stateKey: string = 'licenseState'): Struct<string, null> {
  const shape = define<string>('licenceNumber', (value, context) => {
    const parent = context.branch[context.branch.length - 2] as Record<string, unknown> | undefined;
    return licenceFailure(parent?.[stateKey], value);
  });
  return coerceString(shape, normaliseLicenceNumber);
}
