/** The applicant's lists of the quote wizard's first step (doc 2 sections 3, 4 and 9). */
import type { Option } from './options.ts';

/** Credit score: Excellent 800, Pretty Good 780, Just OK 595, Not Very Good 550. */
export const CREDIT_SCORES = [
  { value: 800, label: 'Excellent' },
  { value: 780, label: 'Pretty Good' },
  { value: 595, label: 'Just OK' },
  { value: 550, label: 'Not Very Good' },
] as const satisfies readonly Option<number>[];
/** doc 3 section 3: the request's estimatedCreditScore is always Excellent. */
export const ESTIMATED_CREDIT_SCORE = 'Excellent';

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
