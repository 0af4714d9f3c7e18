/** The 50 states and the District of Columbia, as {value, label} (doc 1: "all 50 states plus DC"). */
export const US_STATES = [
  { value: 'AL', label: 'Alabama' }, { value: 'AK', label: 'Alaska' }, { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' }, { value: 'CA', label: 'California' }, { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' }, { value: 'DE', label: 'Delaware' },
  { value: 'DC', label: 'District of Columbia' }, { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' }, { value: 'HI', label: 'Hawaii' }, { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' }, { value: 'IN', label: 'Indiana' }, { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' }, { value: 'KY', label: 'Kentucky' }, { value: 'LA', label: 'Louisiana' },
  { value: 'ME', label: 'Maine' }, { value: 'MD', label: 'Maryland' }, { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' }, { value: 'MN', label: 'Minnesota' }, { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' }, { value: 'MT', label: 'Montana' }, { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' }, { value: 'NH', label: 'New Hampshire' }, { value: 'NJ', label: 'New Jersey' },
  { value: 'NM', label: 'New Mexico' }, { value: 'NY', label: 'New York' },
  { value: 'NC', label: 'North Carolina' }, { value: 'ND', label: 'North Dakota' }, { value: 'OH', label: 'Ohio' },
  { value: 'OK', label: 'Oklahoma' }, { value: 'OR', label: 'Oregon' }, { value: 'PA', label: 'Pennsylvania' },
  { value: 'RI', label: 'Rhode Island' }, { value: 'SC', label: 'South Carolina' },
  { value: 'SD', label: 'South Dakota' }, { value: 'TN', label: 'Tennessee' }, { value: 'TX', label: 'Texas' },
  { value: 'UT', label: 'Utah' }, { value: 'VT', label: 'Vermont' }, { value: 'VA', label: 'Virginia' },
  { value: 'WA', label: 'Washington' }, { value: 'WV', label: 'West Virginia' },
  { value: 'WI', label: 'Wisconsin' }, { value: 'WY', label: 'Wyoming' },
] as const;

export type StateCode = (typeof US_STATES)[number]['value'];

const BY_CODE = new Map<string, string>(US_STATES.map((s) => [s.value, s.label]));

export function isStateCode(value: unknown): value is StateCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

export function stateName(code: string): string | undefined {
  return BY_CODE.get(code);
}

/** Vehicles garaged here can be quoted (DESIGN.md "Where the spec gives two readings"). */
export const WRITING_STATES = ['AZ', 'CO', 'FL', 'GA', 'OH', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

/** The quote-start picker's wide variant (doc 1 section 2): the writing states without OH. */
export const WIDE_PICKER_STATES = ['AZ', 'CO', 'FL', 'GA', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

/**
 * doc 2 section 9, "Driver state list": the states the programme has driver rules for; those of them it
 * does not write in (CA, IL, PA, WI) get the unavailable page's not-writing variant (doc 1 section 2).
 */
export const DRIVER_STATES = [
  'AZ', 'CO', 'CA', 'FL', 'GA', 'IL', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI',
] as const satisfies readonly StateCode[];
export const NOT_WRITING_STATES = ['CA', 'IL', 'PA', 'WI'] as const satisfies readonly StateCode[];

/** Membership test for the lists above and quoting-states.ts's, typed for any string a form holds. */
export function inStates(list: readonly StateCode[], state: string | undefined): boolean {
  return state !== undefined && (list as readonly string[]).includes(state);
}
