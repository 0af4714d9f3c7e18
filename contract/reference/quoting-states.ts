import type { StateCode } from './states.ts';

/**
 * What a quote asks and offers, state by state. Apart from states.ts (the states' names, where we write), which
 * rides in the runtime chunk every embed shares since quote-start and notify-me draw it on arrival: these lists
 * ride only in the wizard's chunks (issue 25), and the server's.
 */

/** The Unlimited plan is offered here (DESIGN.md; FL is excluded). */
export const UNLIMITED_STATES = ['AZ', 'CO', 'GA', 'OH', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

/**
 * Quote requests are calculated for these rated states (doc 3 section 7); any other state gets the
 * call-us message. CA is here although the product does not write there: a CA driver list can be rated.
 */
export const QUOTE_STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'TN', 'TX'] as const satisfies readonly StateCode[];

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
