/**
 * The ID card of one of the account's policies (issue 9): the dashboard's ID card button and the card
 * request's e-mail both take the newest card PDF (doc 1 section 2: "only the newest of each type is kept").
 * A policy whose bind-time documents failed to be made gets them now, as its documents page would.
 */
import type { Deps } from '../deps.ts';
import { makeMissingDocuments } from '../documents/generate.ts';
import { newestDocuments, type StoredDocument } from '../documents/store.ts';
import { onboardingOf } from '../policies/onboarding.ts';

/** The newest ID card of policy `policyId` (the caller has checked it is the account's), or null. */
export async function newestIdCard(deps: Pick<Deps, 'db' | 'blobs' | 'clock'>, policyId: number): Promise<StoredDocument | null> {
  const newest = async () => (await newestDocuments(deps.db, policyId)).find((document) => document.kind === 'card') ?? null;
  const card = await newest();
  if (card) return card;
  const onboarding = await onboardingOf(deps.db, policyId);
  if (!onboarding) return null;
  await makeMissingDocuments(deps, policyId, onboarding.signed);
  return newest();
}

/** The file name a saved card gets: 'ID-Card-PPMP-7KD2-XW9M.pdf'. */
export const idCardFileName = (policyNumber: string): string => `ID-Card-${policyNumber}.pdf`;
