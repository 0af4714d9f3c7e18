/**
 * An odometer photo sent from the odometer page (issue 8), start to end: the photo is checked by its bytes
 * and read twice by OCR (read-photo.ts), the verdict weighs the two readings against the typed one, the last
 * accepted reading and the photo's capture time (verdict.ts), and the outcome is stored with the normalised
 * photo. A verified reading may complete the policy, which is then issued.
 *
 * A photo sent while an earlier one of the same vehicle waits for review replaces it (issue 23: the sender
 * typed the reading wrong, or took a sharper photo): the waiting one is superseded in the same transaction.
 * A photo held for review is mailed to the care team with the reading, so it always reaches a person.
 */
import { MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { blobKey } from '../blobs/store.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueIfComplete } from '../policies/issue.ts';
import { policyNumberOf, vehicleBoundAt } from '../policies/records.ts';
import type { PhotoProblem } from './image.ts';
import { readOdometerPhoto } from './read-photo.ts';
import { countedReading, insertReading, lastAcceptedReading, supersedeHeld, unreadableSince } from './readings.ts';
import { HELD_READING_MAIL_KIND, heldReadingMail } from './review-mail.ts';
import { decideReading } from './verdict.ts';
import { randomBytes } from 'node:crypto';

/** What the person reads after a photo was kept. */
const ODOMETER_ANSWERS = {
  verified: (miles: number) => `Thank you: the reading of ${miles.toLocaleString('en-US')} miles is verified.`,
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
}

export type SubmitOutcome =
  | { kind: 'kept'; status: 'verified' | 'needs_review'; message: string }
  | {
      kind: 'refused';
      reason: 'no-such-vehicle' | 'reading-already-verified' | 'reading-rejected' | (typeof PHOTO_REFUSAL)[PhotoProblem];
      message: string;
    };

/** Within this long of an accepted reading, another photo of the same vehicle is refused. */
const SAME_READING_MS = 24 * 60 * 60_000;

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

  const read = await readOdometerPhoto(submission.photo);
  if (!read.ok) return { kind: 'refused', reason: PHOTO_REFUSAL[read.problem], message: read.message };

  const unreadable = await unreadableSince(deps.db, policyId, carNumber, previous?.createdAt ?? boundAt);
  const verdict = decideReading({
    typed: String(submission.typedReading),
    ocr: { first: read.readings.first, second: read.readings.second },
    previous: previous ? { reading: countedReading(previous), at: previous.capturedAt ?? previous.createdAt } : null,
    capturedAt: read.capturedAt,
    // The request: from the link's first sending (the bind) or the last accepted photo, to now.
    window: { from: previous?.createdAt ?? boundAt, to: now },
    unreadableBefore: unreadable,
    maxMilesPerDay: deps.config.odometerMaxMilesPerDay,
  });

  // Kept whatever the verdict: an insurer keeps what it was sent, and a reviewer may need the earlier tries.
  const key = blobKey('policies', policyId, 'odometer', `car-${carNumber}-${now.getTime()}-${randomBytes(6).toString('hex')}.jpg`);
  await deps.blobs.put(key, read.normalised.bytes, read.normalised.contentType);
  await deps.db.transaction(async (tx) => {
    // a refused photo replaces nothing: the one waiting still stands
    const replaced = verdict.status === 'rejected' ? 0 : await supersedeHeld(tx, policyId, carNumber);
    await insertReading(
      tx,
      {
        policyId,
        carNumber,
        typedReading: submission.typedReading,
        ocrFirst: read.readings.first,
        ocrSecond: read.readings.second,
        status: verdict.status,
        reasons: verdict.status === 'needs_review' ? verdict.reasons : [],
        message: verdict.status === 'rejected' ? verdict.message : null,
        photoBlobKey: key,
        photoContentType: read.normalised.contentType,
        capturedAt: read.capturedAt?.at ?? null,
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
        reviewUrl: `${deps.config.publicOrigin}/ops/odometer`,
      });
      await enqueueMail(tx, HELD_READING_MAIL_KIND, mail, now);
    }
  });
  if (verdict.status === 'rejected') return { kind: 'refused', reason: 'reading-rejected', message: verdict.message };
  if (verdict.status === 'verified') {
    await issueIfComplete(deps, policyId);
    return { kind: 'kept', status: 'verified', message: ODOMETER_ANSWERS.verified(submission.typedReading) };
  }
  return { kind: 'kept', status: 'needs_review', message: ODOMETER_ANSWERS.needsReview };
}
