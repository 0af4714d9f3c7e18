import { define, type Struct } from 'superstruct';
import { coerceString } from './coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMITS } from './limits.ts';

/**
 * Dates (doc 1 section 5, doc 2 sections 5 and 9, doc 3 sections 5 and 9): people type and see
 * MM/DD/YYYY; requests carry YYYY-MM-DD. Every date is a calendar day (year, month, day) and all
 * arithmetic is on those three numbers, never on instants, so no time zone can move a birthday.
 * "Today" is always a parameter of the pure helpers; the structs read the real local date at the moment
 * they validate unless a clock is given (tests pin edges that way).
 */
export interface CalendarDate {
  readonly year: number;
  /** 1 to 12 */
  readonly month: number;
  /** 1 to 31 */
  readonly day: number;
}

/** A fixed day, or a clock read each time a rule runs (a server that runs past midnight moves on). */
export type Today = CalendarDate | (() => CalendarDate);

/** The runtime's local calendar day: the browser's for a shopper, the server's for the API. */
export function localToday(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** The runtime's local midnight of a calendar day: what a calendar widget (flatpickr's min and max) takes. */
export function localMidnight(day: CalendarDate): Date {
  return new Date(day.year, day.month - 1, day.day);
}

function resolveToday(today: Today | undefined): CalendarDate {
  if (today === undefined) return localToday();
  return typeof today === 'function' ? today() : today;
}

/** Gregorian leap years: every 4th year, except centuries, except every 400th (2000 yes, 1900 no). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

const US_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromParts(year: string, month: string, day: string): CalendarDate | null {
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  return isRealDate(date.year, date.month, date.day) ? date : null;
}

/** 'MM/DD/YYYY' exactly (two digits, slash, two digits, slash, four digits) and a real day; else null. */
export function parseUsDate(text: string): CalendarDate | null {
  const match = US_PATTERN.exec(text);
  return match ? fromParts(match[3]!, match[1]!, match[2]!) : null;
}

/** 'YYYY-MM-DD' exactly and a real day; else null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_PATTERN.exec(text);
  return match ? fromParts(match[1]!, match[2]!, match[3]!) : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

export function formatUsDate(date: CalendarDate): string {
  return `${pad(date.month, 2)}/${pad(date.day, 2)}/${pad(date.year, 4)}`;
}

/** '02/29/2024' -> '2024-02-29'; null when the text is not a real MM/DD/YYYY date. */
export function usToIso(text: string): string | null {
  const date = parseUsDate(text);
  return date ? formatIsoDate(date) : null;
}

/** '2024-02-29' -> '02/29/2024'; null when the text is not a real YYYY-MM-DD date. */
export function isoToUs(text: string): string | null {
  const date = parseIsoDate(text);
  return date ? formatUsDate(date) : null;
}

/** Negative when a is earlier, 0 on the same day, positive when a is later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Calendar days forward (or back, with a negative n). Date.UTC only counts days here: no zone applies. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * Calendar months forward or back, keeping the day and clamping it to the target month's last day:
 * a term starting 08/31 ends 02/28 (or 02/29), as policy terms are written.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, years * 12);
}

/**
 * Whole years of age on `today`. A birthday counts once its month and day are reached, so a person born
 * on 29 February turns 18 on 1 March in a common year (the day after 28 February): the reading most US
 * states apply to a leapling's legal age, and the one that never lets anyone be 18 a day early.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

/**
 * The date-of-birth window for a picker: `latest` is the last birth date that is `minAge` today (the 18-
 * or 16-year rule), `earliest` is `maxAge` years back (doc 2: "the oldest allowed date is 120 years back").
 * On 29 February both clamp to the 28th where the target year has none, which agrees with `ageOn`.
 */
export function birthDateBounds(
  minAge: number,
  today: CalendarDate,
  maxAge: number = LIMITS.maxAge,
): { earliest: CalendarDate; latest: CalendarDate } {
  return { earliest: addYears(today, -maxAge), latest: addYears(today, -minAge) };
}

/** Policy effective date window (doc 3 section 9): today to 30 days ahead, both included. */
export function effectiveDateBounds(
  today: CalendarDate,
  maxDaysAhead: number = LIMITS.effectiveDateMaxDaysAhead,
): { earliest: CalendarDate; latest: CalendarDate } {
  return { earliest: today, latest: addDays(today, maxDaysAhead) };
}

/** Lapsed prior insurance (doc 2 section 5): expired from 31 days ago up to today, both included. */
export function lapsedExpiryBounds(
  today: CalendarDate,
  maxDaysBack: number = LIMITS.lapsedExpiryMaxDaysBack,
): { earliest: CalendarDate; latest: CalendarDate } {
  return { earliest: addDays(today, -maxDaysBack), latest: today };
}

/** doc 2 section 4: answering "lapsed under a month" presets the expiry to 15 days ago. */
export function defaultLapsedExpiry(today: CalendarDate): CalendarDate {
  return addDays(today, -LIMITS.lapsedExpiryDefaultDaysBack);
}

/** doc 3 section 3: expirationDate is the effective date plus the 6-month term. */
export function expirationDateFor(effective: CalendarDate): CalendarDate {
  return addMonths(effective, LIMITS.termMonths);
}

export type DateFormat = 'us' | 'iso';

export interface DateRuleOptions {
  /** The day the rule counts from; the real local date when left out. */
  today?: Today;
  /** 'us' (MM/DD/YYYY, what a person types; the default) or 'iso' (YYYY-MM-DD, what a request carries). */
  format?: DateFormat;
}

const within = (date: CalendarDate, earliest: CalendarDate, latest: CalendarDate) =>
  compareDates(date, earliest) >= 0 && compareDates(date, latest) <= 0;

/**
 * The shape every date rule shares: required, the format (MM/DD/YYYY or YYYY-MM-DD), a real calendar day
 * (leap years), then the rule's own window, which gets the parsed day and today.
 */
function dateRule(
  name: string,
  options: DateRuleOptions,
  window: (date: CalendarDate, today: CalendarDate, show: (d: CalendarDate) => string) => true | string,
): Struct<string, null> {
  const format = options.format ?? 'us';
  const pattern = format === 'us' ? US_PATTERN : ISO_PATTERN;
  const parse = format === 'us' ? parseUsDate : parseIsoDate;
  const shape = define<string>(name, (value) => {
    if (typeof value !== 'string' || value === '') return MESSAGES.required;
    if (!pattern.test(value)) return format === 'us' ? MESSAGES.dateFormat : MESSAGES.dateIsoFormat;
    const date = parse(value);
    if (!date) return MESSAGES.dateReal;
    // messages always show MM/DD/YYYY: they are read by people even when the request carried ISO
    return window(date, resolveToday(options.today), formatUsDate);
  });
  return coerceString(shape, (value) => value.trim());
}

/** Any real calendar day as MM/DD/YYYY ("Date format check MM/DD/YYYY plus real-date check"). */
export const usDate: Struct<string, null> = dateRule('usDate', { format: 'us' }, () => true);

/** Any real calendar day as YYYY-MM-DD (what requests carry). */
export const isoDate: Struct<string, null> = dateRule('isoDate', { format: 'iso' }, () => true);

export interface DateOfBirthOptions extends DateRuleOptions {
  /** 18 for the policyholder and spouses, 16 for other drivers (doc 2 section 5). */
  minAge: number;
  /** The oldest allowed date is this many years back; 120 by default. */
  maxAge?: number;
}

/** Date of birth: the 18-year rule (18 to 120), the 16-year rule (16 to 120), or any window given. */
export function dateOfBirth(options: DateOfBirthOptions): Struct<string, null> {
  const maxAge = options.maxAge ?? LIMITS.maxAge;
  return dateRule('dateOfBirth', options, (date, today) => {
    if (ageOn(date, today) < options.minAge) return MESSAGES.minAge(options.minAge);
    const { earliest } = birthDateBounds(options.minAge, today, maxAge);
    return compareDates(date, earliest) >= 0 || MESSAGES.maxAge(maxAge);
  });
}

/** The age rule by a driver's relation (doc 2 section 5): the insured and spouses 18, anyone else 16. */
export function minAgeFor(relation: string | undefined): number {
  const r = (relation ?? '').toUpperCase();
  return r === 'INSURED' || r === 'SPOUSE' ? LIMITS.spouseMinAge : LIMITS.driverMinAge;
}

/** Policy effective date (doc 3 section 5): a real day from today to 30 days ahead. */
export function effectiveDate(options: DateRuleOptions & { maxDaysAhead?: number } = {}): Struct<string, null> {
  return dateRule('effectiveDate', options, (date, today, show) => {
    const { earliest, latest } = effectiveDateBounds(today, options.maxDaysAhead);
    return within(date, earliest, latest) || MESSAGES.effectiveDate(show(earliest), show(latest));
  });
}

/** Lapsed prior insurance expiry (doc 2 section 5): from 31 days ago up to today. */
export function lapsedExpiry(options: DateRuleOptions = {}): Struct<string, null> {
  return dateRule('lapsedExpiry', options, (date, today, show) => {
    const { earliest, latest } = lapsedExpiryBounds(today);
    return within(date, earliest, latest) || MESSAGES.lapsedExpiry(show(earliest), show(latest));
  });
}

/**
 * Current prior insurance expiry (doc 2 section 5): "a valid date in the future", so after today.
 * Ours: at most one year ahead, since no US auto policy runs longer than 12 months; beyond is a typo.
 */
export function currentExpiry(options: DateRuleOptions = {}): Struct<string, null> {
  return dateRule('currentExpiry', options, (date, today) => {
    if (compareDates(date, today) <= 0) return MESSAGES.currentExpiry;
    return compareDates(date, addYears(today, 1)) <= 0 || MESSAGES.currentExpiryTooFar;
  });
}

/** Claim incident date (doc 1 section 5): a real day, and (ours) not after today. */
export function incidentDate(options: DateRuleOptions = {}): Struct<string, null> {
  return dateRule('incidentDate', options, (date, today) => compareDates(date, today) <= 0 || MESSAGES.incidentDate);
}
