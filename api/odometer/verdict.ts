/**
 * The outcome of one odometer photo and its typed reading (issue 8, item 4): verified, needs a person's
 * review (with the reasons, for the operations page), or rejected (with a message the sender can act on
 * at once). Pure: every fact comes in as an argument, the clock included.
 *
 * - A typed reading below the last one is rejected: odometers do not run backwards, and the sender is still
 *   at the car to look again.
 * - A photo neither reader could read is rejected too, asking for a closer, sharper photo: the sender is
 *   holding the phone by the car and a retake takes seconds, while a review takes a person and a day and
 *   most often ends in the same request by e-mail. But a display our OCR cannot read would then refuse its
 *   owner for ever, so after UNREADABLE_RETAKES such photos the next one goes to a person instead.
 * - Otherwise every doubt is a reason for review, and a reading with none is verified: the two readers
 *   agree with each other and with the typed reading (US 10,534,968's two passes that must agree), the
 *   miles a day since the last reading are within the ceiling, and the photo's capture time, when it has
 *   one, lies within the request's window.
 *
 * Issue 24, decisions that stay safe:
 * - When both passes agree with each other but not with the typed reading, the sender is shown what the
 *   photo reads at once and asked to look again ('suggested': kept, not accepted), rather than wait a day for
 *   a person. Never when the passes disagree or only one read, never twice in one request, and never a
 *   reading below the last accepted one (that goes to a person, as before).
 * - A reading typed after a suggestion is never 'verified': the typed value was not independent of the
 *   readers. When both passes read it and nothing else is in doubt it is 'confirmed' (accepted for billing),
 *   except for a sample that a person checks first (sampledForReview): every one whose value differs from
 *   the suggestion (a retaken photo read otherwise, so one of the two agreements was wrong) and 1 in N of
 *   the rest. A typed reading the passes still do not read after a suggestion goes to a person.
 *
 * Readings are compared as numbers: an odometer shows leading zeros (012345), a person often types none.
 * The reasons hold readings, dates and counts only, nothing about the person.
 */
import { createHash } from 'node:crypto';
import type { CaptureTime } from './exif.ts';
import { ODOMETER_MESSAGES } from './messages.ts';

/** Miles a day since the last reading above which a person looks (a long day's drive is 600 to 800). */
export const DEFAULT_MAX_MILES_PER_DAY = 1000;

/** Unreadable photos for one request that are sent back for a retake; the one after goes to review. */
export const UNREADABLE_RETAKES = 2;

/** Of the readings confirmed after a suggestion whose value is the suggested one, 1 in this many is checked by a person first. */
export const DEFAULT_CONFIRMED_REVIEW_ONE_IN = 10;

/**
 * Whether a reading confirmed after the suggestion `suggestionId` is drawn for a person's check, 1 in
 * `oneIn`: by a hash of the suggested attempt's id, so the draw is the same however often it is asked and
 * is spread evenly whatever the ids' pattern; `oneIn` 1 draws every one.
 */
export function sampledForReview(suggestionId: number, oneIn: number): boolean {
  if (oneIn <= 1) return true;
  const digest = createHash('sha256').update(`odometer-suggestion:${suggestionId}`).digest();
  return digest.readUInt32BE(0) % Math.floor(oneIn) === 0;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A phone's clock may be a little off even when it records its zone. */
const CLOCK_SKEW = 10 * MINUTE;
/** Time zones run from UTC-12 to UTC+14: the bounds of a wall clock recorded without its zone. */
const ZONE_AHEAD = 14 * HOUR;
const ZONE_BEHIND = 12 * HOUR;

export interface VerdictInput {
  /** The reading as typed: digits only (the contract's odometerReading rule). */
  typed: string;
  /** The two readers' digits (./reader/reader.ts), null where a reader read nothing it was sure of. */
  ocr: { first: string | null; second: string | null };
  /** The last accepted reading of this vehicle and when it was taken; null for the first one. */
  previous: { reading: number; at: Date } | null;
  /** The photo's EXIF capture time (exif.ts), null when it has none. */
  capturedAt: CaptureTime | null;
  /** The request's window: from when its link was issued to now, the photo's arrival. */
  window: { from: Date; to: Date };
  /** Photos sent earlier for this request that neither pass could read (default 0). */
  unreadableBefore?: number;
  /** The configured ceiling (default DEFAULT_MAX_MILES_PER_DAY). */
  maxMilesPerDay?: number;
  /**
   * The suggestion shown for this request before this reading was typed, as the server's own record has it
   * (the 'suggested' attempt's id and what both passes read then), or null when none was shown.
   */
  afterSuggestion?: { id: number; reading: string } | null;
  /** Why the page's claim of a suggestion could not be matched to that record (forged, another vehicle's, stale), or null. */
  suggestionDoubt?: string | null;
  /** 1 in this many confirmed readings equal to their suggestion is checked by a person first (default DEFAULT_CONFIRMED_REVIEW_ONE_IN). */
  confirmedReviewOneIn?: number;
}

export type Verdict =
  | { status: 'verified' }
  | { status: 'confirmed' }
  | { status: 'suggested'; reading: string }
  | { status: 'needs_review'; reasons: string[] }
  | { status: 'rejected'; message: string };

const number = (digits: string) => Number.parseInt(digits, 10);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** Why the OCR readings do not confirm the typed one, or null when both passes read it. */
function ocrDoubt(typed: string, { first, second }: VerdictInput['ocr']): string | null {
  if (first === null || second === null) {
    const read = first ?? second;
    return `only one reader read the photo: ${read}; the typed reading is ${typed}`;
  }
  if (number(first) !== number(second)) return `the two readers disagree: ${first} and ${second}; the typed reading is ${typed}`;
  if (withTenths(first, number(typed))) return `the photo reads ${first}, the typed reading ${typed} and one digit more: a tenths drum or decimal read as a whole mile?`;
  if (number(first) !== number(typed)) return `the photo reads ${first}, the typed reading is ${typed}`;
  return null;
}

/** Why the miles since the last reading are implausible, or null. A day at least, so a same-day reading is judged per day. */
function mileageDoubt(typed: number, previous: VerdictInput['previous'], now: Date, ceiling: number): string | null {
  if (previous === null) return null;
  const days = Math.max(1, (now.getTime() - previous.at.getTime()) / DAY);
  const perDay = (typed - previous.reading) / days;
  if (perDay <= ceiling) return null;
  const wholeDays = Math.round(days);
  return `${count(typed - previous.reading)} miles in ${wholeDays} day${wholeDays === 1 ? '' : 's'} since the last reading (${count(perDay)} a day; the ceiling is ${count(ceiling)})`;
}

/** Why the capture time falls outside the request's window, or null (also when there is none). */
function captureDoubt(capturedAt: CaptureTime | null, window: VerdictInput['window']): string | null {
  if (capturedAt === null) return null;
  const at = capturedAt.at.getTime();
  const earliest = (capturedAt.zoned ? at : at - ZONE_AHEAD) - CLOCK_SKEW;
  const latest = (capturedAt.zoned ? at : at + ZONE_BEHIND) + CLOCK_SKEW;
  const taken = capturedAt.zoned ? `the photo was taken ${utc(capturedAt.at)}` : `the photo's clock reads ${utc(capturedAt.at).replace(' UTC', '')} (no time zone)`;
  if (latest < window.from.getTime()) return `${taken}, before the request was sent (${utc(window.from)})`;
  if (earliest > window.to.getTime()) return `${taken}, after it was received (${utc(window.to)})`;
  return null;
}

/** The reading both readers agree on (as numbers: 031560 is 31560), as the first wrote it; null when they disagree or either read nothing. */
export function agreedReading({ first, second }: VerdictInput['ocr']): string | null {
  return first !== null && second !== null && number(first) === number(second) ? first : null;
}

/** Whether `read` is the typed reading with one more digit after it (031560 typed, 0315607 read). */
export function withTenths(read: string, typed: number): boolean {
  const digits = String(number(read));
  return digits.length === String(typed).length + 1 && digits.startsWith(String(typed));
}

export function decideReading(input: VerdictInput): Verdict {
  const typed = number(input.typed);
  if (input.previous !== null && typed < input.previous.reading) {
    return { status: 'rejected', message: ODOMETER_MESSAGES.belowPrevious(typed, input.previous.reading) };
  }
  const unreadableBefore = input.unreadableBefore ?? 0;
  const unreadable = input.ocr.first === null && input.ocr.second === null;
  if (unreadable && unreadableBefore < UNREADABLE_RETAKES) return { status: 'rejected', message: ODOMETER_MESSAGES.unreadable };
  const after = input.afterSuggestion ?? null;
  const doubt = input.suggestionDoubt ?? null;
  const agreed = agreedReading(input.ocr);
  // Both passes read one number that is not the typed one: shown to the sender at once, the first time only.
  // Not when it is the typed reading with a digit after it: the readers most likely read a tenths drum or a
  // decimal too, and suggesting ten times the miles could bill them; a person looks instead.
  if (after === null && doubt === null && agreed !== null && number(agreed) !== typed && !withTenths(agreed, typed) && (input.previous === null || number(agreed) >= input.previous.reading)) {
    return { status: 'suggested', reading: agreed };
  }
  const reasons = [
    after ? `typed after the page showed what the photo read: ${after.reading} (attempt ${after.id})` : null,
    doubt,
    unreadable ? `neither reader could read the photo (the ${ordinal(unreadableBefore + 1)} unreadable photo for this request); the typed reading is ${input.typed}` : ocrDoubt(input.typed, input.ocr),
    mileageDoubt(typed, input.previous, input.window.to, input.maxMilesPerDay ?? DEFAULT_MAX_MILES_PER_DAY),
    captureDoubt(input.capturedAt, input.window),
  ].filter((reason): reason is string => reason !== null);
  if (after === null) return reasons.length === 0 ? { status: 'verified' } : { status: 'needs_review', reasons };
  if (reasons.length > 1) return { status: 'needs_review', reasons };
  // Read by both passes after a suggestion, nothing else in doubt: confirmed, or first checked by a person.
  if (number(after.reading) !== typed) {
    return { status: 'needs_review', reasons: [...reasons, `confirmed by both readers, but not the reading suggested before (${after.reading}): one of the two photos was read wrongly by both readers, so a person checks it`] };
  }
  const oneIn = input.confirmedReviewOneIn ?? DEFAULT_CONFIRMED_REVIEW_ONE_IN;
  if (sampledForReview(after.id, oneIn)) {
    return { status: 'needs_review', reasons: [...reasons, `confirmed by both readers after the suggestion; drawn for the sample a person checks (1 in ${Math.floor(Math.max(1, oneIn))})`] };
  }
  return { status: 'confirmed' };
}
