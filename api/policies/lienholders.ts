/**
 * A financed or leased vehicle's lienholder (doc 3 sections 3, 4 "Lienholder" and 7): one request per
 * vehicle after the bind. Accepted only from the person who just paid (the bind's purchase token) or from
 * the policy's owner signed in (issue 22 item 2: a quote number alone names no lienholder), only for a bound
 * policy's own vehicle, and only when that vehicle is financed or leased; sent again, it replaces the
 * vehicle's lienholder (the person corrected a typo). The same lienholder sent again changes nothing and
 * asks for no documents.
 */
import { MESSAGES, type LienholderRequest } from '../../contract/index.ts';
import { ownPolicyId } from '../account/session-answer.ts';
import type { Deps } from '../deps.ts';
import { requestDocuments } from '../documents/job.ts';
import { quoteIdOf } from '../quotes/store.ts';
import { purchaseTokenQuote } from './bind.ts';
import { lienholderOf, policyByQuote, saveLienholderRow, vehicleFinancing, type Lienholder } from './records.ts';

export type LienholderOutcome =
  | { kind: 'saved'; policyId: number; changed: boolean }
  | { kind: 'refused'; reason: 'purchase-token-invalid' | 'no-such-policy' | 'not-financed'; message: string };

/** Who sends it: the Purchase-Token header as sent, and the account of a live session (null: none). */
export interface LienholderSender {
  purchaseToken: string | undefined;
  accountId: number | null;
}

/**
 * Saves it and, in the same transaction, asks for the documents that print it (declarations, application),
 * which are made once it commits, off the answer's path. Who may send it is settled first, and a stranger
 * hears the same refusal whether or not the quote exists.
 */
export async function saveLienholder(
  deps: Pick<Deps, 'db' | 'documents'>,
  request: LienholderRequest,
  sender: LienholderSender,
  now: Date,
): Promise<LienholderOutcome> {
  const { db } = deps;
  const quoteId = await quoteIdOf(db, request.quoteNumber);
  const policy = quoteId === null ? null : await policyByQuote(db, quoteId);
  const buyer = quoteId !== null && (await purchaseTokenQuote(db, sender.purchaseToken, request.quoteNumber, now)) === quoteId;
  const owner = !buyer && policy !== null && sender.accountId !== null && (await ownPolicyId(db, sender.accountId, policy.policyNumber)) === policy.id;
  if (!buyer && !owner) return { kind: 'refused', reason: 'purchase-token-invalid', message: MESSAGES.purchaseTokenRequired };
  const vehicle = policy ? await vehicleFinancing(db, policy.id, request.carNumber) : null;
  if (!policy || !vehicle) return { kind: 'refused', reason: 'no-such-policy', message: MESSAGES.lienholderPolicyNotFound };
  if (vehicle.financing !== 'LEASE' && vehicle.financing !== 'FINANCE') {
    return { kind: 'refused', reason: 'not-financed', message: MESSAGES.lienholderNotFinanced };
  }
  const { quoteNumber: _quoteNumber, ...lienholder } = request;
  const onRecord = await lienholderOf(db, policy.id, request.carNumber);
  if (onRecord && sameLienholder(onRecord, lienholder)) return { kind: 'saved', policyId: policy.id, changed: false };
  await db.transaction(async (tx) => {
    await saveLienholderRow(tx, policy.id, request, now);
    await requestDocuments(tx, policy.id, now);
  });
  void deps.documents.renderDue();
  return { kind: 'saved', policyId: policy.id, changed: true };
}

function sameLienholder(a: Lienholder, b: Lienholder): boolean {
  return a.name === b.name && a.address === b.address && a.city === b.city && a.state === b.state && a.zip === b.zip && a.phoneNumber === b.phoneNumber;
}
