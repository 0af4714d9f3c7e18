/**
 * What the documents page shows, worked out from the API's list without touching the DOM (doc 1
 * "Documents page", sections 8 and 9), so it is tested in node.
 */
import { renderSVG } from 'uqr';
import { newestByKind, type PolicyDocument } from '../../../contract/api/documents.ts';
import { isoToUs } from '../../../contract/rules/dates.ts';

/** The PDFs the page lists, in the order of its tiles; the e-sign and odometer entries are requests, not files. */
const FILE_KINDS = ['card', 'declaration', 'signed-application', 'cancellation-notice'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface DocumentFile {
  kind: FileKind;
  document: PolicyDocument;
}

export type DocumentsView =
  /** An e-signature or odometer request is open: its links first, then the PDFs already there. */
  | { mode: 'onboarding'; esign: PolicyDocument | undefined; odometer: PolicyDocument | undefined; files: DocumentFile[] }
  | { mode: 'documents'; files: DocumentFile[] }
  /** Nothing to show: an empty list counts as an expired link. */
  | { mode: 'none' };

/** Only the newest of each kind counts (doc 1: "Only the newest of each type is kept"). */
export function documentsView(documents: readonly PolicyDocument[]): DocumentsView {
  const newest = newestByKind(documents);
  const files = FILE_KINDS.flatMap((kind) => {
    const document = newest[kind];
    return document ? [{ kind, document }] : [];
  });
  if (newest.esignature || newest.odometer) return { mode: 'onboarding', esign: newest.esignature, odometer: newest.odometer, files };
  return files.length > 0 ? { mode: 'documents', files } : { mode: 'none' };
}

/** The link's token: the last segment of /account/documents/{token}; null on the bare page. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/account\/documents\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null; // a broken %-escape is no token
  }
}

/**
 * Which message a failed list call shows (doc 1 section 8: "status 500 shows the 'unable to locate' text,
 * otherwise 'link has expired'"). A 4xx is the link (unknown, used up, expired); no answer at all, any
 * 5xx, or an answer of the wrong shape is our failure, not the link's.
 */
export function failureKind(status: number): 'expired' | 'unavailable' {
  return status >= 400 && status < 500 ? 'expired' : 'unavailable';
}

/** A document's date as MM/DD/YYYY; the API's dates are YYYY-MM-DD, with or without the fixed 12:00:00 UTC. */
export function usDate(dateCreated: string): string {
  return isoToUs(dateCreated.slice(0, 10)) ?? '';
}

/** A QR code of `url` as an image address: a data: SVG, which the site's img-src allows, drawn without any HTML sink. */
export function qrImageUrl(url: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { ecc: 'M', border: 2 }))}`;
}
