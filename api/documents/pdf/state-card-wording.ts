/**
 * What the ID card says, per state we write (contract WRITING_STATES). Where a state prescribes a title or
 * a sentence, the entry says where it comes from; where we found no prescribed text we print a plain,
 * generic line and say so, rather than dress it up as law. Every card also carries what all of these
 * states expect on proof of insurance: insurer, policy number, policy period, named insured and address,
 * each vehicle's year, make, model and VIN, and the liability limits (id-card.ts).
 *
 * Review this table with the programme's compliance team before each new state or form filing: card
 * rules change, and an insurer's filed forms may word them differently.
 */
import type { WRITING_STATES } from '../../../contract/index.ts';

export interface CardWording {
  /** The card's title. */
  title: string;
  /** Printed on the card's back; the first line in capitals, as a heading. */
  notice: readonly string[];
  /** The coverages the card lists with their limits, by the spec's limit name (DocumentCoverage.code). */
  coverages: readonly { code: string; label: string }[];
}

const KEEP_IN_VEHICLE = 'KEEP THIS CARD IN YOUR VEHICLE';
const SHOW_ON_REQUEST =
  'Show this card to a law enforcement officer on request, and to anyone involved in an accident with you.';
const LIABILITY = [
  { code: 'BI', label: 'Bodily Injury Liability' },
  { code: 'PD', label: 'Property Damage Liability' },
] as const;

/** Generic wording, not a statutory text: what proof of insurance is for, in plain words. */
const GENERIC_CARD_WORDING: CardWording = {
  title: 'Automobile Insurance Identification Card',
  notice: [KEEP_IN_VEHICLE, SHOW_ON_REQUEST],
  coverages: LIABILITY,
};

export const STATE_CARD_WORDING: Readonly<Record<(typeof WRITING_STATES)[number], CardWording>> = {
  // Generic wording: Arizona accepts an insurer's card as evidence of financial responsibility; we did not
  // find a prescribed card text.
  AZ: GENERIC_CARD_WORDING,
  // Generic wording: no prescribed card text found.
  CO: GENERIC_CARD_WORDING,
  // Florida requires Personal Injury Protection and Property Damage Liability security (Motor Vehicle
  // No-Fault Law, Fla. Stat. 627.730-627.7405; PD under chapter 324), and proof of that security in the
  // driver's immediate possession while driving (Fla. Stat. 316.646). The card therefore lists PIP and PDL
  // by those names, as Florida insurers' cards do. The title is the name in common use, not a quoted rule.
  FL: {
    title: 'Florida Automobile Insurance Identification Card',
    notice: [
      KEEP_IN_VEHICLE,
      'Proof of Florida Personal Injury Protection (PIP) and Property Damage Liability (PDL) coverage.',
      'Florida law requires proof of this security to be in your immediate possession while you drive (Fla. Stat. 316.646).',
    ],
    coverages: [
      { code: 'PIP', label: 'Florida Personal Injury Protection (PIP)' },
      { code: 'PD', label: 'Property Damage Liability (PDL)' },
      { code: 'BI', label: 'Bodily Injury Liability' },
    ],
  },
  // Generic wording: Georgia verifies insurance electronically; we did not find a prescribed card text.
  GA: GENERIC_CARD_WORDING,
  // Generic wording: no prescribed card text found.
  OH: GENERIC_CARD_WORDING,
  // Generic wording (no prescribed card text found); Oregon requires PIP besides liability
  // (facts/state-minimums.md), so the card lists it with its limit.
  OR: {
    ...GENERIC_CARD_WORDING,
    coverages: [...LIABILITY, { code: 'PIP', label: 'Personal Injury Protection' }],
  },
  // Generic wording: no prescribed card text found.
  TN: GENERIC_CARD_WORDING,
  // Texas: the standard proof of liability insurance form (Transportation Code 601.081) "must be titled
  // 'Texas Liability Insurance Card'" (28 TAC 5.204(b), read on the Texas Register's site); Side A lists
  // each insured's name and address, year, make and model of each vehicle, effective and expiration dates,
  // policy number and the insurer's name. The carry sentence is as Texas cards commonly print it (we did
  // not read its rule text). Transportation Code 601.053 also accepts an insurance binder as evidence,
  // which is what a BOUND policy's card is.
  TX: {
    title: 'Texas Liability Insurance Card',
    notice: ['This card must be carried in the insured vehicle for production upon demand.', SHOW_ON_REQUEST],
    coverages: LIABILITY,
  },
};

export function cardWording(state: string): CardWording {
  return STATE_CARD_WORDING[state as keyof typeof STATE_CARD_WORDING] ?? GENERIC_CARD_WORDING;
}
