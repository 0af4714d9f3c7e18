/** The driver lists of the quote wizard (doc 2 sections 4, 5 and 9, doc 3 section 3). */
import type { Option } from './options.ts';
import type { StateCode } from './states.ts';

/** Gender (doc 2 section 9); OR alone adds 'Prefer not to say', sent as Unspecified (doc 2 section 5). */
export const GENDERS = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
] as const satisfies readonly Option<string>[];
export const GENDERS_OR = [...GENDERS, { value: 'Unspecified', label: 'Prefer not to say' }] as const;
export type Gender = (typeof GENDERS_OR)[number]['value'];

export function genderOptions(state: StateCode | string | undefined): readonly Option<Gender>[] {
  return state === 'OR' ? GENDERS_OR : GENDERS;
}

/** Marital status: Single or Married. */
export const MARITAL_STATUSES = [
  { value: 'Single', label: 'Single' },
  { value: 'Married', label: 'Married' },
] as const satisfies readonly Option<string>[];

/** Licence status (doc 2 section 9); labels ours. REVOKED and SUSPENDED block the driver (doc 2 section 4). */
export const LICENSE_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'REVOKED', label: 'Revoked' },
  { value: 'SUSPENDED', label: 'Suspended' },
] as const satisfies readonly Option<string>[];
export const BLOCKING_LICENSE_STATUSES = ['REVOKED', 'SUSPENDED'] as const;

/** Level of education (doc 2 section 9); labels ours. The request defaults to CollegeGraduated. */
export const EDUCATION_LEVELS = [
  { value: 'GraduateSchool', label: 'Graduate school' },
  { value: 'CollegeGraduated', label: 'College graduate' },
  { value: 'CollegeEnrolled', label: 'Currently in college' },
  { value: 'CollegeNotCompleted', label: 'Some college' },
  { value: 'TradeSchool', label: 'Trade school' },
  { value: 'HighSchool', label: 'High school' },
  { value: 'NoHighSchool', label: 'No high school diploma' },
] as const satisfies readonly Option<string>[];
export const DEFAULT_EDUCATION = 'CollegeGraduated';

/** Home rent or own (first driver only, doc 2 section 5); labels ours. */
export const HOME_RENTAL_STATUSES = [
  { value: 'Own', label: 'Own' },
  { value: 'Rent', label: 'Rent' },
] as const satisfies readonly Option<string>[];

/**
 * Current auto insurance (doc 2 section 9): 3 yes, 0 never, 1 lapsed under a month, 2 lapsed over a
 * month; labels ours. 1 and 3 ask length with insurer, previous company, expiry and limits (doc 2 section 4).
 */
export const PRIOR_INSURANCE = [
  { value: 3, label: 'Yes, I am currently insured' },
  { value: 0, label: 'No, I have never been insured' },
  { value: 1, label: 'My policy lapsed less than a month ago' },
  { value: 2, label: 'My policy lapsed more than a month ago' },
] as const satisfies readonly Option<number>[];
export const PRIOR_INSURANCE_CURRENT = 3;
export const PRIOR_INSURANCE_LAPSED_RECENTLY = 1;

/** The two labels of the length-with-insurer question (doc 2 section 4). */
export const ISSUER_LENGTH_LABELS = {
  current: 'How long have you been with your current insurer?',
  lapsed: 'How long were you with your prior insurer?',
} as const;

/** Time with issuer: 0 under 6 months, 1 six months to 3 years, 2 over 3 years; labels ours. */
export const TIME_WITH_ISSUER = [
  { value: 0, label: 'Less than 6 months' },
  { value: 1, label: '6 months to 3 years' },
  { value: 2, label: 'More than 3 years' },
] as const satisfies readonly Option<number>[];

/**
 * Bodily-injury limits of the recent policy, the request's priorBiLimit (doc 2 section 4 names the question
 * and the 250/500 option, not the list): the split limits US carriers sell, per person / per accident in
 * thousands of dollars, and a last catch-all that the spec's fallback for any other stored limit lands on.
 * Quotes stored before the API held priorBiLimit to this list may carry any text up to 32 characters: the
 * API never checks a stored request again, so they still open, price and print.
 */
export const RECENT_COVERAGE_LIMITS = [
  { value: '25/50', label: '$25,000 / $50,000' },
  { value: '50/100', label: '$50,000 / $100,000' },
  { value: '100/300', label: '$100,000 / $300,000' },
  { value: '250/500', label: '$250,000 / $500,000' },
  { value: '500/500', label: '$500,000 / $500,000' },
  { value: 'OTHER', label: 'Other, or not sure' },
] as const satisfies readonly Option<string>[];

/**
 * doc 2 section 4: "a stored limit containing 250/500 maps to that option, otherwise it falls back to the
 * last option in the list". One of our own values is kept as it is (a person's own choice is not a
 * stored limit to map); a limit written in dollars ('$250,000/$500,000') is read in thousands first.
 */
export function mapRecentLimits(stored: string): string {
  const values: readonly string[] = RECENT_COVERAGE_LIMITS.map((o) => o.value);
  if (values.includes(stored)) return stored;
  const thousands = stored
    .replace(/[$,\s]/g, '')
    .replace(/\d+/g, (digits) => (digits.length > 3 && digits.endsWith('000') ? digits.slice(0, -3) : digits));
  if (thousands.includes('250/500')) return '250/500';
  return RECENT_COVERAGE_LIMITS[RECENT_COVERAGE_LIMITS.length - 1]!.value;
}

/** Accidents or convictions in the last 3 years, 0 to 3 (doc 2 section 5); ours: the last reads '3 or more'. */
export const ACCIDENTS_CONVICTIONS = [
  { value: 0, label: '0' },
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3 or more' },
] as const satisfies readonly Option<number>[];

/** Relation of an additional driver (doc 2 section 9); INSURED and Spouse are set by the wizard. */
export const RELATIONS = [
  { value: 'Child', label: 'Child' },
  { value: 'Parent', label: 'Parent' },
  { value: 'Relative', label: 'Relative' },
  { value: 'Other', label: 'Other' },
] as const satisfies readonly Option<string>[];
export const RELATION_INSURED = 'INSURED';
export const RELATION_SPOUSE = 'Spouse';
/** The request upper-cases relations (doc 3 section 3): INSURED, SPOUSE, CHILD, PARENT, RELATIVE, OTHER. */
export const REQUEST_RELATIONS = ['INSURED', 'SPOUSE', 'CHILD', 'PARENT', 'RELATIVE', 'OTHER'] as const;

/** Occupation codes the spec names (doc 2 section 9); full per-state lists are data of a later issue. */
export const SPECIAL_OCCUPATIONS = [
  { value: '10', label: 'Homemaker' },
  { value: '20', label: 'Retired' },
  { value: '30', label: 'Unemployed' },
  { value: '40', label: 'Student' },
] as const satisfies readonly Option<string>[];
/** doc 3 section 3: occupationCode defaults to 125 in FL, AF7 elsewhere. */
export function defaultOccupationCode(state: string | undefined): string {
  return state === 'FL' ? '125' : 'AF7';
}
