/**
 * The policy's documents: PDFs in the blob store, one row each in policy_documents naming the blob and
 * keeping its SHA-256. Every version is kept (an insurer keeps what it sent); readers take the newest of each
 * kind (doc 1 section 2). The blob is written before its row, inside the caller's transaction: a rollback
 * leaves an unnamed blob behind (harmless, and never listed), never a row without its PDF.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../hash.ts';
import type { BlobStore } from '../blobs/store.ts';
import { blobKey } from '../blobs/store.ts';
import type { Queryable } from '../db/db.ts';
import { valuesList } from '../db/values.ts';

/** The renewal's kinds (api/renewals/) are the next term's papers: never the policy's current ones. */
const DOCUMENT_KINDS = ['card', 'declaration', 'application', 'signed-application', 'renewal-application', 'renewal-declaration', 'cancellation-notice'] as const;
export type StoredDocumentKind = (typeof DOCUMENT_KINDS)[number];
/** The policy's status the document was made at (a cancelled policy's declarations say so). */
export type DocumentStage = 'BOUND' | 'ISSUED' | 'CANCELLED';

export interface StoredDocument {
  id: number;
  policyId: number;
  kind: StoredDocumentKind;
  stage: DocumentStage;
  blobKey: string;
  sha256: string;
  /** What it prints, hashed (api/documents/generate.ts sourceSha256); null for documents made before issue 20. */
  sourceSha256: string | null;
  createdAt: Date;
}

interface DocumentRow {
  id: string;
  policy_id: number;
  kind: StoredDocumentKind;
  stage: DocumentStage;
  blob_key: string;
  sha256: string;
  source_sha256: string | null;
  created_at: Date;
}

const COLUMNS = 'id::text AS id, policy_id, kind, stage, blob_key, sha256, source_sha256, created_at';

const fromRow = (row: DocumentRow): StoredDocument => ({
  id: Number(row.id),
  policyId: row.policy_id,
  kind: row.kind,
  stage: row.stage,
  blobKey: row.blob_key,
  sha256: row.sha256.trim(),
  sourceSha256: row.source_sha256?.trim() ?? null,
  createdAt: row.created_at,
});


export interface NewDocument {
  policyId: number;
  kind: StoredDocumentKind;
  stage: DocumentStage;
  bytes: Uint8Array;
  /** The hash of what it prints, for a document the documents job renders (it is not rendered again unchanged). */
  sourceSha256?: string;
}

/** Stores a PDF and records it in `tx`. */
export async function saveDocument(tx: Queryable, blobs: BlobStore, document: NewDocument, now: Date): Promise<StoredDocument> {
  return (await saveDocuments(tx, blobs, [document], now))[0]!;
}

/** Stores PDFs and records them in `tx`, in one statement; in the order given. */
export async function saveDocuments(tx: Queryable, blobs: BlobStore, documents: readonly NewDocument[], now: Date): Promise<StoredDocument[]> {
  if (documents.length === 0) return [];
  // the files at once (each its own key): their writes and syncs overlap instead of queuing
  const rows = await Promise.all(documents.map(async (document): Promise<unknown[]> => {
    // A random part: two versions made in the same millisecond never share a key.
    const key = blobKey('policies', document.policyId, 'documents', `${document.kind}-${now.getTime()}-${randomBytes(6).toString('hex')}.pdf`);
    await blobs.put(key, document.bytes, 'application/pdf');
    return [document.policyId, document.kind, document.stage, key, document.bytes.byteLength, sha256Hex(document.bytes), document.sourceSha256 ?? null, now];
  }));
  const values = valuesList(rows);
  const inserted = await tx.query<DocumentRow>(
    `INSERT INTO policy_documents (policy_id, kind, stage, blob_key, byte_size, sha256, source_sha256, created_at)
     VALUES ${values.sql} RETURNING ${COLUMNS}`,
    values.params,
  );
  // RETURNING gives the rows in the order of VALUES; the keys say so whatever it does
  return rows.map((row) => fromRow(inserted.find((stored) => stored.blob_key === row[3])!));
}

/** The newest document of each kind of policy `policyId`. */
export async function newestDocuments(db: Queryable, policyId: number): Promise<StoredDocument[]> {
  const rows = await db.query<DocumentRow>(
    `SELECT DISTINCT ON (kind) ${COLUMNS} FROM policy_documents
     WHERE policy_id = $1 ORDER BY kind, created_at DESC, id DESC`,
    [policyId],
  );
  return rows.map(fromRow);
}

/** Document `documentId`, only when it belongs to policy `policyId` (a token opens its own policy's files only). */
export async function documentOfPolicy(db: Queryable, policyId: number, documentId: number): Promise<StoredDocument | null> {
  const rows = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM policy_documents WHERE id = $1 AND policy_id = $2`, [documentId, policyId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The PDF's bytes, checked against the hash recorded with it: a changed blob is never served as the record. */
export async function documentBytes(blobs: BlobStore, document: StoredDocument): Promise<Uint8Array> {
  const blob = await blobs.get(document.blobKey);
  if (!blob) throw new Error(`document ${document.id}: its blob is missing`);
  if (sha256Hex(blob.bytes) !== document.sha256) throw new Error(`document ${document.id}: its blob does not match the recorded SHA-256`);
  return blob.bytes;
}
