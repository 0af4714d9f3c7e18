/** The claim and contact forms' lists and fallbacks (doc 1 sections 3, 5 and 7). */
import type { Option } from './options.ts';

/** Claim form (doc 1 section 3): where the own vehicle is, and who drove it. */
export const VEHICLE_LOCATIONS = [
  { value: 'home', label: 'Home' },
  { value: 'dealer', label: 'Dealer' },
  { value: 'tow', label: 'Tow yard' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option<string>[];
export const VEHICLE_DRIVERS = [
  { value: 'Me', label: 'Me' },
  { value: 'Someone Else', label: 'Someone Else' },
] as const satisfies readonly Option<string>[];
/** doc 1 section 7: insuredRelation is sent as INSURED or as this text. */
export const INSURED_RELATION_OTHER = 'OTHER (see insuredRelationInput)';

/** doc 1 section 5: an empty contact subject falls back to this (brand prefix omitted, as the spec says). */
export const CONTACT_SUBJECT_FALLBACK = 'Auto Insurance - Contact Form';
