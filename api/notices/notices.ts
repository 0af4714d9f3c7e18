/**
 * Notices: how a policy's bills, failed-payment notices and notices of cancellation reach the insured.
 *
 * The buyer is asked at purchase, beside the kept card's consent, whether they agree to electronic delivery
 * (contract ELECTRONIC_DELIVERY_CONSENT); the consent is kept with its words by the policy aggregate
 * (api/policies/records.ts deliveryConsentOf). `sendNotice` decides by it, in the caller's transaction:
 *
 *   - with the consent in force, the notice is e-mailed: its MIME mail (the PDF attached by the caller) is
 *     queued with enqueueMail, and leaves once the transaction commits;
 *   - without it (never given, withdrawn, or a policy bound before migration 026), the notice is posted: its
 *     PDF goes to the blob store and a row of posted_notices (this module's table) keeps it with the policy's
 *     mailing address as it is now, for the team to print and post from the operations page (/ops/notices,
 *     api/routes/ops.ts), where they mark it posted.
 *
 * Either way nothing is left half done: a caller whose transaction rolls back neither mails nor posts (a blob
 * written before a rollback is unnamed and never listed, as in api/documents/store.ts).
 *
 * Print-ready: the PDF is the caller's and is posted as it is; this module adds nothing to it. The address
 * snapshot is what the team writes on (or prints for) the envelope. A notice meant for a window envelope has
 * to carry the address on its first page at the window's place: that is for the PDF's builder to do (with
 * the same lines, `mailingLines`), and is not done here.
 */
import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../blobs/store.ts';
import { blobKey } from '../blobs/store.ts';
import type { Queryable } from '../db/db.ts';
import { sha256Hex } from '../hash.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/queue.ts';
import { deliveryConsentOf, insuredOf, policyById, type PolicyRow } from '../policies/records.ts';

/** The notices the billing cycle sends (api/billing/). A new kind needs no migration (a lower-case name). */
export type NoticeKind = 'bill' | 'payment-failed' | 'cancellation-notice';

export interface NoticePdf {
  /** The name it is downloaded and attached under, e.g. 'bill-2026-04.pdf'. */
  filename: string;
  bytes: Uint8Array;
}

export interface Notice {
  policyId: number;
  kind: NoticeKind;
  /** The e-mail as enqueueMail takes it, with the PDF attached: sent when the insured consented. */
  mail: MailMessage;
  /** The same notice as a print-ready PDF: posted when they did not. */
  pdf: NoticePdf;
}

/** How the notice went, in the domain's words. */
export type NoticeSent = { channel: 'email' } | { channel: 'post'; postedNoticeId: number };

export interface NoticeDeps {
  blobs: BlobStore;
  clock: () => Date;
}

/** The mail queue's kind of a notice's e-mail (logs name it; it carries nothing personal). */
export const noticeMailKind = (kind: NoticeKind): string => `notice: ${kind}`;

/**
 * Sends `notice` the way the insured agreed to, in `tx`: by e-mail with their consent to electronic delivery in
 * force, otherwise queued for posting. A policy that does not exist is a programming error (it throws).
 */
export async function sendNotice(tx: Queryable, deps: NoticeDeps, notice: Notice): Promise<NoticeSent> {
  const now = deps.clock();
  if (await deliveryConsentOf(tx, notice.policyId)) {
    await enqueueMail(tx, noticeMailKind(notice.kind), notice.mail, now);
    return { channel: 'email' };
  }
  const policy = await policyById(tx, notice.policyId);
  if (!policy) throw new Error(`sendNotice: no policy ${notice.policyId}`);
  if (!isPdf(notice.pdf.bytes)) throw new Error(`sendNotice: the ${notice.kind} notice's PDF of policy ${notice.policyId} is not a PDF`);
  const id = await queueForPost(tx, deps.blobs, { policyId: policy.id, kind: notice.kind, addressLines: mailingLines(policy), pdf: notice.pdf }, now);
  return { channel: 'post', postedNoticeId: id };
}

/** The envelope's lines: the insured's name, the street, then city, state and ZIP (USPS's last line). */
export function mailingLines(policy: Pick<PolicyRow, 'policyOwners' | 'mailingAddress'>): string[] {
  const insured = insuredOf(policy);
  const address = policy.mailingAddress;
  return [
    insured ? `${insured.firstName} ${insured.lastName}`.trim() : '',
    address.streetName,
    `${address.city}, ${address.state} ${address.zip}`,
  ].filter((line) => line !== '');
}

const isPdf = (bytes: Uint8Array): boolean => bytes.byteLength > 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';

// ------------------------------------------------------------------------------------ posted_notices

/** A notice queued for posting (migration 026). */
export interface PostedNotice {
  id: number;
  policyId: number;
  kind: string;
  addressLines: string[];
  pdfFilename: string;
  blobKey: string;
  byteSize: number;
  sha256: string;
  createdAt: Date;
  postedAt: Date | null;
  postedBy: string | null;
}

interface PostedRow {
  id: string;
  policy_id: number;
  kind: string;
  address_lines: string[];
  pdf_filename: string;
  blob_key: string;
  byte_size: number;
  sha256: string;
  created_at: Date;
  posted_at: Date | null;
  posted_by: string | null;
}

const COLUMNS = 'id::text AS id, policy_id, kind, address_lines, pdf_filename, blob_key, byte_size, sha256, created_at, posted_at, posted_by';

const fromRow = (row: PostedRow): PostedNotice => ({
  id: Number(row.id),
  policyId: row.policy_id,
  kind: row.kind,
  addressLines: row.address_lines,
  pdfFilename: row.pdf_filename,
  blobKey: row.blob_key,
  byteSize: row.byte_size,
  sha256: row.sha256,
  createdAt: row.created_at,
  postedAt: row.posted_at,
  postedBy: row.posted_by,
});

interface ToPost {
  policyId: number;
  kind: NoticeKind;
  addressLines: string[];
  pdf: NoticePdf;
}

/** Stores the PDF (blob first, then its row, in `tx`) and returns the row's id. */
async function queueForPost(tx: Queryable, blobs: BlobStore, notice: ToPost, now: Date): Promise<number> {
  // A random part: two notices made in the same millisecond never share a key.
  const key = blobKey('policies', notice.policyId, 'notices', `${notice.kind}-${now.getTime()}-${randomBytes(6).toString('hex')}.pdf`);
  await blobs.put(key, notice.pdf.bytes, 'application/pdf');
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO posted_notices (policy_id, kind, address_lines, pdf_filename, blob_key, byte_size, sha256, created_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
    [notice.policyId, notice.kind, JSON.stringify(notice.addressLines), notice.pdf.filename, key, notice.pdf.bytes.byteLength, sha256Hex(notice.pdf.bytes), now],
  );
  return Number(rows[0]!.id);
}

/** The notices waiting to be posted, oldest first (the operations page's list). */
export async function noticesToPost(db: Queryable, limit = 500): Promise<PostedNotice[]> {
  const rows = await db.query<PostedRow>(
    `SELECT ${COLUMNS} FROM posted_notices WHERE posted_at IS NULL ORDER BY created_at, id LIMIT $1`,
    [limit],
  );
  return rows.map(fromRow);
}

export async function postedNoticeById(db: Queryable, id: number): Promise<PostedNotice | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await db.query<PostedRow>(`SELECT ${COLUMNS} FROM posted_notices WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The policy's posted notices, newest first (what was sent to it by post, and whether it went). */
export async function postedNoticesOf(db: Queryable, policyId: number): Promise<PostedNotice[]> {
  const rows = await db.query<PostedRow>(`SELECT ${COLUMNS} FROM posted_notices WHERE policy_id = $1 ORDER BY created_at DESC, id DESC`, [policyId]);
  return rows.map(fromRow);
}

/** The PDF of a queued notice, as it will be printed. */
export async function pdfOfNotice(db: Queryable, blobs: BlobStore, id: number): Promise<{ notice: PostedNotice; bytes: Uint8Array } | null> {
  const notice = await postedNoticeById(db, id);
  const blob = notice ? await blobs.get(notice.blobKey) : null;
  return notice && blob ? { notice, bytes: blob.bytes } : null;
}

export type MarkPostedOutcome =
  | { kind: 'posted'; postedAt: Date }
  | { kind: 'refused'; reason: 'no-such-notice' | 'notice-already-posted'; message: string };

/**
 * A person put the notice in the post: recorded once, with their name and the time. The UPDATE moves only a
 * notice still waiting, so two people marking it at once record one of them.
 */
export async function markNoticePosted(db: Queryable, id: number, postedBy: string, now: Date): Promise<MarkPostedOutcome> {
  const notice = await postedNoticeById(db, id);
  if (!notice) return { kind: 'refused', reason: 'no-such-notice', message: 'There is no such notice.' };
  const rows = await db.query<{ id: string }>(
    'UPDATE posted_notices SET posted_at = $2, posted_by = $3 WHERE id = $1 AND posted_at IS NULL RETURNING id::text AS id',
    [id, now, postedBy],
  );
  if (rows.length === 0) {
    const again = await postedNoticeById(db, id);
    return {
      kind: 'refused', reason: 'notice-already-posted',
      message: `This notice was already marked posted${again?.postedAt ? ` on ${again.postedAt.toISOString()} by ${again.postedBy}` : ''}.`,
    };
  }
  return { kind: 'posted', postedAt: now };
}
