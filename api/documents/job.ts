/**
 * The documents job (issue 20: "Documents are rendered by one queued job that every use case that changes a
 * record enqueues"; "a GET only reads"). Its queue is document_jobs (migration 020), one row per policy.
 *
 * - A use case that changes what a document prints (bind, lienholder, e-signature, issue) calls
 *   requestDocuments with its own transaction: the request commits with the change or not at all, so a
 *   crash after the commit leaves it queued. (Issuance and a renewal's new term also store their papers in
 *   their own transaction, ./generate.ts storePrepared, as their e-mails say the papers are there.)
 * - The same use case kicks the worker (`renderDue`) once its transaction has committed, whoever ran it (a
 *   route, the provider's webhook, the settlement job), so in the ordinary case the documents exist within
 *   milliseconds of the change and off the answer's path; a timer (`start`, api/server.ts) picks up what a
 *   stopped or crashed process left. A command-line run (`npm run renew`) renders what is due before it exits.
 * - Claiming is one statement with FOR UPDATE SKIP LOCKED that sets a lease (claimed_until): replicas never
 *   render the same request at once, and a worker that dies mid-render leaves it to another after the lease.
 * - A request made while its policy is being rendered bumps the row's generation and clears the lease; the
 *   worker deletes the row only if the generation it rendered is still the newest, so the later change is
 *   rendered too. Rendering is idempotent (./generate.ts): a document whose printed facts have not changed
 *   is not stored again.
 */
import { backgroundPass } from '../background-pass.ts';
import type { BlobStore } from '../blobs/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { logError, type LogSink } from '../log.ts';
import { renderPolicyDocuments, type RenderDeps } from './generate.ts';

/** How often the timer looks for requests a stopped process left, or a failed rendering to try again. */
const DOCUMENTS_SCAN_MS = 30_000;
/** How long a claimed request stays with its worker before another may take it (a rendering takes well under a second). */
export const DOCUMENTS_CLAIM_MS = 2 * 60_000;

/** Asks for policy `policyId`'s documents to be made again from its rows; call with the transaction of the change. */
export async function requestDocuments(tx: Queryable, policyId: number, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO document_jobs (policy_id, requested_at) VALUES ($1, $2)
     ON CONFLICT (policy_id) DO UPDATE SET generation = document_jobs.generation + 1, requested_at = EXCLUDED.requested_at, claimed_until = NULL`,
    [policyId, now],
  );
}

interface Claimed {
  policy_id: number;
  generation: string;
}

async function claimOne(db: Queryable, now: Date): Promise<Claimed | null> {
  const rows = await db.query<Claimed>(
    `UPDATE document_jobs SET claimed_until = $2
     WHERE policy_id = (
       SELECT policy_id FROM document_jobs WHERE claimed_until IS NULL OR claimed_until <= $1
       ORDER BY requested_at, policy_id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING policy_id, generation::text AS generation`,
    [now, new Date(now.getTime() + DOCUMENTS_CLAIM_MS)],
  );
  return rows[0] ?? null;
}

interface RenderTally {
  policies: number;
  documents: number;
  failed: number;
}

/**
 * Whether `claimed` is still its policy's newest request. A change asked again while it was rendered (a new
 * generation, its lease cleared) may have been claimed, rendered and stored by another renderer (a lane
 * beside this one, another process) before this one stores: then this one's PDFs, built from the rows as
 * they were, must not become the newest version.
 */
async function stillNewest(tx: Queryable, claimed: Claimed): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM document_jobs WHERE policy_id = $1 AND generation = $2', [claimed.policy_id, claimed.generation]);
  return rows.length > 0;
}

/**
 * Renderings at once in one process. The PDFs are built in the PDF process (./pdf/apart.ts) while a
 * rendering's rows are read and its files and rows written here; with two lanes the PDF process builds one
 * policy's documents while the other's are read or stored, instead of waiting. Measured in issue 25 with
 * `BENCH_ONLY=bind npm run bench` (two API processes, PostgreSQL, 2 cores): policies given their three
 * documents, from the row's start to the last one's, 26.6 a second with one lane, 35.9 with two, 34.1 with three.
 */
const DOCUMENT_LANES = 2;

/**
 * Renders every request due now, DOCUMENT_LANES policies at a time; a rendering that fails (the blob store is
 * down) is logged and left claimed, to be tried again after its lease.
 */
export async function renderRequestedDocuments(deps: RenderDeps & { log: LogSink }, lanes = DOCUMENT_LANES): Promise<RenderTally> {
  const tally: RenderTally = { policies: 0, documents: 0, failed: 0 };
  await Promise.all(Array.from({ length: lanes }, () => renderInLane(deps, tally)));
  return tally;
}

/** Claims and renders requests one after another until none is due. */
async function renderInLane(deps: RenderDeps & { log: LogSink }, tally: RenderTally): Promise<void> {
  for (;;) {
    const claimed = await claimOne(deps.db, deps.clock());
    if (!claimed) return;
    try {
      const stored = await renderPolicyDocuments(deps, claimed.policy_id, (tx) => stillNewest(tx, claimed));
      await deps.db.query('DELETE FROM document_jobs WHERE policy_id = $1 AND generation = $2', [claimed.policy_id, claimed.generation]);
      tally.policies += 1;
      tally.documents += stored.length;
    } catch (error) {
      tally.failed += 1;
      logError(deps.log, `documents of policy id ${claimed.policy_id}`, error);
    }
  }
}

export interface DocumentsJob {
  /** Renders what is requested now; resolves when a pass has finished. The requesting use case's kick, after its commit. */
  renderDue(): Promise<void>;
  /** Resolves once no rendering is running (tests wait on it before reading documents). */
  settled(): Promise<void>;
  /** A pass now for what a previous process left, then one every DOCUMENTS_SCAN_MS. */
  start(): void;
  /** Stops the timer and waits for a running pass to finish. */
  stop(): Promise<void>;
}

export function createDocumentsJob(deps: { db: Db; blobs: BlobStore; clock: () => Date; log: LogSink }): DocumentsJob {
  const worker = backgroundPass({
    name: 'documents job',
    pass: async () => {
      await renderRequestedDocuments(deps);
    },
    intervalMs: DOCUMENTS_SCAN_MS,
    log: deps.log,
  });
  return { renderDue: worker.kick, settled: worker.settled, start: worker.start, stop: worker.stop };
}
