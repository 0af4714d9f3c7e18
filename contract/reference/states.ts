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

/** The Unlimited plan is offered here (DESIGN.md; FL is excluded). */
export const UNLIMITED_STATES = ['AZ', 'CO', 'GA', 'OH', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

/**
 * Quote requests are calculated for these rated states (doc 3 section 7); any other state gets the
 * call-us message. CA is here although the product does not write there: a CA driver list can be rated.
 */
export const QUOTE_STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

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

/** Length of residency and length of ownership are asked in these states (DESIGN.md; doc 2 section 9). */
export const RESIDENCY_STATES = ['AZ', 'OH', 'PA', 'TN', 'WI'] as const satisfies readonly StateCode[];
export const OWNERSHIP_LENGTH_STATES = RESIDENCY_STATES;

/** Household count is asked only in OH (doc 2 section 4). */
export const HOUSEHOLD_COUNT_STATES = ['OH'] as const satisfies readonly StateCode[];

/** Occupation industry and occupation are required here (doc 2 section 5). */
export const OCCUPATION_STATES = [
  'AZ', 'CA', 'CO', 'FL', 'OH', 'PA', 'TN', 'TX', 'WI',
] as const satisfies readonly StateCode[];

/** States with their own coverage form (doc 3 section 2); GA and OR also use the generic one. */
export const COVERAGE_FORM_STATES = [
  'AZ', 'CA', 'CO', 'FL', 'OH', 'PA', 'TN', 'TX', 'WI', 'GA',
] as const satisfies readonly StateCode[];

/** Glass coverage YES is added to the request for these states (doc 3 section 9). */
export const GLASS_STATES = ['OR', 'IL', 'CO'] as const satisfies readonly StateCode[];

/** Membership test for the lists above, typed for any string a form holds. */
export function inStates(list: readonly StateCode[], state: string | undefined): boolean {
  return state !== undefined && (list as readonly string[]).includes(state);
}
