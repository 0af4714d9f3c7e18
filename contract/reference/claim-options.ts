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

/** doc 1 section 3: insuranceProvider is the product's own insurer or Other (sent as the value). */
export const INSURANCE_PROVIDER_OTHER = 'Other';

/**
 * The claim form's questions, ours (the spec names the fields, not their labels): the form shows them and
 * the claims team's e-mail lists every answer under them, so both read the same words. The location
 * answer's question depends on where the vehicle is (doc 1 section 2).
 */
export const CLAIM_QUESTIONS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  telephoneNumber: 'Telephone Number',
  email: 'Email',
  insuranceProvider: 'Insurance Provider',
  altInsurer: 'Insurer Name',
  policyNumber: 'Policy Number',
  insuredRelation: 'Your relation to the insured',
  insuredRelationInput: 'Please describe your relation to the insured',
  incidentLocation: 'Where did the incident happen?',
  incidentDate: 'Date of the incident',
  incidentDescription: 'What happened?',
  ownerVehicleInvolved: 'Was your vehicle involved?',
  ownerVehicleDetails: 'Your vehicle (year, model, VIN if you have it)',
  ownerVehicleLocation: 'Where is your vehicle now?',
  ownerVehicleLocationInput: 'Where is the vehicle?',
  ownerVehicleDriveable: 'Can your vehicle be driven?',
  ownerVehicleDamage: 'Damage to your vehicle',
  otherVehicleInvolved: 'Was another vehicle involved?',
  otherVehicleDriveable: 'Can the other vehicle be driven?',
  otherVehicleDamage: 'Damage to the other vehicle',
  ownerVehicleDriver: 'Who was driving your vehicle?',
  ownerVehicleInjury: 'Was anyone in your vehicle injured?',
  ownerVehicleInjuryInput: 'Names of the injured in your vehicle',
  otherVehicleInjury: 'Was anyone in the other vehicle injured?',
  otherVehicleInjuryInput: 'Names of the injured in the other vehicle',
  injuryEmergency: 'Did anyone need emergency treatment?',
  injuryEmergencyInput: 'Names of those who needed emergency treatment',
  incidentWitness: 'Were there witnesses?',
  incidentWitnessInput: "Witnesses' names and phone numbers",
  policeResponse: 'Did the police come?',
  policeAgency: 'Police agency',
  policeReport: 'Police report number',
} as const;

/** The location answer's question for each place (doc 1: home an address, dealer or tow a phone number, other a location). */
export const VEHICLE_LOCATION_QUESTIONS = {
  home: 'Address where the vehicle is',
  dealer: "The dealer's phone number",
  tow: "The tow yard's phone number",
  other: 'Where is the vehicle?',
} as const satisfies Record<(typeof VEHICLE_LOCATIONS)[number]['value'], string>;

/** doc 1 section 2: at a dealer or a tow yard the location answer is a phone number (a US number, doc 1 section 5). */
export const LOCATIONS_ASKING_PHONE: readonly string[] = ['dealer', 'tow'];
