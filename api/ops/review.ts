/**
 * A person's decision on an odometer photo the checks held for review (issue 8): approve it, with the
 * reading they read on the photo, or reject it with a note. The customer is told by e-mail either way, in
 * the transaction that records the decision; an approval may complete the policy, which is then issued.
 */
import type { OdometerReviewRequest } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Deps } from '../deps.ts';
import { issueDocumentsLink, linkMail } from '../documents/links.ts';
import { enqueueMail } from '../mail/queue.ts';
import { recordReview, readingById } from '../odometer/readings.ts';
import { issueIfComplete } from '../policies/issue.ts';
import { insuredOf, readPolicyRecord, vehicleName } from '../policies/records.ts';
import { issueToken } from '../tokens/tokens.ts';

const REVIEW_MAIL_KIND = 'odometer review mail';

/** The note the customer reads when the reviewer gave none. */
const DEFAULT_DECLINE_NOTE = 'The photo did not show the odometer clearly enough to read it.';

export type ReviewOutcome =
  | { kind: 'decided'; status: 'approved' | 'declined' }
  | { kind: 'refused'; reason: 'no-such-reading' | 'reading-already-decided'; message: string };

export async function reviewReading(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'config' | 'documents'>, readingId: number, request: OdometerReviewRequest): Promise<ReviewOutcome> {
  const reading = await readingById(deps.db, readingId);
  if (!reading) return { kind: 'refused', reason: 'no-such-reading', message: 'There is no such reading.' };
  if (reading.status !== 'needs_review') return { kind: 'refused', reason: 'reading-already-decided', message: `This reading was already decided (${reading.status}).` };
  const now = deps.clock();
  const approved = request.decision === 'approve';
  const value = approved ? Number(request.correctedReading ?? reading.typedReading) : null;
  const note = request.note?.trim() || DEFAULT_DECLINE_NOTE;

  const decided = await deps.db.transaction(async (tx) => {
    const ok = await recordReview(tx, readingId, approved ? { status: 'approved', reading: value! } : { status: 'declined', message: note }, now);
    if (!ok) return false;
    const policy = (await readPolicyRecord(tx, reading.policyId))!;
    const vehicle = policy.vehicles.find((entry) => entry.car_number === reading.carNumber)!;
    const firstName = insuredOf(policy)?.firstName ?? '';
    const car = vehicleName(vehicle);
    const mail = approved
      ? linkMail({
          to: policy.emailAddress,
          subject: `Policy ${policy.policyNumber}: your odometer reading is accepted`,
          lines: [
            `Hello ${firstName}, we have looked at the odometer photo of your ${car} and accepted the reading of ${value!.toLocaleString('en-US')} miles.`,
          ],
          link: { href: await issueDocumentsLink(tx, reading.policyId, deps.config.publicOrigin, now), label: 'Open your documents' },
          why: `You received this e-mail because you sent an odometer photo for policy ${policy.policyNumber}.`,
        })
      : linkMail({
          to: policy.emailAddress,
          subject: `Policy ${policy.policyNumber}: please send a new odometer photo`,
          lines: [
            `Hello ${firstName}, we could not accept the odometer photo of your ${car}: ${note}`,
            'Please take a new photo with the whole odometer in the frame, sharp and without glare, and type the reading you see.',
          ],
          link: { href: pageUrl(deps.config.publicOrigin, PAGES.odometer, { token: await issueToken(tx, 'odometer-photo', now, { subjectId: reading.policyId }) }), label: 'Send a new photo' },
          why: `You received this e-mail because you sent an odometer photo for policy ${policy.policyNumber}.`,
        });
    await enqueueMail(tx, REVIEW_MAIL_KIND, mail, now);
    return true;
  });
  if (!decided) return { kind: 'refused', reason: 'reading-already-decided', message: 'This reading was decided by someone else a moment ago.' };
  if (approved) await issueIfComplete(deps, reading.policyId);
  return { kind: 'decided', status: approved ? 'approved' : 'declined' };
}
