/**
 * The renewals table (migrations 012, 013): the only module that reads and writes it. A renewal's signature
 * is the policy's record (api/policies/records.ts, migration 020).
 * A renewal is the priced next term of a policy; its application and declarations are documents of the
 * policy (policy_documents kinds 'renewal-application' and 'renewal-declaration'). Its life: 'offered',
 * then 'signed' and 'in_force' on its first day, or 'lapsed' when never signed (./terms.ts); each step is
 * one UPDATE guarded by the status it leaves.
 */
import type { QuotePolicy } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { insertSignature } from '../policies/records.ts';

export type RenewalStatus = 'offered' | 'signed' | 'in_force' | 'lapsed';

export interface Renewal {
  id: number;
  policyId: number;
  /** YYYY-MM-DD: the day the current term ends and the next begins. */
  termStart: string;
  /** YYYY-MM-DD */
  termEnd: string;
  rateTableVersion: string;
  /** The next term as priced, in the quote response's shape. */
  answer: QuotePolicy;
  status: RenewalStatus;
  applicationDocumentId: number;
  declarationDocumentId: number;
  createdAt: Date;
  signedAt: Date | null;
  /** When the policy moved to this term (status 'in_force'). */
  inForceAt: Date | null;
  /** When the unsigned offer lapsed (status 'lapsed'). */
  lapsedAt: Date | null;
}

interface Row {
  id: number;
  policy_id: number;
  term_start: string;
  term_end: string;
  rate_table_version: string;
  answer: QuotePolicy;
  status: RenewalStatus;
  application_document_id: string;
  declaration_document_id: string;
  created_at: Date;
  signed_at: Date | null;
  in_force_at: Date | null;
  lapsed_at: Date | null;
}

const COLUMNS = `id, policy_id, to_char(term_start, 'YYYY-MM-DD') AS term_start, to_char(term_end, 'YYYY-MM-DD') AS term_end,
  rate_table_version, answer, status, application_document_id::text AS application_document_id,
  declaration_document_id::text AS declaration_document_id, created_at, signed_at, in_force_at, lapsed_at`;

const fromRow = (row: Row): Renewal => ({
  id: row.id,
  policyId: row.policy_id,
  termStart: row.term_start,
  termEnd: row.term_end,
  rateTableVersion: row.rate_table_version,
  answer: row.answer,
  status: row.status,
  applicationDocumentId: Number(row.application_document_id),
  declarationDocumentId: Number(row.declaration_document_id),
  createdAt: row.created_at,
  signedAt: row.signed_at,
  inForceAt: row.in_force_at,
  lapsedAt: row.lapsed_at,
});

export interface NewRenewal {
  policyId: number;
  termStart: string;
  termEnd: string;
  rateTableVersion: string;
  answer: QuotePolicy;
  applicationDocumentId: number;
  declarationDocumentId: number;
}

/**
 * Records the renewal in `tx` and returns its id, or null when the policy already has a renewal of that
 * term (the unique key decides, in the statement itself: two runs racing each other make one renewal).
 */
export async function insertRenewal(tx: Queryable, renewal: NewRenewal, now: Date): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO renewals (policy_id, term_start, term_end, rate_table_version, answer, application_document_id,
                           declaration_document_id, created_at)
     VALUES ($1, $2::date, $3::date, $4, $5::jsonb, $6, $7, $8)
     ON CONFLICT (policy_id, term_start) DO NOTHING
     RETURNING id`,
    [
      renewal.policyId, renewal.termStart, renewal.termEnd, renewal.rateTableVersion, JSON.stringify(renewal.answer),
      renewal.applicationDocumentId, renewal.declarationDocumentId, now,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function renewalById(db: Queryable, renewalId: number): Promise<Renewal | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM renewals WHERE id = $1`, [renewalId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * The policy's newest renewal that did not lapse (the next term it was offered, or the term in force since),
 * or null. A lapsed offer is over: what the policy signs and shows is then its own application again.
 */
export async function newestRenewalOf(db: Queryable, policyId: number): Promise<Renewal | null> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM renewals WHERE policy_id = $1 AND status <> 'lapsed' ORDER BY term_start DESC LIMIT 1`,
    [policyId],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Whether the policy has a renewal of the term starting `termStart` (the run's cheap first check). */
export async function hasRenewal(db: Queryable, policyId: number, termStart: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM renewals WHERE policy_id = $1 AND term_start = $2::date`, [policyId, termStart]);
  return rows.length > 0;
}

/** The renewals of policies `policyIds` as 'policyId term_start' (YYYY-MM-DD), to look a policy and term up in. */
export async function renewalTermsOf(db: Queryable, policyIds: readonly number[]): Promise<Set<string>> {
  if (policyIds.length === 0) return new Set();
  const rows = await db.query<{ policy_id: number; term_start: string }>(
    `SELECT policy_id, to_char(term_start, 'YYYY-MM-DD') AS term_start FROM renewals WHERE policy_id = ANY($1::int[])`,
    [policyIds],
  );
  return new Set(rows.map((row) => `${row.policy_id} ${row.term_start}`));
}

/** Signed renewals whose term has begun by `today` (YYYY-MM-DD) and that are not in force yet, oldest first. */
export async function signedRenewalsBegun(db: Queryable, today: string, limit: number): Promise<Renewal[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM renewals WHERE status = 'signed' AND term_start <= $1::date ORDER BY term_start, id LIMIT ${Number(limit)}`,
    [today],
  );
  return rows.map(fromRow);
}

/** Offers still unsigned whose term_start is before `day` (YYYY-MM-DD): their rollover link has run out. */
export async function offersBefore(db: Queryable, day: string, limit: number): Promise<Renewal[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM renewals WHERE status = 'offered' AND term_start < $1::date ORDER BY term_start, id LIMIT ${Number(limit)}`,
    [day],
  );
  return rows.map(fromRow);
}

/** Marks a signed renewal in force, in `tx`; false when it is not 'signed' (another run did it first). */
export async function markInForce(tx: Queryable, renewalId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(`UPDATE renewals SET status = 'in_force', in_force_at = $2 WHERE id = $1 AND status = 'signed' RETURNING id`, [renewalId, now]);
  return rows.length === 1;
}

/** Marks an unsigned offer lapsed, in `tx`; false when it is no longer 'offered' (signed, or lapsed by another run). */
export async function markLapsed(tx: Queryable, renewalId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(`UPDATE renewals SET status = 'lapsed', lapsed_at = $2 WHERE id = $1 AND status = 'offered' RETURNING id`, [renewalId, now]);
  return rows.length === 1;
}

export interface RenewalSignature {
  renewalId: number;
  applicationDocumentId: number;
  signedDocumentId: number;
  signerName: string;
  consentText: string;
  signedAt: Date;
  documentSha256: string;
  ipAddress: string;
  userAgent: string;
}

/**
 * Marks the renewal signed and records its application's signature in `tx`. False when it is no longer an
 * open offer: signed already (two Sign presses at once: the first stands) or lapsed (its term began unsigned).
 */
export async function recordRenewalSignature(tx: Queryable, signature: RenewalSignature): Promise<boolean> {
  // The status first: the UPDATE locks the row, so a second signature or the run's lapse waits and then finds
  // it no longer 'offered'.
  const marked = await tx.query<{ policy_id: number }>(
    `UPDATE renewals SET status = 'signed', signed_at = $2 WHERE id = $1 AND status = 'offered' RETURNING policy_id`,
    [signature.renewalId, signature.signedAt],
  );
  if (marked.length === 0) return false;
  // The signature is the policy's record (api/policies/records.ts keeps every application's signature).
  const recorded = await insertSignature(tx, { ...signature, policyId: marked[0]!.policy_id, consentedAt: signature.signedAt });
  // An offer never has a signature: a row there would mean the two records disagree.
  if (!recorded) throw new Error(`renewal ${signature.renewalId} was offered but has a signature`);
  return true;
}
