/**
 * The odometer page's decisions, without the DOM, so they are tested in node: where a vehicle stands, what
 * its latest reading says, which billing period a reading sent today closes, whether a chosen file may be sent, which field a server message belongs to, and
 * the multipart form the API takes.
 */
import type { OdometerBox, OdometerPeriodView, OdometerReadingView, OdometerStatus } from '../../../contract/api/onboarding.ts';
import { odometerBoxText, odometerReading } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { isoToUs } from '../../../contract/rules/dates.ts';
import { check } from '../../../contract/validate.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

/** The server's image check refuses more than 10 MB (issue 8); the page refuses it before the upload. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** done: nothing more to send; waiting: a person looks at the photo; open: a photo is wanted. */
export type VehicleStanding = 'done' | 'waiting' | 'open';

const STANDING: Record<OdometerStatus, VehicleStanding> = {
  verified: 'done',
  approved: 'done',
  needs_review: 'waiting',
  rejected: 'open',
  declined: 'open',
  superseded: 'open',
  // shown what the photo reads: a reading is still wanted (issue 24)
  suggested: 'open',
  confirmed: 'done',
};

export function standingOf(latest: OdometerReadingView | null): VehicleStanding {
  return latest ? STANDING[latest.status] : 'open';
}

/** 'Last photo: 12,345 miles, sent 03/27/2025. Verified.', then what to do for a refused one. */
export function latestInWords(latest: OdometerReadingView | null): string {
  if (!latest) return T.noPhotoYet;
  const line = T.latest(latest.reading.toLocaleString('en-US'), isoToUs(latest.sentOn.slice(0, 10)) ?? latest.sentOn, T.status[latest.status]);
  return latest.message && STANDING[latest.status] === 'open' ? `${line} ${latest.message}` : line;
}

/**
 * Which billing period a reading sent today closes, in words: 'This reading closes your billing period of
 * 03/02/2026 to 04/02/2026. It is due by 04/09/2026.', or that it counts in the next bill when none is open
 * to it; nothing for a vehicle not billed by the mile (the API leaves the field out).
 */
export function periodInWords(closes: OdometerPeriodView | null | undefined): string | null {
  if (closes === undefined) return null;
  if (closes === null) return T.countedNextBill;
  const us = (iso: string) => isoToUs(iso) ?? iso;
  return T.closesPeriod(us(closes.start), us(closes.end), us(closes.dueOn));
}

/** What is wrong with the chosen file, checked before any upload; the server checks the bytes again. */
export function photoProblem(file: Pick<File, 'size' | 'type'> | undefined): string | undefined {
  if (!file) return T.photoMissing;
  if (!file.type.startsWith('image/')) return T.notAPhoto;
  if (file.size > MAX_PHOTO_BYTES) return T.photoTooLarge;
  return undefined;
}

export function readingProblem(value: string): string | undefined {
  const result = check(value.trim(), odometerReading);
  return result.ok ? undefined : result.errors[0]?.message;
}

/** A problem to show in the summary, and the field it links to, if any. */
export interface PhotoProblem {
  message: string;
  field: 'photo' | 'reading' | null;
}

/**
 * The field a server message is about, so the summary links to it: the contract's own field messages by
 * their text, a photo too large or not an image (413, 415) by status. A rejection after reading the photo
 * (422) and anything else belong to the whole form.
 */
export function fieldOfMessage(message: string, status: number): 'photo' | 'reading' | null {
  if (message === MESSAGES.odometerReading) return 'reading';
  if (message === MESSAGES.odometerPhotoMissing || status === 413 || status === 415) return 'photo';
  return null;
}

/**
 * What a failed upload shows: the server's own messages for a 4xx; for a 413 or 415 without them (a proxy
 * in front of the API answered), ours for the same problem; for no answer or a 5xx, the fallback text.
 */
export function uploadProblems(status: number, messages: readonly string[]): PhotoProblem[] {
  const fallback = status === 413 ? T.photoTooLarge : status === 415 ? T.notAPhoto : T.failure;
  const shown = status === 0 || status >= 500 ? [T.failure] : messages.length > 0 ? messages : [fallback];
  return shown.map((message) => ({ message, field: fieldOfMessage(message, status) }));
}

/**
 * POST /api/odometer/photo's body (contract OdometerPhotoFields, and the file as `photo`, unchanged). With
 * the guide frame placed, its box as `box` (`left,top,width,height`); after a suggestion, the suggested
 * attempt as `afterSuggestion` (issue 24).
 */
export function photoForm(
  token: string, carNumber: number, reading: string, photo: File, extra: { box?: OdometerBox | null; afterSuggestion?: number | null } = {},
): FormData {
  const form = new FormData();
  form.set('token', token);
  form.set('carNumber', String(carNumber));
  form.set('reading', reading.trim());
  if (extra.box) form.set('box', odometerBoxText(extra.box));
  if (extra.afterSuggestion) form.set('afterSuggestion', String(extra.afterSuggestion));
  form.set('photo', photo);
  return form;
}
