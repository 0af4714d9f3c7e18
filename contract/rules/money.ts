import { coerce, define, unknown, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/**
 * Money and other counted numbers of the vehicle step (doc 2 sections 5 and 9, doc 3 section 3).
 * Insured value: required, $1,000 to $300,000, a dollar mask, at most 6 integer digits; the request
 * sends it as "digits only". Whole dollars: an agreed value has no cents, so '$85,000.00' is 85000 and
 * '$85,000.50' is refused rather than silently rounded.
 */

/** '$85,000', '85000', '85,000.00' or 85000 -> 85000; null for anything else. */
export function parseDollars(input: unknown): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input >= 0 ? input : null;
  if (typeof input !== 'string') return null;
  const bare = input.replace(/[$,\s]/g, '').replace(/\.0{0,2}$/, '');
  return /^\d{1,15}$/.test(bare) ? Number(bare) : null;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function inInsuredRange(dollars: number): true | string {
  if (String(dollars).length > LIMITS.insuredValueDigits) return MESSAGES.insuredValue;
  return (dollars >= LIMITS.insuredValueMin && dollars <= LIMITS.insuredValueMax) || MESSAGES.insuredValue;
}

/** Insured value as a number of whole dollars; `check` turns the masked text ('$85,000') into 85000. */
export const insuredValue: Struct<number, null> = coerceString(
  define<number>('insuredValue', (value) => {
    if (isBlank(value)) return MESSAGES.required;
    return typeof value === 'number' && Number.isSafeInteger(value) ? inInsuredRange(value) : MESSAGES.insuredValue;
  }),
  (text) => parseDollars(text) ?? text,
);

/** The quote request's statedValue: the same rule, sent as a string of digits ('85000'). */
export const statedValue: Struct<string, null> = coerce(
  define<string>('statedValue', (value) => {
    if (isBlank(value)) return MESSAGES.required;
    return typeof value === 'string' && /^\d+$/.test(value) ? inInsuredRange(Number(value)) : MESSAGES.insuredValue;
  }),
  unknown(),
  (input) => {
    if (isBlank(input)) return input;
    const dollars = parseDollars(input);
    return dollars === null ? input : String(dollars);
  },
);

// Built once: toLocaleString with options builds a formatter on every call, and the quote call formats every
// coverage option's label (a sixth of its CPU time when it did, issue 11).
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '$1,234' style formatting for display (doc 2: "statedValue shown with $ and thousands separators"). */
export function formatDollars(amount: number): string {
  return `$${WHOLE_DOLLARS.format(amount)}`;
}

const PER_MILE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * doc 3 section 9: a per-mile rate to 3 decimals with its $ ('$0.065', '$0.070'). The one format of a rate
 * wherever it is shown: the quote step, the account, statements, the documents and the e-mails.
 */
export function formatPerMileRate(dollars: number): string {
  return PER_MILE.format(dollars);
}

const MILES_PATTERN = new RegExp(`^\\d{1,${LIMITS.annualMilesDigits}}$`);

/** Annual miles when shown (doc 2 section 5): required, numeric, at most 7 digits; '12,000' is 12000. */
export const annualMiles: Struct<number, null> = coerceString(
  define<number>('annualMiles', (value) => {
    if (isBlank(value)) return MESSAGES.required;
    const ok = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && MILES_PATTERN.test(String(value));
    return ok || MESSAGES.annualMiles;
  }),
  (text) => {
    const bare = text.replace(/[,\s]/g, '');
    return bare === '' ? '' : /^\d+$/.test(bare) ? Number(bare) : text;
  },
);

/** doc 3 section 9: the miles a quote request carries are capped at 14,600 a year. */
export function requestMiles(annual: number): number {
  return Math.min(annual, LIMITS.requestMilesCap);
}

/**
 * The one-time mileage notice (doc 2 section 4) is due when the quote is based on fewer miles than the
 * person entered: above the request's cap, the number the notice names (issue 20).
 */
export function mileageNoticeDue(annual: number): boolean {
  return requestMiles(annual) < annual;
}

/** Household count (doc 2 section 5, OH only): required and numeric, a whole number of people from 1. */
export const householdCount: Struct<number, null> = coerceString(
  define<number>('householdCount', (value) => {
    if (isBlank(value)) return MESSAGES.required;
    // ours: 1 to 99 people; the spec says only "numeric"
    return (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 99) || MESSAGES.householdCount;
  }),
  (text) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text),
);

const LIMIT_AMOUNTS = /^(\$?[\d,]+)(?:\/(\$?[\d,]+))?( CSL)?$/;

/**
 * A coverage limit as both quote steps show it (issue 11: one format on step 4 and step 5): each amount in
 * dollars with its $ and thousands separators ('100,000/300,000' and '100000/300000' -> '$100,000/$300,000',
 * '500' -> '$500', '1000 CSL' is not rewritten as thousands: '$1,000 CSL'); any other text (a decline,
 * 'Stacked', 'ACV w/ 100 DED') as it is.
 */
export function formatLimitText(limit: string): string {
  const match = LIMIT_AMOUNTS.exec(limit.trim());
  if (!match) return limit;
  const dollars = (text: string) => formatDollars(Number(text.replace(/[$,]/g, '')));
  const [, first, second, csl] = match;
  return `${dollars(first!)}${second ? `/${dollars(second)}` : ''}${csl ?? ''}`;
}
