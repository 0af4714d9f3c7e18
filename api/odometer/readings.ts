/**
 * The odometer_readings table: every photo sent, what was decided about it, and the reading that counts.
 * Only this file writes SQL against it.
 */
import type { OdometerBox, OdometerStatus } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';

export interface NewReading {
  policyId: number;
  carNumber: number;
  typedReading: number;
  ocrFirst: string | null;
  ocrSecond: string | null;
  status: 'verified' | 'confirmed' | 'suggested' | 'needs_review' | 'rejected';
  reasons: string[];
  message: string | null;
  photoBlobKey: string;
  photoContentType: string;
  capturedAt: Date | null;
  /** The guide frame's box (issue 24) and the kept crop of the photo to it (a JPEG), or null without a box. */
  box?: OdometerBox | null;
  cropBlobKey?: string | null;
  /** The 'suggested' attempt this reading was typed after, as the server matched it (issue 24). */
  afterSuggestionId?: number | null;
}

export interface ReadingRow {
  id: number;
  policyId: number;
  carNumber: number;
  typedReading: number;
  ocrFirst: string | null;
  ocrSecond: string | null;
  status: OdometerStatus;
  reasons: string[];
  message: string | null;
  photoBlobKey: string;
  photoContentType: string;
  capturedAt: Date | null;
  createdAt: Date;
  reviewedReading: number | null;
  box: OdometerBox | null;
  cropBlobKey: string | null;
  afterSuggestionId: number | null;
}

const COLUMNS = `id::text AS id, policy_id, car_number, typed_reading, ocr_first, ocr_second, status, reasons, message,
  photo_blob_key, photo_content_type, captured_at, created_at, reviewed_reading, box, crop_blob_key, after_suggestion_id::text AS after_suggestion_id`;

interface Row {
  id: string;
  policy_id: number;
  car_number: number;
  typed_reading: number;
  ocr_first: string | null;
  ocr_second: string | null;
  status: OdometerStatus;
  reasons: string[];
  message: string | null;
  photo_blob_key: string;
  photo_content_type: string;
  captured_at: Date | null;
  created_at: Date;
  reviewed_reading: number | null;
  box: OdometerBox | null;
  crop_blob_key: string | null;
  after_suggestion_id: string | null;
}

const fromRow = (row: Row): ReadingRow => ({
  id: Number(row.id),
  policyId: row.policy_id,
  carNumber: row.car_number,
  typedReading: row.typed_reading,
  ocrFirst: row.ocr_first,
  ocrSecond: row.ocr_second,
  status: row.status,
  reasons: row.reasons,
  message: row.message,
  photoBlobKey: row.photo_blob_key,
  photoContentType: row.photo_content_type,
  capturedAt: row.captured_at,
  createdAt: row.created_at,
  reviewedReading: row.reviewed_reading,
  box: row.box,
  cropBlobKey: row.crop_blob_key,
  afterSuggestionId: row.after_suggestion_id === null ? null : Number(row.after_suggestion_id),
});

/**
 * The accepted-reading rule, in one place: a reading counts once it is 'verified' (both readers agree
 * with the typed reading and it is plausible), 'approved' by a person (migration 008), or 'confirmed':
 * retyped after a suggestion and read so by both passes (issue 24, migration 029).
 */
const ACCEPTED_READING_STATUSES = ['verified', 'approved', 'confirmed'] as const satisfies readonly OdometerStatus[];

/** Whether a reading of this status counts (the rule above, for code that holds a row already). */
export const isAccepted = (status: OdometerStatus): boolean => (ACCEPTED_READING_STATUSES as readonly OdometerStatus[]).includes(status);

/** The rule as this module's SQL condition on odometer_readings (its only writer of SQL). */
const ACCEPTED = `status IN (${ACCEPTED_READING_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** The reading that counts for an accepted row: what the reviewer read, else what was typed. */
export const countedReading = (row: Pick<ReadingRow, 'typedReading' | 'reviewedReading'>): number => row.reviewedReading ?? row.typedReading;

export async function insertReading(tx: Queryable, reading: NewReading, now: Date): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO odometer_readings (policy_id, car_number, typed_reading, ocr_first, ocr_second, status, reasons, message,
                                    photo_blob_key, photo_content_type, captured_at, created_at, box, crop_blob_key, after_suggestion_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13::jsonb, $14, $15) RETURNING id::text AS id`,
    [
      reading.policyId, reading.carNumber, reading.typedReading, reading.ocrFirst, reading.ocrSecond, reading.status,
      JSON.stringify(reading.reasons), reading.message, reading.photoBlobKey, reading.photoContentType, reading.capturedAt, now,
      reading.box ? JSON.stringify(reading.box) : null, reading.cropBlobKey ?? null, reading.afterSuggestionId ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

/** The vehicle's last accepted reading (verified or approved), the base of the plausibility checks. */
export async function lastAcceptedReading(db: Queryable, policyId: number, carNumber: number): Promise<ReadingRow | null> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM odometer_readings
     WHERE policy_id = $1 AND car_number = $2 AND ${ACCEPTED}
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [policyId, carNumber],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Every accepted reading (verified, or approved by a person) of the policy's vehicles, oldest first: the
 * account's statements show those that answered a period's reading request (api/account/statements.ts).
 */
export async function acceptedReadings(db: Queryable, policyId: number): Promise<ReadingRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM odometer_readings
     WHERE policy_id = $1 AND ${ACCEPTED}
     ORDER BY car_number, created_at, id`,
    [policyId],
  );
  return rows.map(fromRow);
}

/** The car numbers of the policy that have an accepted reading. */
export async function carsWithAcceptedReading(db: Queryable, policyId: number): Promise<Set<number>> {
  const rows = await db.query<{ car_number: number }>(`SELECT DISTINCT car_number FROM odometer_readings WHERE policy_id = $1 AND ${ACCEPTED}`, [policyId]);
  return new Set(rows.map((row) => row.car_number));
}

/**
 * How many photos of the vehicle were refused as unreadable (neither reader read a number) since `since`:
 * the verdict sends the next one to a person rather than refuse again.
 */
export async function unreadableSince(db: Queryable, policyId: number, carNumber: number, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM odometer_readings
     WHERE policy_id = $1 AND car_number = $2 AND status = 'rejected' AND ocr_first IS NULL AND ocr_second IS NULL AND created_at > $3`,
    [policyId, carNumber, since],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The vehicle's 'suggested' attempts since `since` (issue 24), newest first: the server's own record of the
 * suggestions it showed, against which a reading typed after one is judged, whatever the page says.
 */
export async function suggestionsSince(db: Queryable, policyId: number, carNumber: number, since: Date): Promise<ReadingRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM odometer_readings
     WHERE policy_id = $1 AND car_number = $2 AND status = 'suggested' AND created_at >= $3
     ORDER BY created_at DESC, id DESC`,
    [policyId, carNumber, since],
  );
  return rows.map(fromRow);
}

/** The newest reading of each vehicle of the policy, whatever its status. */
export async function latestReadings(db: Queryable, policyId: number): Promise<ReadingRow[]> {
  const rows = await db.query<Row>(
    `SELECT DISTINCT ON (car_number) ${COLUMNS} FROM odometer_readings WHERE policy_id = $1 ORDER BY car_number, created_at DESC, id DESC`,
    [policyId],
  );
  return rows.map(fromRow);
}

/**
 * Puts aside the held reading(s) of a vehicle, in `tx`, as its sender sent a new photo (a corrected reading,
 * or a sharper photo): they become 'superseded' and leave the review queue. The number put aside.
 */
export async function supersedeHeld(tx: Queryable, policyId: number, carNumber: number): Promise<number> {
  const rows = await tx.query(
    `UPDATE odometer_readings SET status = 'superseded' WHERE policy_id = $1 AND car_number = $2 AND status = 'needs_review' RETURNING id`,
    [policyId, carNumber],
  );
  return rows.length;
}

/** Readings a person must look at, oldest first (first come, first served). */
export async function readingsAwaitingReview(db: Queryable, limit = 50): Promise<ReadingRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM odometer_readings WHERE status = 'needs_review' ORDER BY created_at, id LIMIT $1`,
    [limit],
  );
  return rows.map(fromRow);
}

export async function readingById(db: Queryable, id: number): Promise<ReadingRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM odometer_readings WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** A person's decision on a held reading; false when it was no longer held (decided by someone else). */
export async function recordReview(
  tx: Queryable,
  id: number,
  decision: { status: 'approved'; reading: number } | { status: 'declined'; message: string },
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE odometer_readings SET status = $2, reviewed_at = $3, reviewed_reading = $4, message = $5
     WHERE id = $1 AND status = 'needs_review' RETURNING id`,
    [id, decision.status, now, decision.status === 'approved' ? decision.reading : null, decision.status === 'declined' ? decision.message : null],
  );
  return rows.length > 0;
}
