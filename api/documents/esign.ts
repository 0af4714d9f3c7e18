/**
 * The electronic signature of the application (issue 8; ESIGN Act 15 U.S.C. 7001 and UETA as the anchor):
 *
 * - consent: the person ticks the consent to do business electronically (its text is recorded as shown);
 * - intent: they type their full name, which must be the named insured's, and press Sign;
 * - association: the signature names the SHA-256 of the exact application PDF they were shown, and the
 *   signed copy carries a signature block and an audit-trail page with it;
 * - retention: the signed copy is stored like every document and listed on the documents page.
 *
 * Signer, time, hash, IP address and user agent are recorded in esignatures, never in a log.
 *
 * What a policy's e-signature is about (the sign page opens with the documents link's token): its own
 * application until that is signed; then, once a renewal is offered (issue 9, api/renewals/), the newest
 * renewal's application, signed the same way and recorded in renewal_esignatures. A renewal is offered only
 * to an issued policy, whose own application is signed, so the two never wait at once.
 */
import { BRAND, MESSAGES } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { issueIfComplete } from '../policies/issue.ts';
import { makeDocuments } from './generate.ts';
import { loadPolicyRecord } from './model.ts';
import { signedApplicationPdf } from './pdf/index.ts';
import { documentBytes, documentOfPolicy, newestDocuments, saveDocument, type StoredDocument } from './store.ts';
import { newestRenewalOf, recordRenewalSignature, renewalSignatureOf, type Renewal } from '../renewals/store.ts';

export const ESIGN_CONSENT_TEXT =
  `I agree to sign my application electronically and to receive my policy documents and notices from ${BRAND.insurer} ` +
  `and ${BRAND.productName} electronically, by e-mail and on my documents page. I can download and print them, ` +
  `ask for paper copies at no charge, and withdraw this consent at any time by calling ${BRAND.phone}.`;

export interface Signature {
  signedAt: Date;
  signedDocumentId: number;
}

/** Names compared as a person would: case, accents, punctuation and spacing aside. */
export function normalisedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/** The named insured typed in full: first and last name, with or without the middle name or initial. */
export function nameMatches(typed: string, insured: { firstName: string; lastName: string; middleName?: string }): boolean {
  const wanted = [
    `${insured.firstName} ${insured.lastName}`,
    ...(insured.middleName ? [`${insured.firstName} ${insured.middleName} ${insured.lastName}`] : []),
  ].map(normalisedName);
  return wanted.includes(normalisedName(typed));
}

/** The policy's own application, or the renewal whose application is the one to sign now. */
type SigningSubject = { kind: 'policy' } | { kind: 'renewal'; renewal: Renewal };

async function policySignatureOf(deps: Pick<Deps, 'db'>, policyId: number): Promise<Signature | null> {
  const rows = await deps.db.query<{ signed_at: Date; signed_document_id: string }>(
    'SELECT signed_at, signed_document_id::text AS signed_document_id FROM esignatures WHERE policy_id = $1',
    [policyId],
  );
  return rows[0] ? { signedAt: rows[0].signed_at, signedDocumentId: Number(rows[0].signed_document_id) } : null;
}

async function subjectOf(deps: Pick<Deps, 'db'>, policyId: number): Promise<SigningSubject> {
  const renewal = await newestRenewalOf(deps.db, policyId);
  if (renewal && (await policySignatureOf(deps, policyId))) return { kind: 'renewal', renewal };
  return { kind: 'policy' };
}

/** The signature of what the policy signs now (its application, or its newest renewal's), or null. */
export async function signatureOf(deps: Pick<Deps, 'db'>, policyId: number): Promise<Signature | null> {
  const subject = await subjectOf(deps, policyId);
  return subject.kind === 'renewal' ? renewalSignatureOf(deps.db, subject.renewal.id) : policySignatureOf(deps, policyId);
}

/**
 * The application the person reads and signs: the newest renewal's, once one is offered; else the policy's
 * newest one, made now if the policy has none yet.
 */
export async function applicationOf(deps: Pick<Deps, 'db' | 'blobs' | 'clock'>, policyId: number): Promise<StoredDocument | null> {
  return applicationFor(deps, policyId, await subjectOf(deps, policyId));
}

async function applicationFor(deps: Pick<Deps, 'db' | 'blobs' | 'clock'>, policyId: number, subject: SigningSubject): Promise<StoredDocument | null> {
  if (subject.kind === 'renewal') return documentOfPolicy(deps.db, policyId, subject.renewal.applicationDocumentId);
  const newest = async () => (await newestDocuments(deps.db, policyId)).find((document) => document.kind === 'application') ?? null;
  const existing = await newest();
  if (existing) return existing;
  await makeDocuments(deps, policyId, ['application'], { onlyMissing: true });
  return newest();
}

export interface SignInput {
  policyId: number;
  fullName: string;
  ipAddress: string;
  userAgent: string;
}

export type SignOutcome = { kind: 'signed' } | { kind: 'refused'; reason: 'already-signed' | 'link-expired' | 'name-mismatch'; message: string };

export async function signApplication(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'config'>, input: SignInput): Promise<SignOutcome> {
  const subject = await subjectOf(deps, input.policyId);
  const already = subject.kind === 'renewal' ? await renewalSignatureOf(deps.db, subject.renewal.id) : await policySignatureOf(deps, input.policyId);
  if (already) return { kind: 'refused', reason: 'already-signed', message: MESSAGES.esignAlreadySigned };
  const now = deps.clock();
  const record = await loadPolicyRecord(deps.db, input.policyId, now);
  const application = await applicationFor(deps, input.policyId, subject);
  if (!record || !application) return { kind: 'refused', reason: 'link-expired', message: MESSAGES.documentsLinkExpired };
  if (!nameMatches(input.fullName, record.document.namedInsured)) return { kind: 'refused', reason: 'name-mismatch', message: MESSAGES.esignNameMismatch };

  const applicationBytes = await documentBytes(deps.blobs, application);
  const signedBytes = await signedApplicationPdf(applicationBytes, {
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
    const rows = await tx.query(
      `INSERT INTO esignatures (policy_id, application_document_id, signed_document_id, signer_name, consent_text, consented_at,
                                signed_at, document_sha256, ip_address, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9)
       ON CONFLICT (policy_id) DO NOTHING RETURNING policy_id`,
      [input.policyId, application.id, document.id, input.fullName.trim(), ESIGN_CONSENT_TEXT, now, application.sha256, input.ipAddress, input.userAgent],
    );
    // Signed twice at the same moment: the first signature stands; this transaction's copy is rolled back.
    if (rows.length === 0) throw new AlreadySigned();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof AlreadySigned) return false;
    throw error;
  });
  if (!signed) return { kind: 'refused', reason: 'already-signed', message: MESSAGES.esignAlreadySigned };
  // A renewal's policy is issued already: after signing nothing more is needed (doc 1 "Rollover page").
  if (subject.kind === 'policy') await issueIfComplete(deps, input.policyId);
  return { kind: 'signed' };
}

class AlreadySigned extends Error {}
