/**
 * The claim form's model, without React: its values (strings, as fields hold them), which fields are shown
 * for the answers so far (doc 1 section 2's conditions), each step's rules (the contract's, for the fields
 * shown) and the request as sent (doc 1 section 7's reductions). A hidden field is neither checked nor sent.
 */
import {
  BRAND, CLAIM_STEPS, ClaimRequest, INSURANCE_PROVIDER_OTHER, INSURED_RELATION_OTHER, LOCATIONS_ASKING_PHONE, claimIncidentDate, optionalUsPhone,
  requiredText, usToIso,
} from '../../contract/index.ts';
import type { Rules } from '../core/form.ts';

export type ClaimField = (typeof CLAIM_STEPS)[number][number];
export type ClaimValues = Record<ClaimField, string>;

/** What the form's choice fields hold: radios 'yes' / 'no', the relation 'INSURED' / 'OTHER'. */
export const YES = 'yes';
export const NO = 'no';
export const RELATION_INSURED = 'INSURED';
export const RELATION_OTHER = 'OTHER';

export const STEP_COUNT = CLAIM_STEPS.length;

export const EMPTY_CLAIM: ClaimValues = Object.fromEntries(CLAIM_STEPS.flat().map((name) => [name, ''])) as ClaimValues;

/** doc 1 section 2: each conditional field and the answer that shows it. */
const SHOWN_WHEN: Partial<Record<ClaimField, (v: ClaimValues) => boolean>> = {
  altInsurer: (v) => v.insuranceProvider !== '' && v.insuranceProvider !== BRAND.insurer,
  insuredRelationInput: (v) => v.insuredRelation === RELATION_OTHER,
  ownerVehicleDetails: (v) => v.ownerVehicleInvolved === YES,
  ownerVehicleLocation: (v) => v.ownerVehicleInvolved === YES,
  ownerVehicleLocationInput: (v) => v.ownerVehicleInvolved === YES && v.ownerVehicleLocation !== '',
  ownerVehicleDriveable: (v) => v.ownerVehicleInvolved === YES,
  ownerVehicleDamage: (v) => v.ownerVehicleInvolved === YES,
  otherVehicleDriveable: (v) => v.otherVehicleInvolved === YES,
  otherVehicleDamage: (v) => v.otherVehicleInvolved === YES,
  ownerVehicleInjuryInput: (v) => v.ownerVehicleInjury === YES,
  otherVehicleInjuryInput: (v) => v.otherVehicleInjury === YES,
  injuryEmergencyInput: (v) => v.injuryEmergency === YES,
  incidentWitnessInput: (v) => v.incidentWitness === YES,
  policeAgency: (v) => v.policeResponse === YES,
  policeReport: (v) => v.policeResponse === YES,
};

export function isShown(field: ClaimField, values: ClaimValues): boolean {
  return SHOWN_WHEN[field]?.(values) ?? true;
}

/** The fields of step `index` (0-based) shown for these answers, in the step's order. */
function shownFields(index: number, values: ClaimValues): ClaimField[] {
  return (CLAIM_STEPS[index] ?? []).filter((field) => isShown(field, values));
}

/** A phone number where the vehicle is at a dealer or a tow yard (doc 1: "dealer or tow asks for a phone number"). */
export const asksForPhone = (values: ClaimValues) => LOCATIONS_ASKING_PHONE.includes(values.ownerVehicleLocation);

const REQUEST_FIELDS = ClaimRequest.schema;

/**
 * The rules of the fields shown on a step: the contract's own, field by field. The form holds the date as
 * typed (MM/DD/YYYY) and the relation as INSURED / OTHER; radios left unanswered are allowed, as in the
 * contract; a place's phone number is a US number.
 */
export function stepRules(index: number, values: ClaimValues): Partial<Rules<ClaimValues>> {
  const rules: Partial<Rules<ClaimValues>> = {};
  for (const field of shownFields(index, values)) {
    if (field === 'incidentDate') rules[field] = claimIncidentDate();
    else if (field === 'insuredRelation') rules[field] = requiredText();
    else if (field === 'ownerVehicleLocationInput' && asksForPhone(values)) rules[field] = optionalUsPhone;
    else if (values[field] !== '' || !isChoice(field)) rules[field] = REQUEST_FIELDS[field];
  }
  return rules;
}

const CHOICES = new Set<ClaimField>([
  'ownerVehicleInvolved', 'ownerVehicleLocation', 'ownerVehicleDriveable', 'otherVehicleInvolved', 'otherVehicleDriveable',
  'ownerVehicleDriver', 'ownerVehicleInjury', 'otherVehicleInjury', 'injuryEmergency', 'incidentWitness', 'policeResponse',
]);
const isChoice = (field: ClaimField) => CHOICES.has(field);

/**
 * The request as POST /api/contact/claims takes it (doc 1 section 7): shown and answered fields only, trimmed;
 * yes/no as booleans; insuredRelation 'INSURED' or 'OTHER (see insuredRelationInput)'; the date YYYY-MM-DD;
 * insuranceProvider and ownerVehicleLocation as their values.
 */
export function claimPayload(values: ClaimValues): Partial<ClaimRequest> {
  const payload: Record<string, unknown> = {};
  for (let index = 0; index < STEP_COUNT; index++) {
    for (const field of shownFields(index, values)) {
      const value = values[field].trim();
      if (value === '') continue;
      if (field === 'insuredRelation') payload[field] = value === RELATION_OTHER ? INSURED_RELATION_OTHER : 'INSURED';
      else if (field === 'incidentDate') payload[field] = usToIso(value) ?? value;
      else if (isChoice(field) && (value === YES || value === NO)) payload[field] = value === YES;
      else payload[field] = value;
    }
  }
  return payload as Partial<ClaimRequest>;
}

export { INSURANCE_PROVIDER_OTHER };
