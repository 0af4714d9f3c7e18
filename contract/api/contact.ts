import { assign, coerce, define, object, optional, pattern, refine, string, unknown, type Infer, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import {
  CONTACT_SUBJECT_FALLBACK, INSURED_RELATION_OTHER, LOCATIONS_ASKING_PHONE, VEHICLE_DRIVERS, VEHICLE_LOCATIONS,
} from '../reference/claim-options.ts';
import { oneOf, valuesOf, yesNo } from '../rules/choice.ts';
import { incidentDate, type Today } from '../rules/dates.ts';
import { email } from '../rules/email.ts';
import { LIMITS } from '../rules/limits.ts';
import { isUsPhone, optionalUsPhone } from '../rules/phone.ts';
import { middleName, optionalMax, personName, requiredMax, requiredName } from '../rules/text.ts';

// The sign-up lives in its own module: the structs below are built when their module loads, so a widget
// importing the sign-up from here would carry the contact and claim forms' rules too.
export * from './subscribe.ts';
import { SubscribeResponse } from './subscribe.ts';

/**
 * POST /api/contact/submit (doc 1 section 3 "Contact payload", rules of doc 1 section 5): subject
 * (an empty one falls back to 'Auto Insurance - Contact Form'), body, names letters only and at most 63,
 * middle initial at most 63, e-mail, and a phone that, if entered, is a valid US number with dashes.
 * Suffix is free (Jr., III) and short; the spec gives no list.
 */
export const contactSubject: Struct<string, null> = coerce(
  requiredMax(LIMITS.shortTextMax),
  unknown(),
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? CONTACT_SUBJECT_FALLBACK
    : value),
);

export const ContactRequest = object({
  customSubject: contactSubject,
  emailBody: requiredMax(LIMITS.messageBodyMax),
  userEmailAddress: email,
  userSuffixName: optionalMax(16),
  userFirstName: personName,
  userLastName: personName,
  userMiddleName: middleName,
  userPhoneNumber: optionalUsPhone,
});
export type ContactRequest = Infer<typeof ContactRequest>;

/** The contact form: the payload plus the privacy-agreement checkbox, which must be ticked. */
export const ContactForm = assign(
  ContactRequest,
  object({
    privacyAgreement: define<true>('privacyAgreement', (value) => value === true || MESSAGES.privacyAgreement),
  }),
);
export type ContactForm = Infer<typeof ContactForm>;

/** Success answer of POST /api/contact/submit (201): the same `{ msg }` as the sign-up's. */
export const ContactResponse = SubscribeResponse;
export type ContactResponse = Infer<typeof ContactResponse>;

/**
 * POST /api/contact/claims: the First Notice of Loss (doc 1 section 3 fields, section 5 rules, section 7
 * reductions). As sent: insuranceProvider and ownerVehicleLocation are plain values, insuredRelation is
 * 'INSURED' or 'OTHER (see insuredRelationInput)', incidentDate is YYYY-MM-DD (requests carry ISO dates;
 * the form shows MM/DD/YYYY). Conditional answers are optional; their texts are capped where the spec
 * gives a maximum (128, 200) and at 256 otherwise (ours). Where the vehicle is at a dealer or a tow yard, its
 * location answer is a phone number (doc 1 section 2), so a valid US number when given.
 */
export function claimRequest(options: { today?: Today } = {}) {
  return refine(claimFields(options), 'locationPhone', (claim) =>
    !LOCATIONS_ASKING_PHONE.includes(claim.ownerVehicleLocation ?? '') ||
    !claim.ownerVehicleLocationInput ||
    isUsPhone(claim.ownerVehicleLocationInput) ||
    { path: ['ownerVehicleLocationInput'], message: MESSAGES.phone });
}

function claimFields(options: { today?: Today }) {
  return object({
    firstName: requiredName,
    lastName: requiredName,
    telephoneNumber: optionalUsPhone,
    email,
    insuranceProvider: requiredMax(LIMITS.shortTextMax),
    altInsurer: optionalMax(LIMITS.shortTextMax),
    policyNumber: optionalMax(32),
    insuredRelation: oneOf(['INSURED', INSURED_RELATION_OTHER] as const),
    insuredRelationInput: optionalMax(LIMITS.shortTextMax),
    incidentLocation: requiredMax(LIMITS.incidentLocationMax),
    incidentDate: incidentDate({ format: 'iso', today: options.today }),
    incidentDescription: requiredMax(LIMITS.incidentDescriptionMax),
    ownerVehicleInvolved: optional(yesNo),
    ownerVehicleDetails: optionalMax(LIMITS.ownerVehicleDetailsMax),
    ownerVehicleLocation: optional(oneOf(valuesOf(VEHICLE_LOCATIONS))),
    ownerVehicleLocationInput: optionalMax(LIMITS.freeTextMax),
    ownerVehicleDriveable: optional(yesNo),
    ownerVehicleDamage: optionalMax(LIMITS.vehicleDamageMax),
    otherVehicleInvolved: optional(yesNo),
    otherVehicleDriveable: optional(yesNo),
    otherVehicleDamage: optionalMax(LIMITS.vehicleDamageMax),
    ownerVehicleDriver: optional(oneOf(valuesOf(VEHICLE_DRIVERS))),
    ownerVehicleInjury: optional(yesNo),
    ownerVehicleInjuryInput: optionalMax(LIMITS.freeTextMax),
    otherVehicleInjury: optional(yesNo),
    otherVehicleInjuryInput: optionalMax(LIMITS.freeTextMax),
    injuryEmergency: optional(yesNo),
    injuryEmergencyInput: optionalMax(LIMITS.freeTextMax),
    incidentWitness: optional(yesNo),
    incidentWitnessInput: optionalMax(LIMITS.freeTextMax),
    policeResponse: optional(yesNo),
    policeAgency: optionalMax(LIMITS.policeAgencyMax),
    policeReport: optionalMax(LIMITS.policeReportMax),
  });
}
export const ClaimRequest = claimRequest();
export type ClaimRequest = Infer<typeof ClaimRequest>;

/** The claim form's own incident date, as the person types it (MM/DD/YYYY, not after today). */
export function claimIncidentDate(options: { today?: Today } = {}): Struct<string, null> {
  return incidentDate({ format: 'us', today: options.today });
}

/** The five steps of the claim form (doc 1 section 2) and the fields each one validates. */
export const CLAIM_STEPS = [
  ['firstName', 'lastName', 'telephoneNumber', 'email', 'insuranceProvider', 'altInsurer', 'policyNumber', 'insuredRelation', 'insuredRelationInput'],
  ['incidentLocation', 'incidentDate', 'incidentDescription', 'ownerVehicleInvolved', 'ownerVehicleDetails', 'ownerVehicleLocation', 'ownerVehicleLocationInput', 'ownerVehicleDriveable', 'ownerVehicleDamage'],
  ['otherVehicleInvolved', 'otherVehicleDriveable', 'otherVehicleDamage'],
  ['ownerVehicleDriver', 'ownerVehicleInjury', 'ownerVehicleInjuryInput', 'otherVehicleInjury', 'otherVehicleInjuryInput', 'injuryEmergency', 'injuryEmergencyInput', 'incidentWitness', 'incidentWitnessInput'],
  ['policeResponse', 'policeAgency', 'policeReport'],
] as const satisfies readonly (readonly (keyof ClaimRequest)[])[];

/**
 * A claim's reference, read on the phone: 'CLM-' and two groups of four from an alphabet without look-alikes
 * (no 0/O, 1/I/L, 5/S, 2/Z, 8/B, U/V). api/claims/reference.ts draws them from a CSPRNG.
 */
export const CLAIM_REFERENCE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const CLAIM_REFERENCE = /^CLM-[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}$/;

/** 201 of POST /api/contact/claims: the claim's reference and a line that says it was received. */
export const ClaimAnswer = object({ reference: pattern(string(), CLAIM_REFERENCE), msg: string() });
export type ClaimAnswer = Infer<typeof ClaimAnswer>;
