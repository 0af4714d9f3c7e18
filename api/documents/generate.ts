/**
 * Renders a policy's documents from its rows as they stand (issue 8: "created at bind and again at issue";
 * issue 20: every document that prints a changed fact is made again). The documents job (./job.ts) calls
 * renderPolicyDocuments for every request; issuance alone also stores its issued papers in its own
 * transaction (prepareDocuments, storePrepared), as its e-mail says they are on the documents page.
 *
 * What the policy should have: the ID card and declarations always, the application until it is signed
 * (the signed copy then stands). Each is rendered when what it prints differs from its newest version
 * (sourceSha256), so rendering twice, or a request whose change no document prints, stores nothing.
 */
import { sha256Hex } from '../hash.ts';
import type { BlobStore } from '../blobs/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { buildPdf } from './pdf/apart.ts';
import { policyById, signatureOf } from '../policies/records.ts';
import { loadPolicyPapers, type PolicyPapers } from './model.ts';
import { newestDocuments, saveDocuments, type DocumentStage, type StoredDocument, type StoredDocumentKind } from './store.ts';

/** The kinds made from the policy as it stands (the renewal's own are made by api/renewals/). */
type BuiltKind = Exclude<StoredDocumentKind, 'signed-application' | 'renewal-application' | 'renewal-declaration'>;

/**
 * Which way of drawing made a document, part of what it prints: a document made before the latest change to
 * how the same facts are drawn is stale and made again when its policy is next rendered (migration 030 asks
 * that of every bound and issued policy). 2: the fonts' glyphs whole on screen (./pdf/fonts.ts glyphsAligned).
 */
const RENDERING = 2;

/**
 * What a kind prints, as data: the model its PDF builder reads, without the rendering's own time (the
 * "Document date"), so the same facts hash the same. The ID card prints no lienholder: a lienholder given
 * after the bind makes the declarations and the application again, not the card.
 */
function printedFacts(record: PolicyPapers, kind: BuiltKind, stage: DocumentStage): unknown {
  const { createdAt: _document, ...document } = record.document;
  if (kind === 'declaration') return { kind, rendering: RENDERING, ...document, status: stage };
  if (kind === 'card') return { kind, rendering: RENDERING, ...document, status: stage, vehicles: document.vehicles.map(({ lienholder: _lienholder, ...vehicle }) => vehicle) };
  const { createdAt: _application, ...application } = record.application;
  return { kind, rendering: RENDERING, ...application, status: stage };
}

function sourceSha256(record: PolicyPapers, kind: BuiltKind, stage: DocumentStage): string {
  return sha256Hex(JSON.stringify(printedFacts(record, kind, stage)));
}

async function pdfOf(record: PolicyPapers, kind: BuiltKind, stage: DocumentStage): Promise<Uint8Array> {
  if (kind === 'card') return buildPdf('idCard', { ...record.document, status: stage });
  if (kind === 'declaration') return buildPdf('declarations', { ...record.document, status: stage });
  return buildPdf('application', { ...record.application, status: stage });
}

/** Whether the policy's own application is signed (its signature is the policy module's record). */
async function applicationSigned(db: Queryable, policyId: number): Promise<boolean> {
  return (await signatureOf(db, policyId)) !== null;
}

function wantedKinds(signed: boolean): BuiltKind[] {
  return signed ? ['card', 'declaration'] : ['card', 'declaration', 'application'];
}

/** The kinds whose newest version does not print what `record` at `stage` prints, with that hash. */
function staleKinds(record: PolicyPapers, stage: DocumentStage, kinds: readonly BuiltKind[], newest: readonly StoredDocument[]): { kind: BuiltKind; source: string }[] {
  return kinds
    .map((kind) => ({ kind, source: sourceSha256(record, kind, stage) }))
    .filter(({ kind, source }) => newest.find((document) => document.kind === kind)?.sourceSha256 !== source);
}

export interface RenderDeps {
  db: Db;
  blobs: BlobStore;
  clock: () => Date;
}

/** PDFs built from a record, before the transaction that stores them (./generate.ts storePrepared). */
export interface PreparedDocuments {
  record: PolicyPapers;
  stage: DocumentStage;
  built: { kind: BuiltKind; source: string; bytes: Uint8Array }[];
}

/**
 * Builds the PDFs of every document of `record` at `stage` whose printed facts differ from its newest
 * version. Tens of milliseconds and no row touched, so it runs before the transaction that stores them.
 */
export async function prepareDocuments(db: Queryable, record: PolicyPapers, stage: DocumentStage): Promise<PreparedDocuments> {
  const kinds = wantedKinds(record.applicationSigned);
  // asked of the PDF process all at once: it builds them one after another, with no round trip between
  const stale = staleKinds(record, stage, kinds, await newestDocuments(db, record.policyId));
  const built = await Promise.all(stale.map(async ({ kind, source }) => ({ kind, source, bytes: await pdfOf(record, kind, stage) })));
  return { record, stage, built };
}

/**
 * Stores, in `tx`, the prepared documents still stale: the policy row is locked and the newest versions
 * read again, so two renderers of the same policy at once store each version once. Nothing when the
 * policy's status is no longer the stage they were built for (the change that moved it asked again), nor
 * when `stillWanted` says, under that lock, that a newer rendering has taken over (./job.ts): one built from
 * rows read before a change must not land after the rendering of the change, as the newest version.
 */
export async function storePrepared(
  tx: Queryable,
  blobs: BlobStore,
  prepared: PreparedDocuments,
  now: Date,
  stillWanted?: (tx: Queryable) => Promise<boolean>,
): Promise<StoredDocument[]> {
  const { record, stage, built } = prepared;
  if (built.length === 0) return [];
  const locked = await policyById(tx, record.policyId, true);
  if (locked?.status !== stage) return [];
  if (stillWanted && !(await stillWanted(tx))) return [];
  const stillStale = new Set(
    staleKinds(record, stage, wantedKinds(await applicationSigned(tx, record.policyId)), await newestDocuments(tx, record.policyId)).map(({ kind }) => kind),
  );
  const wanted = built.filter(({ kind }) => stillStale.has(kind));
  return saveDocuments(tx, blobs, wanted.map((document) => ({ policyId: record.policyId, kind: document.kind, stage, bytes: document.bytes, sourceSha256: document.source })), now);
}

/**
 * Makes every document of policy `policyId` whose printed facts changed, in one transaction; returns what it
 * stored (`stillWanted`: as storePrepared's).
 */
export async function renderPolicyDocuments(
  deps: RenderDeps,
  policyId: number,
  stillWanted?: (tx: Queryable) => Promise<boolean>,
): Promise<StoredDocument[]> {
  const now = deps.clock();
  const record = await loadPolicyPapers(deps.db, policyId, now);
  if (!record) return [];
  const prepared = await prepareDocuments(deps.db, record, record.status);
  if (prepared.built.length === 0) return [];
  return deps.db.transaction((tx) => storePrepared(tx, deps.blobs, prepared, now, stillWanted));
}
