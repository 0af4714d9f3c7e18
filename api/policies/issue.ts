/**
 * Issuance (doc 3 section 2, step 7): once the application is signed and every vehicle has an accepted
 * odometer reading, the policy goes from BOUND to ISSUED in one transaction, together with its documents
 * made again as issued (the card no longer says binder; built before it by api/documents/generate.ts) and
 * the e-mail that brings the documents link.
 *
 * Called after each event that can complete the set: a signature, a verified photo, a person's approval.
 * Two of them at once (the last photo and the signature in the same second) are safe: the status changes
 * only WHERE status = 'BOUND', so one transaction issues and the other finds nothing to do and rolls back
 * the documents it made.
 */
import { BRAND } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { prepareDocuments, storePrepared } from '../documents/generate.ts';
import { requestDocuments } from '../documents/job.ts';
import { issueDocumentsLink, linkMail } from '../documents/links.ts';
import { loadPolicyPapers } from '../documents/model.ts';
import { enqueueMail } from '../mail/queue.ts';
import { isComplete, onboardingOf } from './onboarding.ts';
import { markIssued } from './records.ts';

const ISSUED_MAIL_KIND = 'policy issued mail';

export type IssueOutcome = 'issued' | 'waiting' | 'already-issued';

class AlreadyIssued extends Error {}

export async function issueIfComplete(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'config' | 'documents'>, policyId: number): Promise<IssueOutcome> {
  const onboarding = await onboardingOf(deps.db, policyId);
  if (!onboarding || onboarding.status === 'ISSUED') return 'already-issued';
  if (!isComplete(onboarding)) return 'waiting';
  const now = deps.clock();
  const record = await loadPolicyPapers(deps.db, policyId, now);
  if (!record) return 'already-issued';
  // The issued card and declarations are stored with the issuance: its e-mail says they are there.
  const prepared = await prepareDocuments(deps.db, record, 'ISSUED');
  try {
    await deps.db.transaction(async (tx) => {
      if ((await markIssued(tx, policyId, now)) === null) throw new AlreadyIssued();
      await storePrepared(tx, deps.blobs, prepared, now);
      // and whatever else changed meanwhile, by the documents job
      await requestDocuments(tx, policyId, now);
      const link = await issueDocumentsLink(tx, policyId, deps.config.publicOrigin, now);
      const { document } = record;
      await enqueueMail(
        tx,
        ISSUED_MAIL_KIND,
        linkMail({
          to: document.emailAddress,
          subject: `Your ${BRAND.productName} policy ${document.policyNumber} is issued`,
          lines: [
            `Thank you, ${document.namedInsured.firstName}. We have your signed application and the odometer reading of each vehicle, so policy ${document.policyNumber} is now issued.`,
            'Your ID card and declarations page, made again as issued, are on your documents page. Keep the ID card in your vehicle, printed or on your phone.',
          ],
          link: { href: link, label: 'Open your documents' },
          why: `You received this e-mail because you hold policy ${document.policyNumber} with ${BRAND.productName}.`,
        }),
        now,
      );
    });
  } catch (error) {
    if (error instanceof AlreadyIssued) return 'already-issued';
    throw error;
  }
  void deps.documents.renderDue();
  return 'issued';
}
