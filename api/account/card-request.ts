/**
 * Request a card (doc 1 "Request a card", for the user's real vehicles; POST /api/user/request_card):
 *
 * - only a policy of the signed-in account (ownPolicyId: another person's policy is the same miss as none),
 *   and only VINs of that policy's vehicles;
 * - electronic: the newest ID card PDF is e-mailed to the account's address as an attachment (the card
 *   lists every vehicle of the policy; the VINs chosen are named in the e-mail);
 * - mail: a card_requests row waits for the post room (status 'requested'), stored in the transaction that
 *   queues its confirmation e-mail, so neither exists without the other.
 *
 * Both are recorded in card_requests (the electronic one as 'emailed'), so care can see what was asked for.
 */
import type { CardRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { documentBytes } from '../documents/store.ts';
import type { Queryable } from '../db/db.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { vehicleName, vehiclesOf } from '../policies/records.ts';
import { CARD_MAIL_KIND, CARD_POST_MAIL_KIND, cardMail, cardPostMail } from './card-mail.ts';
import { idCardFileName, newestIdCard } from './id-card.ts';
import { ownPolicyId, type AccountIdentity } from './session-answer.ts';

export type CardOutcome =
  | { kind: 'emailed' }
  | { kind: 'mailed' }
  /** Not a policy of this account (or none at all). */
  | { kind: 'not-found' }
  /** The policy is cancelled: no card. */
  | { kind: 'cancelled' }
  /** A VIN that is not on the policy. */
  | { kind: 'vehicle' }
  /** The policy has no ID card and none could be made now. */
  | { kind: 'not-ready' };

async function recordRequest(tx: Queryable, input: { policyId: number; accountId: number; vins: string[]; delivery: 'electronic' | 'mail' }, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO card_requests (policy_id, account_id, vins, delivery, status, created_at) VALUES ($1, $2, $3::text[], $4, $5, $6)`,
    [input.policyId, input.accountId, input.vins, input.delivery, input.delivery === 'mail' ? 'requested' : 'emailed', now],
  );
}

export async function requestCard(deps: Pick<Deps, 'db' | 'blobs' | 'clock' | 'log'>, account: AccountIdentity, request: CardRequest): Promise<CardOutcome> {
  const policyId = await ownPolicyId(deps.db, account.id, request.policyNumber);
  if (policyId === null) return { kind: 'not-found' };
  const vehicles = await vehiclesOf(deps.db, policyId);
  const vins = [...new Set(request.vins)];
  const chosen = vins.map((vin) => vehicles.find((vehicle) => vehicle.vin.trim() === vin));
  if (chosen.some((vehicle) => vehicle === undefined)) return { kind: 'vehicle' };
  const names = chosen.map((vehicle) => `${vehicleName(vehicle!)} (VIN ending ${vehicle!.vin.trim().slice(-6)})`);
  const delivery = request.delivery as 'electronic' | 'mail';

  if (delivery === 'mail') {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      await recordRequest(tx, { policyId, accountId: account.id, vins, delivery }, now);
      await enqueueMail(tx, CARD_POST_MAIL_KIND, cardPostMail({ to: account.emailLower, policyNumber: request.policyNumber, vehicles: names }), now);
    });
    return { kind: 'mailed' };
  }

  // A card the documents job has not made yet, or that cannot be read now (the blob store is down), is 'not
  // ready': try again in a few minutes.
  let pdf: Uint8Array;
  try {
    const card = await newestIdCard(deps, policyId);
    if (!card) return { kind: 'not-ready' };
    if (card === 'cancelled') return { kind: 'cancelled' };
    pdf = await documentBytes(deps.blobs, card);
  } catch (error) {
    logError(deps.log, `card request of policy id ${policyId}`, error);
    return { kind: 'not-ready' };
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await recordRequest(tx, { policyId, accountId: account.id, vins, delivery }, now);
    await enqueueMail(
      tx,
      CARD_MAIL_KIND,
      cardMail({ to: account.emailLower, policyNumber: request.policyNumber, vehicles: names, fileName: idCardFileName(request.policyNumber), pdf }),
      now,
    );
  });
  return { kind: 'emailed' };
}
