/**
 * Makes a policy's PDFs and stores them (issue 8: "created at bind and again at issue"). The PDFs are built
 * before the transaction that records them (building takes tens of milliseconds and touches no row), then
 * stored and recorded in the caller's transaction, so issuing a policy and recording its issued documents
 * commit together.
 */
import type { BlobStore } from '../blobs/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { applicationPdf, declarationsPdf, idCardPdf } from './pdf/index.ts';
import { policyById } from '../policies/records.ts';
import { loadPolicyRecord, type PolicyRecord } from './model.ts';
import { newestDocuments, saveDocument, type DocumentStage, type StoredDocument, type StoredDocumentKind } from './store.ts';

/** The kinds made from the policy as it stands (the renewal's own are made by api/renewals/). */
export type BuiltKind = Exclude<StoredDocumentKind, 'signed-application' | 'renewal-application' | 'renewal-declaration'>;

export interface BuiltDocument {
  kind: BuiltKind;
  stage: DocumentStage;
  bytes: Uint8Array;
}

/** The PDFs of `kinds` for `record` as it stands at `stage`. */
export async function buildDocuments(record: PolicyRecord, stage: DocumentStage, kinds: readonly BuiltKind[]): Promise<BuiltDocument[]> {
  const document = { ...record.document, status: stage };
  const built: BuiltDocument[] = [];
  for (const kind of kinds) {
    const bytes =
      kind === 'card' ? await idCardPdf(document)
      : kind === 'declaration' ? await declarationsPdf(document)
      : await applicationPdf({ ...record.application, status: stage });
    built.push({ kind, stage, bytes });
  }
  return built;
}

export async function storeDocuments(tx: Queryable, blobs: BlobStore, policyId: number, built: readonly BuiltDocument[], now: Date): Promise<StoredDocument[]> {
  const stored: StoredDocument[] = [];
  for (const document of built) stored.push(await saveDocument(tx, blobs, { policyId, ...document }, now));
  return stored;
}

/**
 * The kinds a policy should have and does not: the ID card and declarations always, the application until
 * it is signed. Bind makes them after its transaction commits; if that failed (the blob store was down), the
 * documents page makes them when it is opened, so a policy never stays without its papers.
 */
export async function missingKinds(db: Queryable, policyId: number, signed: boolean): Promise<BuiltKind[]> {
  const have = new Set((await newestDocuments(db, policyId)).map((document) => document.kind));
  const wanted: BuiltKind[] = signed ? ['card', 'declaration'] : ['card', 'declaration', 'application'];
  return wanted.filter((kind) => !have.has(kind));
}

interface MakeDeps {
  db: Db;
  blobs: BlobStore;
  clock: () => Date;
}

/**
 * Makes `kinds` for the policy as it stands now and records them in one transaction. With `onlyMissing`,
 * a kind the policy got in the meantime (the bind's documents and a first visit of the documents page can
 * race) is not recorded again: the policy row is locked and the check made again inside the transaction, so
 * a person is never shown one application and asked to sign another.
 */
export async function makeDocuments(
  deps: MakeDeps,
  policyId: number,
  kinds: readonly BuiltKind[],
  options: { onlyMissing?: boolean } = {},
): Promise<StoredDocument[]> {
  if (kinds.length === 0) return [];
  const now = deps.clock();
  const record = await loadPolicyRecord(deps.db, policyId, now);
  if (!record) return [];
  const built = await buildDocuments(record, record.status, kinds);
  return deps.db.transaction(async (tx) => {
    if (!options.onlyMissing) return storeDocuments(tx, deps.blobs, policyId, built, now);
    await policyById(tx, policyId, true); // one maker of the missing documents at a time
    const have = new Set((await newestDocuments(tx, policyId)).map((document) => document.kind));
    return storeDocuments(tx, deps.blobs, policyId, built.filter((document) => !have.has(document.kind)), now);
  });
}

/** Makes what the policy should have and lacks (see missingKinds). */
export async function makeMissingDocuments(deps: MakeDeps, policyId: number, signed: boolean): Promise<void> {
  await makeDocuments(deps, policyId, await missingKinds(deps.db, policyId, signed), { onlyMissing: true });
}
