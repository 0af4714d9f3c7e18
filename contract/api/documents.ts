import { array, nullable, object, optional, string, type, type Infer } from 'superstruct';
import { email } from '../rules/email.ts';
import { token } from './common.ts';

/**
 * Policy documents (doc 1 sections 2, 3 and 7): the My Policy page asks for them by e-mail
 * (POST documents/link, "Policy-docs request: emailAddress"), and the documents page lists them by the
 * token of the e-mailed link (GET documents?token=&id=).
 */
export const PolicyDocsRequest = object({ emailAddress: email });
export type PolicyDocsRequest = Infer<typeof PolicyDocsRequest>;

// id is the page's token (/account/documents/{id}); token, the session token some links carry, is optional
export const DocumentListQuery = object({ token: optional(token), id: token });
export type DocumentListQuery = Infer<typeof DocumentListQuery>;

export const PolicyDocument = type({
  fileDescription: string(),
  fileUrl: string(),
  /** YYYY-MM-DD with the data's fixed 12:00:00 UTC time (doc 1 section 9) */
  dateCreated: string(),
});
export type PolicyDocument = Infer<typeof PolicyDocument>;

export const DocumentListResponse = type({
  data: type({
    documents: array(PolicyDocument),
    /** YYYY-MM-DD: the policy was cancelled from 12:01 a.m. that day (issue 21); its ID card is no longer listed. */
    cancelledOn: optional(nullable(string())),
  }),
});
export type DocumentListResponse = Infer<typeof DocumentListResponse>;

/** What POST /api/documents/link answers, whether or not the address has a policy: nothing to list. */
export const DocumentsLinkAnswer = DocumentListResponse;
export type DocumentsLinkAnswer = DocumentListResponse;

export type DocumentKind = 'declaration' | 'esignature' | 'card' | 'odometer' | 'signed-application' | 'cancellation-notice';

/**
 * The descriptions the API gives its entries. The open requests (e-sign, odometer) are entries too, whose
 * fileUrl is the page that fulfils them: their presence is what puts the page in onboarding mode.
 */
export const DOCUMENT_DESCRIPTIONS = {
  card: 'Insurance ID Card',
  declaration: 'Declaration Page',
  esignature: 'Application for esignature',
  odometer: 'Odometer photo request',
  'signed-application': 'Signed Application',
  'cancellation-notice': 'Notice of Cancellation',
} as const satisfies Record<DocumentKind, string>;

/**
 * doc 1 section 2: the kind is read from the description (declaration, esignature, card, odometer). Ours:
 * the signed application, listed once signed, is its own kind (read first: it is no e-sign request).
 */
export function documentKind(description: string): DocumentKind | null {
  const text = description.toLowerCase();
  if (text.includes('signed application')) return 'signed-application';
  if (text.includes('cancellation')) return 'cancellation-notice';
  if (text.includes('declaration')) return 'declaration';
  if (text.includes('esignature')) return 'esignature';
  if (text.includes('card')) return 'card';
  if (text.includes('odometer')) return 'odometer';
  return null;
}

/** doc 1 section 2: only the newest document of each kind is kept. */
export function newestByKind(documents: readonly PolicyDocument[]): Partial<Record<DocumentKind, PolicyDocument>> {
  const newest: Partial<Record<DocumentKind, PolicyDocument>> = {};
  for (const document of documents) {
    const kind = documentKind(document.fileDescription);
    if (!kind) continue;
    const kept = newest[kind];
    if (!kept || document.dateCreated > kept.dateCreated) newest[kind] = document;
  }
  return newest;
}
