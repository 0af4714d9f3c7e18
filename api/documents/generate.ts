/**
 * Renders a policy's documents from its rows as they stand (issue 8: "created at bind and again at issue";
 * issue 20: every document that prints a changed fact is made again). Only the documents job
 * (./job.ts) calls it: a use case that changes a record asks for the rendering in its own transaction.
 *
 * What the policy should have: the ID card and declarations always, the application until it is signed
 * (the signed copy then stands). Each is rendered when what it prints differs from its newest version
 * (sourceSha256), so rendering twice, or a request whose change no document prints, stores nothing.
 */
import { sha256Hex } from '../hash.ts';
import type { BlobStore } from '../blobs/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { applicationPdf, declarationsPdf, idCardPdf } from './pdf/index.ts';
import { policyById, signatureOf } from '../policies/records.ts';
import { loadPolicyRecord, type PolicyRecord } from './model.ts';
import { newestDocuments, saveDocument, type DocumentStage, type StoredDocument, type StoredDocumentKind } from './store.ts';

/** The kinds made from the policy as it stands (the renewal's own are made by api/renewals/). */
type BuiltKind = Exclude<StoredDocumentKind, 'signed-application' | 'renewal-application' | 'renewal-declaration'>;

/**
 * What a kind prints, as data: the model its PDF builder reads, without the rendering's own time (the
 * "Document date"), so the same facts hash the same. The ID card prints no lienholder: a lienholder given
 * after the bind makes the declarations and the application again, not the card.
 */
function printedFacts(record: PolicyRecord, kind: BuiltKind, stage: DocumentStage): unknown {
  const { createdAt: _document, ...document } = record.document;
  if (kind === 'declaration') return { kind, ...document, status: stage };
  if (kind === 'card') return { kind, ...document, status: stage, vehicles: document.vehicles.map(({ lienholder: _lienholder, ...vehicle }) => vehicle) };
  const { createdAt: _application, ...application } = record.application;
  return { kind, ...application, status: stage };
}

function sourceSha256(record: PolicyRecord, kind: BuiltKind, stage: DocumentStage): string {
  return sha256Hex(JSON.stringify(printedFacts(record, kind, stage)));
}

async function pdfOf(record: PolicyRecord, kind: BuiltKind, stage: DocumentStage): Promise<Uint8Array> {
  if (kind === 'card') return idCardPdf({ ...record.document, status: stage });
  if (kind === 'declaration') return declarationsPdf({ ...record.document, status: stage });
  return applicationPdf({ ...record.application, status: stage });
}

/** Whether the policy's own application is signed (its signature is the policy module's record). */
async function applicationSigned(db: Queryable, policyId: number): Promise<boolean> {
  return (await signatureOf(db, policyId)) !== null;
}

function wantedKinds(signed: boolean): BuiltKind[] {
  return signed ? ['card', 'declaration'] : ['card', 'declaration', 'application'];
}

/** The kinds whose newest version does not print what `record` prints now, with that hash. */
function staleKinds(record: PolicyRecord, kinds: readonly BuiltKind[], newest: readonly StoredDocument[]): { kind: BuiltKind; source: string }[] {
  return kinds
    .map((kind) => ({ kind, source: sourceSha256(record, kind, record.status) }))
    .filter(({ kind, source }) => newest.find((document) => document.kind === kind)?.sourceSha256 !== source);
}

export interface RenderDeps {
  db: Db;
  blobs: BlobStore;
  clock: () => Date;
}

/**
 * Makes every document of policy `policyId` whose printed facts changed, and records them in one
 * transaction; returns what it stored. The PDFs are built before the transaction (tens of milliseconds,
 * no row touched); inside it the policy row is locked and the newest versions read again, so two workers
 * rendering the same policy at once store each version once.
 */
export async function renderPolicyDocuments(deps: RenderDeps, policyId: number): Promise<StoredDocument[]> {
  const now = deps.clock();
  const record = await loadPolicyRecord(deps.db, policyId, now);
  if (!record) return [];
  const kinds = wantedKinds(await applicationSigned(deps.db, policyId));
  const stale = staleKinds(record, kinds, await newestDocuments(deps.db, policyId));
  if (stale.length === 0) return [];
  const built: { kind: BuiltKind; source: string; bytes: Uint8Array }[] = [];
  for (const { kind, source } of stale) built.push({ kind, source, bytes: await pdfOf(record, kind, record.status) });
  return deps.db.transaction(async (tx) => {
    const locked = await policyById(tx, policyId, true);
    // The policy moved on (issued, signed) since it was read: the request that moved it renders it again.
    if (locked?.status !== record.status) return [];
    const stillStale = new Set(staleKinds(record, wantedKinds(await applicationSigned(tx, policyId)), await newestDocuments(tx, policyId)).map(({ kind }) => kind));
    const stored: StoredDocument[] = [];
    for (const document of built.filter(({ kind }) => stillStale.has(kind))) {
      stored.push(await saveDocument(tx, deps.blobs, { policyId, kind: document.kind, stage: record.status, bytes: document.bytes, sourceSha256: document.source }, now));
    }
    return stored;
  });
}
