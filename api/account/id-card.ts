/**
 * The ID card of one of the account's policies (issue 9): the dashboard's ID card button and the card
 * request's e-mail both take the newest card PDF (doc 1 section 2: "only the newest of each type is kept").
 * It only reads: a card the documents job (api/documents/job.ts) has not made yet is null, "not ready".
 */
import type { Deps } from '../deps.ts';
import { newestDocuments, type StoredDocument } from '../documents/store.ts';
import { policyById } from '../policies/records.ts';

/**
 * The newest ID card of policy `policyId` (the caller has checked it is the account's), null when not made
 * yet, or 'cancelled': a cancelled policy insures nothing, and its card is no longer offered.
 */
export async function newestIdCard(deps: Pick<Deps, 'db'>, policyId: number): Promise<StoredDocument | 'cancelled' | null> {
  if ((await policyById(deps.db, policyId))?.status === 'CANCELLED') return 'cancelled';
  return (await newestDocuments(deps.db, policyId)).find((document) => document.kind === 'card') ?? null;
}

/** The file name a saved card gets: 'ID-Card-PPMP-7KD2-XW9M.pdf'. */
export const idCardFileName = (policyNumber: string): string => `ID-Card-${policyNumber}.pdf`;
