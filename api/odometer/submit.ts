/**
 * An odometer photo sent from the odometer page (issue 8), start to end: the photo is checked by its bytes
 * and read twice by OCR (read-photo.ts), the verdict weighs the two readings against the typed one, the last
 * accepted reading and the photo's capture time (verdict.ts), and the outcome is stored with the normalised
 * photo. A verified reading may complete the policy, which is then issued.
 *
 * A photo sent while an earlier one of the same vehicle waits for review replaces it (issue 23: the sender
 * typed the reading wrong, or took a sharper photo): the waiting one is superseded in the same transaction.
 * A photo held for review is mailed to the care team with the reading, so it always reaches a person.
 *
 * Issue 24: with the guide frame's box, the crop of the photo to it is read and kept beside the whole photo
 * (both in the blob store, the box and the crop's key on the reading). When both readers agree on another
 * reading than the typed one, the sender is answered at once with what the photo reads ('suggested', kept,
 * not accepted). A reading sent after that is judged against the server's own record of the suggestions it
 * showed this vehicle in this request, never on the page's word alone: the page's `afterSuggestion` must name
 * one of them, shown within SUGGESTION_MS, or the reading goes to a person.
 */
import { MESSAGES, type OdometerBox } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { blobKey } from '../blobs/store.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueIfComplete } from '../policies/issue.ts';
import { policyNumberOf, vehicleBoundAt } from '../policies/records.ts';
import type { PhotoProblem } from './image.ts';
import { readOdometerPhoto } from './read-photo.ts';
import { countedReading, insertReading, lastAcceptedReading, suggestionsSince, supersedeHeld, unreadableSince, type ReadingRow } from './readings.ts';
import { HELD_READING_MAIL_KIND, heldReadingMail } from './review-mail.ts';
import { ODOMETER_MESSAGES } from './messages.ts';
import { decideReading } from './verdict.ts';
import { randomBytes } from 'node:crypto';

/** What the person reads after a photo was kept. */
const ODOMETER_ANSWERS = {
  verified: (miles: number) => `Thank you: the reading of ${miles.toLocaleString('en-US')} miles is verified.`,
  // (issue 24: retyped after a suggestion; accepted, and never called verified)
  confirmed: (miles: number) => `Thank you: the reading of ${miles.toLocaleString('en-US')} miles is accepted.`,
  // (no "nothing more to do": while it waits, the odometer page offers to send it again, issue 23)
  needsReview: 'Thank you: we have your photo. Our team checks it within one business day and e-mails you the result.',
} as const;

/** A refusal's reason by what was wrong with the file: not an image we take, too large, or damaged. */
const PHOTO_REFUSAL = {
  notAPhoto: 'photo-not-a-photo', tooLarge: 'photo-too-large', tooManyPixels: 'photo-too-many-pixels', damaged: 'photo-damaged',
} as const satisfies Record<PhotoProblem, string>;

export interface PhotoSubmission {
  policyId: number;
  carNumber: number;
  typedReading: number;
  photo: Uint8Array;
  /** The guide frame's box over the digits, as fractions of the upright photo (issue 24). */
  box?: OdometerBox;
  /** The attempt whose suggestion the page says it showed before this reading was typed (issue 24). */
  afterSuggestion?: number;
}

export type SubmitOutcome =
  | { kind: 'kept'; status: 'verified' | 'confirmed' | 'needs_review'; message: string }
  | { kind: 'suggested'; attempt: number; reading: string; message: string }
  | {
      kind: 'refused';
      reason: 'no-such-vehicle' | 'reading-already-verified' | 'reading-rejected' | (typeof PHOTO_REFUSAL)[PhotoProblem];
      message: string;
    };

/** Within this long of an accepted reading, another photo of the same vehicle is refused. */
const SAME_READING_MS = 24 * 60 * 60_000;

/** A suggestion is answered while the sender is still at the car: a reading sent later after it goes to a person. */
const SUGGESTION_MS = 60 * 60_000;

/**
 * The suggestion this reading follows, by the server's record (`shown`: this vehicle's suggestions in this
 * request, newest first), and why the page's claim does not match it, if it does not. Whatever the page
 * says, a suggestion shown in this request means the typed reading may have come from it.
 */
function suggestionFollowed(shown: readonly ReadingRow[], claimed: number | undefined, now: Date): { after: { id: number; reading: string } | null; doubt: string | null } {
  const named = claimed === undefined ? undefined : shown.find((row) => row.id === claimed);
  const row = named ?? shown[0];
  const after = row ? { id: row.id, reading: row.ocrFirst ?? '' } : null;
  if (claimed !== undefined && !named) {
    return { after, doubt: `the page said it showed the suggestion of attempt ${claimed}, which is not a suggestion made for this vehicle in this request` };
  }
  if (row && now.getTime() - row.createdAt.getTime() > SUGGESTION_MS) {
    return { after, doubt: `the suggestion (attempt ${row.id}) was shown more than ${SUGGESTION_MS / 60_000} minutes before this reading was sent` };
  }
  return { after, doubt: null };
}

export async function submitOdometerPhoto(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'config' | 'documents'>, submission: PhotoSubmission): Promise<SubmitOutcome> {
  const { policyId, carNumber } = submission;
  const boundAt = await vehicleBoundAt(deps.db, policyId, carNumber);
  if (!boundAt) return { kind: 'refused', reason: 'no-such-vehicle', message: MESSAGES.odometerVehicle };

  const previous = await lastAcceptedReading(deps.db, policyId, carNumber);
  const now = deps.clock();
  // A second photo the same day is a double tap or a reload, not a new billing period's reading.
  if (previous && now.getTime() - previous.createdAt.getTime() < SAME_READING_MS) {
    return { kind: 'refused', reason: 'reading-already-verified', message: MESSAGES.odometerAlreadyVerified };
  }

  const read = await readOdometerPhoto(submission.photo, submission.box);
  if (!read.ok) return { kind: 'refused', reason: PHOTO_REFUSAL[read.problem], message: read.message };

  const requestFrom = previous?.createdAt ?? boundAt;
  const unreadable = await unreadableSince(deps.db, policyId, carNumber, requestFrom);
  const followed = suggestionFollowed(await suggestionsSince(deps.db, policyId, carNumber, requestFrom), submission.afterSuggestion, now);
  const verdict = decideReading({
    typed: String(submission.typedReading),
    ocr: { first: read.readings.first, second: read.readings.second },
    previous: previous ? { reading: countedReading(previous), at: previous.capturedAt ?? previous.createdAt } : null,
    capturedAt: read.capturedAt,
    // The request: from the link's first sending (the bind) or the last accepted photo, to now.
    window: { from: requestFrom, to: now },
    unreadableBefore: unreadable,
    maxMilesPerDay: deps.config.odometerMaxMilesPerDay,
    afterSuggestion: followed.after,
    suggestionDoubt: followed.doubt,
    confirmedReviewOneIn: deps.config.odometerConfirmedReviewOneIn,
  });

  // Kept whatever the verdict: an insurer keeps what it was sent, and a reviewer may need the earlier tries.
  const name = `car-${carNumber}-${now.getTime()}-${randomBytes(6).toString('hex')}`;
  const key = blobKey('policies', policyId, 'odometer', `${name}.jpg`);
  await deps.blobs.put(key, read.normalised.bytes, read.normalised.contentType);
  const cropKey = read.crop ? blobKey('policies', policyId, 'odometer', `${name}-crop.jpg`) : null;
  if (read.crop && cropKey) await deps.blobs.put(cropKey, read.crop.bytes, read.crop.contentType);
  // what the sender is told is kept with the attempt, as a rejection's is
  const suggestionMessage = verdict.status === 'suggested' ? ODOMETER_MESSAGES.suggestion(verdict.reading) : null;
  const attempt = await deps.db.transaction(async (tx) => {
    // a refused photo, or one answered with a suggestion, replaces nothing: the one waiting still stands
    const replaced = verdict.status === 'rejected' || verdict.status === 'suggested' ? 0 : await supersedeHeld(tx, policyId, carNumber);
    const id = await insertReading(
      tx,
      {
        policyId,
        carNumber,
        typedReading: submission.typedReading,
        ocrFirst: read.readings.first,
        ocrSecond: read.readings.second,
        status: verdict.status,
        reasons: verdict.status === 'needs_review' ? verdict.reasons : [],
        message: verdict.status === 'rejected' ? verdict.message : suggestionMessage,
        photoBlobKey: key,
        photoContentType: read.normalised.contentType,
        capturedAt: read.capturedAt?.at ?? null,
        box: submission.box ?? null,
        cropBlobKey: cropKey,
        afterSuggestionId: followed.after?.id ?? null,
      },
      now,
    );
    if (verdict.status === 'needs_review') {
      const mail = heldReadingMail({
        to: deps.config.careEmail,
        policyNumber: (await policyNumberOf(tx, policyId)) ?? `policy ${policyId}`,
        carNumber,
        typedReading: submission.typedReading,
        ocr: read.readings,
        reasons: verdict.reasons,
        replacing: replaced > 0,
        afterSuggestion: followed.after,
        framed: read.crop !== null,
        reviewUrl: `${deps.config.publicOrigin}/ops/odometer`,
      });
      await enqueueMail(tx, HELD_READING_MAIL_KIND, mail, now);
    }
    return id;
  });
  if (verdict.status === 'rejected') return { kind: 'refused', reason: 'reading-rejected', message: verdict.message };
  if (verdict.status === 'suggested') return { kind: 'suggested', attempt, reading: verdict.reading, message: ODOMETER_MESSAGES.suggestion(verdict.reading) };
  if (verdict.status === 'verified' || verdict.status === 'confirmed') {
    await issueIfComplete(deps, policyId);
    const answer = verdict.status === 'verified' ? ODOMETER_ANSWERS.verified : ODOMETER_ANSWERS.confirmed;
    return { kind: 'kept', status: verdict.status, message: answer(submission.typedReading) };
  }
  return { kind: 'kept', status: 'needs_review', message: ODOMETER_ANSWERS.needsReview };
}
