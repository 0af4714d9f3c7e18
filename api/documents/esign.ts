/**
 * The electronic signature of the application (issue 8; ESIGN Act 15 U.S.C. 7001 and UETA as the anchor):
 *
 * - consent: the person ticks the consent to do business electronically (its text is recorded as shown);
 * - intent: they type their full name, which must be the named insured's, and press Sign;
 * - association: the signature names the SHA-256 of the exact application PDF they were shown, and the
 *   signed copy carries a signature block and an audit-trail page with it;
 * - retention: the signed copy is stored like every document and listed on the documents page.
 *
 * Signer, time, hash, IP address and user agent are recorded in the policy's signatures (api/policies/records.ts), never in a log.
 *
 * What a policy's e-signature is about (the sign page opens with the documents link's token): its own
 * application until that is signed; then, once a renewal is offered (issue 9, api/renewals/), the newest
 * renewal's application, signed the same way and recorded in the same signatures table. A renewal is offered only
 * to an issued policy, whose own application is signed, so the two never wait at once.
 */
import { BRAND, MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { issueIfComplete } from '../policies/issue.ts';
import { requestDocuments } from './job.ts';
import { loadPolicyPapers } from './model.ts';
import { buildPdf } from './pdf/apart.ts';
import { documentBytes, documentOfPolicy, newestDocuments, saveDocument, type StoredDocument } from './store.ts';
import { newestRenewalOf, recordRenewalSignature, type Renewal } from '../renewals/store.ts';
import { insertSignature, renewalSignatureOf, signatureOf as policyApplicationSignature } from '../policies/records.ts';

export const ESIGN_CONSENT_TEXT =
  `I agree to sign my application electronically and to receive my policy documents and notices from ${BRAND.insurer} ` +
  `and ${BRAND.productName} electronically, by e-mail and on my documents page. I can download and print them, ` +
  `ask for paper copies at no charge, and withdraw this consent at any time by calling ${BRAND.phone}.`;

export interface Signature {
  signedAt: Date;
  signedDocumentId: number;
}

/** Names compared as a person would: case, accents, punctuation and spacing aside. */
function normalisedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/** The named insured typed in full: first and last name, with or without the middle name or initial. */
function nameMatches(typed: string, insured: { firstName: string; lastName: string; middleName?: string }): boolean {
  const wanted = [
    `${insured.firstName} ${insured.lastName}`,
    ...(insured.middleName ? [`${insured.firstName} ${insured.middleName} ${insured.lastName}`] : []),
  ].map(normalisedName);
  return wanted.includes(normalisedName(typed));
}

/** The policy's own application, or the renewal whose application is the one to sign now. */
type SigningSubject = { kind: 'policy' } | { kind: 'renewal'; renewal: Renewal };

async function policySignatureOf(deps: Pick<Deps, 'db'>, policyId: number): Promise<Signature | null> {
  return policyApplicationSignature(deps.db, policyId);
}

async function subjectOf(deps: Pick<Deps, 'db'>, policyId: number): Promise<SigningSubject> {
  const renewal = await newestRenewalOf(deps.db, policyId);
  if (renewal && (await policySignatureOf(deps, policyId))) return { kind: 'renewal', renewal };
  return { kind: 'policy' };
}

/**
 * What the sign page shows (GET /api/esign): which application is to be signed now (the policy's own, or
 * its newest renewal's once one is offered), that document (null while the documents job has not made it
 * yet: this only reads) and its signature, or null.
 */
export async function signingViewOf(
  deps: Pick<Deps, 'db'>,
  policyId: number,
): Promise<{ subject: 'application' | 'renewal'; application: StoredDocument | null; signature: Signature | null }> {
  const subject = await subjectOf(deps, policyId);
  const application = await applicationFor(deps, policyId, subject);
  const signature = subject.kind === 'renewal' ? await renewalSignatureOf(deps.db, subject.renewal.id) : await policySignatureOf(deps, policyId);
  return { subject: subject.kind === 'renewal' ? 'renewal' : 'application', application, signature };
}

async function applicationFor(deps: Pick<Deps, 'db'>, policyId: number, subject: SigningSubject): Promise<StoredDocument | null> {
  if (subject.kind === 'renewal') return documentOfPolicy(deps.db, policyId, subject.renewal.applicationDocumentId);
  return (await newestDocuments(deps.db, policyId)).find((document) => document.kind === 'application') ?? null;
}

export interface SignInput {
  policyId: number;
  fullName: string;
  ipAddress: string;
  userAgent: string;
}

export type SignOutcome = { kind: 'signed' } | { kind: 'refused'; reason: 'already-signed' | 'link-expired' | 'application-not-ready' | 'name-mismatch'; message: string };

export async function signApplication(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'config' | 'documents'>, input: SignInput): Promise<SignOutcome> {
  const subject = await subjectOf(deps, input.policyId);
  const already = subject.kind === 'renewal' ? await renewalSignatureOf(deps.db, subject.renewal.id) : await policySignatureOf(deps, input.policyId);
  if (already) return { kind: 'refused', reason: 'already-signed', message: MESSAGES.esignAlreadySigned };
  const now = deps.clock();
  const record = await loadPolicyPapers(deps.db, input.policyId, now);
  if (!record) return { kind: 'refused', reason: 'link-expired', message: MESSAGES.documentsLinkExpired };
  const application = await applicationFor(deps, input.policyId, subject);
  if (!application) return { kind: 'refused', reason: 'application-not-ready', message: MESSAGES.esignNotReady };
  if (!nameMatches(input.fullName, record.document.namedInsured)) return { kind: 'refused', reason: 'name-mismatch', message: MESSAGES.esignNameMismatch };

  const applicationBytes = await documentBytes(deps.blobs, application);
  const signedBytes = await buildPdf('signedApplication', applicationBytes, {
    signerName: input.fullName.trim(),
    signedAt: now,
    documentSha256: application.sha256,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    consentText: ESIGN_CONSENT_TEXT,
    // The consent is given with the same press of Sign that signs (one form, one request).
    consentedAt: now,
  });
  const signed = await deps.db.transaction(async (tx) => {
    const document = await saveDocument(tx, deps.blobs, { policyId: input.policyId, kind: 'signed-application', stage: record.status, bytes: signedBytes }, now);
    if (subject.kind === 'renewal') {
      const recorded = await recordRenewalSignature(tx, {
        renewalId: subject.renewal.id,
        applicationDocumentId: application.id,
        signedDocumentId: document.id,
        signerName: input.fullName.trim(),
        consentText: ESIGN_CONSENT_TEXT,
        signedAt: now,
        documentSha256: application.sha256,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      });
      if (!recorded) throw new AlreadySigned();
      return true;
    }
    const recorded = await insertSignature(tx, {
      policyId: input.policyId, renewalId: null, applicationDocumentId: application.id, signedDocumentId: document.id,
      signerName: input.fullName.trim(), consentText: ESIGN_CONSENT_TEXT, consentedAt: now, signedAt: now,
      documentSha256: application.sha256, ipAddress: input.ipAddress, userAgent: input.userAgent,
    });
    // Signed twice at the same moment: the first signature stands; this transaction's copy is rolled back.
    if (!recorded) throw new AlreadySigned();
    // Signed, the application is no longer made again (the signed copy stands): the job settles what is wanted.
    await requestDocuments(tx, input.policyId, now);
    return true;
  }).catch((error: unknown) => {
    if (error instanceof AlreadySigned) return false;
    throw error;
  });
  if (!signed) return { kind: 'refused', reason: 'already-signed', message: MESSAGES.esignAlreadySigned };
  // A renewal's policy is issued already: after signing nothing more is needed (doc 1 "Rollover page").
  if (subject.kind === 'policy') {
    try {
      await issueIfComplete(deps, input.policyId);
    } finally {
      // The signature's own request is committed, whatever became of the issuance.
      void deps.documents.renderDue();
    }
  }
  return { kind: 'signed' };
}

class AlreadySigned extends Error {}
