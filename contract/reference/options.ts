/**
 * The wizard's option lists (doc 2 section 9, doc 3 section 9), as {value, label}. Values are what
 * requests carry and are the spec's; labels are the spec's where it gives them, ours (marked) where it
 * gives only values. Lists the spec does not give in full (dealers, occupations, prior carriers,
 * per-state coverage options) are data files of a later issue, not here.
 */
import type { StateCode } from './states.ts';

export interface Option<T> {
  readonly value: T;
  readonly label: string;
}

/** Credit score: Excellent 800, Pretty Good 780, Just OK 595, Not Very Good 550. */
export const CREDIT_SCORES = [
  { value: 800, label: 'Excellent' },
  { value: 780, label: 'Pretty Good' },
  { value: 595, label: 'Just OK' },
  { value: 550, label: 'Not Very Good' },
] as const satisfies readonly Option<number>[];
/** doc 3 section 3: the request's estimatedCreditScore is always Excellent. */
export const ESTIMATED_CREDIT_SCORE = 'Excellent';

/** How the shopper heard about the product; Dealer opens the dealer question (doc 2 section 4). */
export const HEAR_ABOUT = [
  { value: 'Dealer', label: 'Dealer' },
  { value: 'Email', label: 'Email' },
  { value: 'Brochure', label: 'Brochure' },
  { value: 'certified body shop', label: 'certified body shop' },
  { value: 'Word of mouth', label: 'Word of mouth' },
  { value: 'Search engine', label: 'Search engine' },
  { value: 'Social media', label: 'Social media' },
  { value: 'Press', label: 'Press' },
  { value: 'Porsche Club', label: 'Porsche Club' },
] as const satisfies readonly Option<string>[];
export const HEAR_ABOUT_DEALER = 'Dealer';

/** Yes/No questions (club membership, prior damage, add another driver, exclude spouse). */
export const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const satisfies readonly Option<boolean>[];

/** Garaging same as mailing: Yes 1, No 2 (doc 2 section 3). */
export const GARAGE_SAME_AS_MAILING = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
] as const satisfies readonly Option<number>[];

/** Phone types: Home, Mobile, Work (doc 2 section 3). */
export const PHONE_TYPES = [
  { value: 'Home', label: 'Home' },
  { value: 'Mobile', label: 'Mobile' },
  { value: 'Work', label: 'Work' },
] as const satisfies readonly Option<string>[];
/** doc 3 section 3: the request's phone numbers are typed Other and Mobile. */
export const REQUEST_PHONE_TYPES = ['Other', 'Mobile'] as const;

/** Length of residency (doc 2 section 4: "0 to 11 months, or 12+"); the request defaults to 12+. */
export const LENGTH_OF_RESIDENCY = [
  { value: '0-11', label: '0 to 11 months' },
  { value: '12+', label: '12+' },
] as const satisfies readonly Option<string>[];
export const DEFAULT_LENGTH_OF_RESIDENCY = '12+';

/**
 * Vehicle purpose (doc 2 section 5). Outside PA: Personal (Pleasure) or Business. In PA:
 * 'Commute to NJ or NY.' (COMMUTE NY/NJ), Personal (Pleasure), Business (Business). Business is refused.
 */
export const PURPOSES = [
  { value: 'Pleasure', label: 'Personal' },
  { value: 'Business', label: 'Business' },
] as const satisfies readonly Option<string>[];
export const PURPOSES_PA = [
  { value: 'COMMUTE NY/NJ', label: 'Commute to NJ or NY.' },
  { value: 'Pleasure', label: 'Personal' },
  { value: 'Business', label: 'Business' },
] as const satisfies readonly Option<string>[];
export const BUSINESS_PURPOSE = 'Business';
export type Purpose = (typeof PURPOSES_PA)[number]['value'];

export function purposeOptions(state: StateCode | string | undefined): readonly Option<Purpose>[] {
  return state === 'PA' ? PURPOSES_PA : PURPOSES;
}

/** A purpose that shows the annual-miles field (doc 2 section 4: Pleasure or Commute). */
export function showsMiles(purpose: string | undefined): boolean {
  return purpose === 'Pleasure' || purpose === 'COMMUTE NY/NJ';
}

/** Owned, leased or financed (doc 2 section 9); the request upper-cases the value (doc 3 section 3). */
export const OWNERSHIP = [
  { value: 'lease', label: 'Leased' },
  { value: 'finance', label: 'Financed' },
  { value: 'own', label: 'Owned' },
] as const satisfies readonly Option<string>[];

/** Length of ownership (doc 2 section 9: under 1, 1-2, 3-4, 5+ years); the request defaults to <1. */
export const OWNERSHIP_LENGTH = [
  { value: '<1', label: 'Less than 1 year' },
  { value: '1-2', label: '1-2 years' },
  { value: '3-4', label: '3-4 years' },
  { value: '5+', label: '5+ years' },
] as const satisfies readonly Option<string>[];
export const DEFAULT_OWNERSHIP_LENGTH = '<1';

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

/** doc 3 section 9: default agency code and previous company. */
export const DEFAULT_AGENCY_CODE = '13022-1';
export const DEFAULT_PREVIOUS_COMPANY = 'OTHER STANDARD';

/** Billing per vehicle (doc 3 section 4): per_mile, or capped for Unlimited. */
export const BILLING_TYPES = ['per_mile', 'capped'] as const;

/** Payment step (doc 3 sections 2 and 7): radio values monthly and biannually; pay plans 18 and 21. */
export const BILLING_FREQUENCIES = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'biannually', label: 'Every six months' },
] as const satisfies readonly Option<string>[];
export const PAY_PLANS = { monthly: 18, biannually: 21 } as const;
export type BillingFrequency = keyof typeof PAY_PLANS;

/**
 * Lienholder options (doc 3 section 9): PFS and PLL (the marque's financing arms; both prefill the
 * maker's financing address and lock it; the address is data of a later issue), other, and I don't know
 * (skipped on send). Labels of PFS and PLL are ours.
 */
export const LIENHOLDER_OPTIONS = [
  { value: 'PFS', label: 'Porsche Financial Services', prefilled: true },
  { value: 'PLL', label: 'Porsche Leasing Ltd.', prefilled: true },
  { value: 'other', label: 'Other', prefilled: false },
  { value: "I don't know", label: "I don't know", prefilled: false },
] as const;
export const LIENHOLDER_UNKNOWN = "I don't know";

/** Call-back time slots (doc 3 section 9). */
export const CALLBACK_SLOTS = ['8-10', '10-12', '12-2', '2-4', '4-6'] as const;

/** Tort option (PA, doc 3 section 3): full maps to F, otherwise L (doc 3 section 9). */
export const TORT_OPTIONS = [
  { value: 'F', label: 'Full' },
  { value: 'L', label: 'Limited' },
] as const satisfies readonly Option<string>[];

/** Request a card (doc 1 section 2): delivery electronic or mail. */
export const CARD_DELIVERY = [
  { value: 'electronic', label: 'Electronic' },
  { value: 'mail', label: 'Mail' },
] as const satisfies readonly Option<string>[];

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
