/**
 * The policy's paperwork (issue 8; doc 1 sections 2, 7 and 8):
 *
 * GET  /api/documents?id=TOKEN                 -> { data: { documents } }: newest of each kind, and the open
 *                                                e-sign and odometer requests as entries whose fileUrl is their page
 * GET  /api/documents/files/:fileId?id=TOKEN   -> the PDF, only for the token's own policy
 * POST /api/documents/link { emailAddress }    -> the same answer whether or not a policy uses the address
 * GET  /api/esign?token=TOKEN                  -> the application to sign and the consent text
 * POST /api/esign { token, consent, fullName } -> signed; the policy is issued if nothing else is missing
 *
 * Every miss of a token (unknown, expired, another purpose, another policy's file) is the same 404, whose
 * text the documents page shows as 'link has expired'. Answers are never cached.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { DOCUMENT_DESCRIPTIONS, MESSAGES, wholeId, type EsignView, type PolicyDocument } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Deps } from '../deps.ts';
import { ESIGN_CONSENT_TEXT, signApplication, signingViewOf } from '../documents/esign.ts';
import { documentFileUrl, policyOfToken, queueRequestedDocumentsMail } from '../documents/links.ts';
import { documentBytes, documentOfPolicy, newestDocuments, type StoredDocument } from '../documents/store.ts';
import { clientAddress } from '../http/client.ts';
import { on } from '../http/endpoint.ts';
import { ApiError } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE, privatePdfResponse } from '../http/security-headers.ts';
import { refusal } from './refusals.ts';
import { onboardingOf } from '../policies/onboarding.ts';
import { cancelledOnOf, policiesOfEmail, policyNumberOf } from '../policies/records.ts';

const LISTED_DESCRIPTIONS: Partial<Record<StoredDocument['kind'], string>> = {
  card: DOCUMENT_DESCRIPTIONS.card,
  'cancellation-notice': DOCUMENT_DESCRIPTIONS['cancellation-notice'],
  declaration: DOCUMENT_DESCRIPTIONS.declaration,
  'signed-application': DOCUMENT_DESCRIPTIONS['signed-application'],
};

const FILE_NAMES: Record<StoredDocument['kind'], string> = {
  card: 'ID-Card',
  declaration: 'Declaration-Page',
  application: 'Application',
  'signed-application': 'Signed-Application',
  'renewal-application': 'Renewal-Application',
  'renewal-declaration': 'Renewal-Declaration-Page',
  'cancellation-notice': 'Notice-of-Cancellation',
};

/** doc 1 section 3: dates in data are the day at a fixed 12:00:00 UTC. */
const dataDate = (date: Date) => `${date.toISOString().slice(0, 10)}T12:00:00.000Z`;

const linkExpired = () => new ApiError(404, MESSAGES.documentsLinkExpired);

export function documentsRoutes(deps: Deps, limits: { request: MiddlewareHandler; documentsMail: RateLimit }): Hono {
  const app = new Hono();
  const origin = () => deps.config.publicOrigin;

  async function openPolicy(token: string): Promise<number> {
    const policyId = await policyOfToken(deps.db, token, ['documents'], deps.clock());
    if (policyId === null) throw linkExpired();
    return policyId;
  }

  on(app, endpoints.documentList, async (_c, { id: token }) => {
    const policyId = await openPolicy(token);
    const onboarding = await onboardingOf(deps.db, policyId);
    if (!onboarding) throw linkExpired();
    // Only reads: a document the documents job has not made yet is simply not listed yet.
    const documents: PolicyDocument[] = [];
    // a cancelled policy insures nothing: its ID card is no longer offered, and nothing is asked of it
    const cancelledOn = onboarding.status === 'CANCELLED' ? await cancelledOnOf(deps.db, policyId) : null;
    for (const document of await newestDocuments(deps.db, policyId)) {
      const description = LISTED_DESCRIPTIONS[document.kind];
      if (cancelledOn !== null && document.kind === 'card') continue;
      if (description) documents.push({ fileDescription: description, fileUrl: documentFileUrl(origin(), token, document.id), dateCreated: dataDate(document.createdAt) });
    }
    if (cancelledOn !== null) return { body: { data: { documents, cancelledOn } }, headers: NO_STORE };
    const today = dataDate(deps.clock());
    if (!onboarding.signed) documents.push({ fileDescription: DOCUMENT_DESCRIPTIONS.esignature, fileUrl: pageUrl(origin(), PAGES.sign, { token }), dateCreated: today });
    if (onboarding.vehiclesWithoutReading.length > 0) {
      documents.push({ fileDescription: DOCUMENT_DESCRIPTIONS.odometer, fileUrl: pageUrl(origin(), PAGES.odometer, { token }), dateCreated: today });
    }
    return { body: { data: { documents } }, headers: NO_STORE };
  });

  on(app, endpoints.documentFile, async (c, { id: token }) => {
    const policyId = await openPolicy(token);
    const fileId = wholeId(c.req.param('fileId'));
    const document = fileId !== null ? await documentOfPolicy(deps.db, policyId, fileId) : null;
    if (!document) throw linkExpired();
    const bytes = await documentBytes(deps.blobs, document);
    const policyNumber = (await policyNumberOf(deps.db, policyId)) ?? 'policy';
    return privatePdfResponse(bytes, `${FILE_NAMES[document.kind]}-${policyNumber}.pdf`);
  });

  on(app, endpoints.documentsLink, limits.request, async (_c, { emailAddress }) => {
    const emailLower = emailAddress.trim().toLowerCase();
    const now = deps.clock();
    const policies = await policiesOfEmail(deps.db, emailLower, { newest: 5 });
    // Per mailbox as well as per client: nobody fills someone's inbox from many addresses.
    if (policies.length > 0 && (await hit(deps.db, limits.documentsMail, emailLower, now)).allowed) {
      await deps.db.transaction((tx) =>
        queueRequestedDocumentsMail(tx, emailAddress.trim(), policies.map((row) => ({ id: row.id, policyNumber: row.policyNumber })), origin(), now),
      );
      void deps.mail.deliverDue();
    }
    return { body: { data: { documents: [] } }, headers: NO_STORE };
  });

  on(app, endpoints.esignView, async (_c, { token }) => {
    const policyId = await openPolicy(token);
    const { subject, application, signature } = await signingViewOf(deps, policyId);
    const policyNumber = await policyNumberOf(deps.db, policyId);
    if (!policyNumber) throw linkExpired();
    if (!application) throw new ApiError(409, MESSAGES.esignNotReady);
    const view: EsignView = {
      policyNumber,
      subject,
      applicationUrl: documentFileUrl(origin(), token, application.id),
      consentText: ESIGN_CONSENT_TEXT,
      status: signature ? 'signed' : 'open',
      ...(signature ? { signedAt: signature.signedAt.toISOString() } : {}),
      documentsUrl: pageUrl(origin(), PAGES.documents, { token }),
    };
    return { body: view, headers: NO_STORE };
  });

  on(app, endpoints.esign, async (c, request) => {
    const policyId = await openPolicy(request.token);
    const outcome = await signApplication(deps, {
      policyId,
      fullName: request.fullName,
      ipAddress: clientAddress(c, deps.config.trustProxy),
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 512),
    });
    if (outcome.kind === 'refused') throw refusal(outcome);
    // Signing may have issued the policy, whose e-mail is queued.
    void deps.mail.deliverDue();
    return { body: { signed: true, documentsUrl: pageUrl(origin(), PAGES.documents, { token: request.token }) }, headers: NO_STORE };
  });

  return app;
}
