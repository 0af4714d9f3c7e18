/**
 * A financed or leased vehicle's lienholder (doc 3 sections 3, 4 "Lienholder" and 7): one request per
 * vehicle after the bind. Accepted only for a bound policy's own vehicle, and only when that vehicle is
 * financed or leased; sent again, it replaces the vehicle's lienholder (the person corrected a typo).
 */
import { MESSAGES, type LienholderRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { requestDocuments } from '../documents/job.ts';
import { quoteIdOf } from '../quotes/store.ts';
import { policyByQuote, saveLienholderRow, vehicleFinancing } from './records.ts';

export type LienholderOutcome = { kind: 'saved'; policyId: number } | { kind: 'refused'; reason: 'no-such-policy' | 'not-financed'; message: string };

/**
 * Saves it and, in the same transaction, asks for the documents that print it (declarations, application),
 * which are made once it commits, off the answer's path.
 */
export async function saveLienholder(deps: Pick<Deps, 'db' | 'documents'>, request: LienholderRequest, now: Date): Promise<LienholderOutcome> {
  const { db } = deps;
  const quoteId = await quoteIdOf(db, request.quoteNumber);
  if (quoteId === null) return { kind: 'refused', reason: 'no-such-policy', message: MESSAGES.lienholderPolicyNotFound };
  const policy = await policyByQuote(db, quoteId);
  const vehicle = policy ? await vehicleFinancing(db, policy.id, request.carNumber) : null;
  if (!policy || !vehicle) return { kind: 'refused', reason: 'no-such-policy', message: MESSAGES.lienholderPolicyNotFound };
  if (vehicle.financing !== 'LEASE' && vehicle.financing !== 'FINANCE') {
    return { kind: 'refused', reason: 'not-financed', message: MESSAGES.lienholderNotFinanced };
  }
  await db.transaction(async (tx) => {
    await saveLienholderRow(tx, policy.id, request, now);
    await requestDocuments(tx, policy.id, now);
  });
  void deps.documents.renderDue();
  return { kind: 'saved', policyId: policy.id };
}
