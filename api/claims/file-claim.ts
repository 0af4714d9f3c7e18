/**
 * Files a claim (POST /api/contact/claims): the photos into the blob store, then in one transaction the claim,
 * its photos' records and both e-mails in the queue (the claims team's, with the photos, and the claimant's
 * acknowledgement). A failed insert rolls all of it back: no claim, no photo record, no mail. Photos stored
 * before a failed transaction are removed again.
 *
 * Idempotent by the Idempotency-Key. The HTTP side (a replay of the stored answer, 422 for other answers, 409
 * while the first runs) is the one mechanism of api/http/idempotency.ts, before this runs. The claims row
 * keeps the key too (UNIQUE) with the request's fingerprint, in the same transaction as the claim: that is
 * what makes a claim exist once per key. The central store alone cannot: a process that commits the claim
 * and dies before the answer is stored leaves the key to be taken over by a retry, which runs this again;
 * here it finds the row and answers the first claim's reference, filing nothing. Two requests that both get
 * this far meet at the unique index: the second waits for the first transaction and then finds its row. A row
 * under the key with another fingerprint is refused, never filed.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { blobKey } from '../blobs/store.ts';
import type { Deps } from '../deps.ts';
import type { IdempotentRequest } from '../http/idempotency.ts';
import type { Limiter } from '../limiter.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/queue.ts';
import { BRAND, type ClaimRequest } from '../../contract/index.ts';
import { newClaimReference } from './reference.ts';
import { claimAcknowledgement, claimsTeamMail, CLAIM_ACK_KIND, CLAIM_TEAM_KIND } from './claim-mail.ts';
import { mailCopy, type ClaimPhoto } from './photos.ts';

export type FiledClaim =
  | { kind: 'filed'; reference: string }
  | { kind: 'replay'; reference: string }
  | { kind: 'mismatch' };

/** A reference drawn twice (1 in 78 billion per claim on file) is drawn again; more is a broken generator. */
const REFERENCE_TRIES = 5;

async function earlier(deps: Deps, key: string, requestHash: string): Promise<FiledClaim | null> {
  const rows = await deps.db.query<{ reference: string; request_hash: string }>(
    'SELECT reference, request_hash FROM claims WHERE idempotency_key = $1',
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  return row.request_hash === requestHash ? { kind: 'replay', reference: row.reference } : { kind: 'mismatch' };
}

/**
 * `ackLimit` counts acknowledgements per recipient: past it the claim is still filed and sent to the claims
 * team, but the claimant's address gets no more mail from us (the form must not be a way to mail strangers).
 */
export async function fileClaim(
  deps: Deps,
  input: { claim: ClaimRequest; photos: ClaimPhoto[]; request: IdempotentRequest },
  ackLimit: Limiter,
): Promise<FiledClaim> {
  const { claim, photos } = input;
  const { key: idempotencyKey, requestHash } = input.request;
  const known = await earlier(deps, idempotencyKey, requestHash);
  if (known) return known;

  const now = deps.clock();
  // A folder of this request's own (the reference is drawn inside the transaction): a second request under
  // the same key that loses the race removes its own copies, never the filed claim's.
  const folder = `${now.toISOString().slice(0, 10)}-${randomBytes(12).toString('hex')}`;
  const keys = photos.map((photo, index) => blobKey('claims', folder, `${index + 1}.${photo.format === 'jpeg' ? 'jpg' : photo.format}`));
  // one photo in memory at a time (each up to 10 MB), read from the request's upload folder
  for (const [index, photo] of photos.entries()) await deps.blobs.put(keys[index]!, await readFile(photo.path), photo.contentType);
  const attachments: MailAttachment[] = [];
  for (const [index, photo] of photos.entries()) attachments.push(await mailCopy(photo, index));
  const removePhotos = () => Promise.all(keys.map((key) => deps.blobs.delete(key).catch(() => undefined)));

  let outcome: FiledClaim | null;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      for (let attempt = 0; attempt < REFERENCE_TRIES; attempt++) {
        const reference = newClaimReference();
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO claims (reference, claim, idempotency_key, request_hash, created_at) VALUES ($1, $2::jsonb, $3, $4, $5)
           ON CONFLICT DO NOTHING RETURNING id::int AS id`,
          [reference, JSON.stringify(claim), idempotencyKey, requestHash, now],
        );
        const id = inserted[0]?.id;
        if (id === undefined) {
          // the key's claim was filed meanwhile (a second press that arrived together with the first)
          const rows = await tx.query<{ reference: string; request_hash: string }>(
            'SELECT reference, request_hash FROM claims WHERE idempotency_key = $1',
            [idempotencyKey],
          );
          if (rows[0]) return null;
          continue; // the reference was taken: draw another
        }
        for (const [index, photo] of photos.entries()) {
          await tx.query(
            'INSERT INTO claim_photos (claim_id, position, blob_key, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5)',
            [id, index + 1, keys[index], photo.contentType, photo.size],
          );
        }
        const team = deps.config.claimsEmail;
        await enqueueMail(tx, CLAIM_TEAM_KIND, claimsTeamMail({ to: team, claim, reference, filedAt: now, attachments }), now);
        if ((await ackLimit.take(claim.email.trim().toLowerCase(), tx)) === 'ok') {
          await enqueueMail(tx, CLAIM_ACK_KIND, claimAcknowledgement({ claim, reference, photoCount: photos.length }), now);
        }
        return { kind: 'filed', reference } as const;
      }
      throw new Error(`no free claim reference after ${REFERENCE_TRIES} draws`);
    });
  } catch (error) {
    await removePhotos();
    throw error;
  }
  if (outcome === null) {
    // Another request under this key filed the claim: its photos are stored, ours go again.
    await removePhotos();
    return (await earlier(deps, idempotencyKey, requestHash)) ?? { kind: 'mismatch' };
  }
  void deps.mail.deliverDue();
  return outcome;
}
