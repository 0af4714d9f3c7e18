import {
  Struct, array, boolean, coerce, defaulted, define, dynamic, object, optional, unknown,
  type Context, type Infer,
} from 'superstruct';
import { coerceNumber, coerceString } from '../rules/coerce.ts';
import { MESSAGES } from '../messages.ts';
import { LIMIT_NAMES, LIMIT_TYPES } from '../reference/limit-names.ts';
import {
  BILLING_TYPES, CREDIT_SCORES, DEFAULT_AGENCY_CODE, DEFAULT_EDUCATION, DEFAULT_LENGTH_OF_RESIDENCY,
  DEFAULT_OWNERSHIP_LENGTH, DEFAULT_PREVIOUS_COMPANY, EDUCATION_LEVELS, ESTIMATED_CREDIT_SCORE, GENDERS_OR,
  HEAR_ABOUT, HEAR_ABOUT_DEALER, LENGTH_OF_RESIDENCY, LICENSE_STATUSES, OWNERSHIP_LENGTH, PRIOR_INSURANCE,
  REQUEST_PHONE_TYPES, REQUEST_RELATIONS, TIME_WITH_ISSUER, TORT_OPTIONS, BLOCKING_LICENSE_STATUSES,
  BUSINESS_PURPOSE, PRIOR_INSURANCE_CURRENT, PRIOR_INSURANCE_LAPSED_RECENTLY, RECENT_COVERAGE_LIMITS,
  defaultOccupationCode,
} from '../reference/options.ts';
import { QUOTE_STATES } from '../reference/quoting-states.ts';
import { oneOf, valuesOf, yesNo } from '../rules/choice.ts';
import {
  currentExpiry, dateOfBirth, effectiveDate, expirationDateFor, formatIsoDate, isoDate, lapsedExpiry,
  minAgeFor, parseIsoDate, type Today,
} from '../rules/dates.ts';
import { email } from '../rules/email.ts';
import { licenceNumberBesides } from '../rules/licence.ts';
import { LIMITS } from '../rules/limits.ts';
import { householdCount, statedValue } from '../rules/money.ts';
import { usPhone } from '../rules/phone.ts';
import { stateCode } from '../rules/state.ts';
import { middleName, optionalMax, requiredMax, requiredName } from '../rules/text.ts';
import { SHARED_FIELDS, VEHICLE_FIELDS } from '../coverage/engine.ts';
import { vin } from '../rules/vin.ts';
import { policyNumber, returnUrl } from './common.ts';
import { RequestAddress } from './policy.ts';

/**
 * POST /api/policy/quote: the quote request of doc 3 section 3 and the quote response it answers.
 * Defaults the spec names (estimatedCreditScore Excellent, agencyCode 13022-1, previousCompany OTHER
 * STANDARD, term 6, lengthOfOwnership <1, aebCode and blindSpotCode YES, educationCode CollegeGraduated,
 * occupationCode 125 in FL and AF7 elsewhere, lengthOfResidency 12+) are filled in by `check` when a
 * field is absent. Cross-field rules read their siblings, so all of a request's errors come in one pass.
 */

/** The object a field sits in (its siblings), and the whole request. */
function parentOf(context: { branch: unknown[] }): Record<string, unknown> {
  return (context.branch[context.branch.length - 2] ?? {}) as Record<string, unknown>;
}
function rootOf(context: { branch: unknown[] }): Record<string, unknown> {
  return (context.branch[0] ?? {}) as Record<string, unknown>;
}

/** Limit entry: {name, type POLICY or VEHICLE, indexNumber 0, limit} (doc 3 section 3). */
export const LimitEntry = object({
  name: oneOf(LIMIT_NAMES),
  type: oneOf(LIMIT_TYPES),
  indexNumber: defaulted(oneOf([0] as const), 0),
  /** the request's form of a limit: '25/50', '500', '100 CSL' (formatLimit), or the decline text */
  limit: requiredMax(64),
});
export type LimitEntry = Infer<typeof LimitEntry>;

const RATED = 'RATED';
const LISTED = 'LIST';

/** `struct` when `needed` says so for this object, else the same rule made optional. */
function requiredWhen<T>(
  needed: (siblings: Record<string, unknown>) => boolean,
  struct: Struct<T, any>,
): Struct<T | undefined, any> {
  const required = struct as unknown as Struct<T | undefined, any>;
  const notRequired = optional(struct);
  return dynamic<T | undefined>((_value, context) => (needed(parentOf(context)) ? required : notRequired));
}

/** A licence or violation field: required for a RATED driver, absent for a LIST-only spouse. */
function whenRated<T>(struct: Struct<T, any>): Struct<T | undefined, any> {
  return requiredWhen((driver) => driver.status !== LISTED, struct);
}

const licenseStatus = define<string>('licenseStatus', (value, context) => {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  if (!valuesOf(LICENSE_STATUSES).includes(value as never)) return MESSAGES.choice;
  // doc 2 section 4: a revoked or suspended licence blocks a rated driver (an excluded spouse is LIST)
  const blocked = (BLOCKING_LICENSE_STATUSES as readonly unknown[]).includes(value);
  return !(blocked && parentOf(context).status === RATED) || MESSAGES.licenceRevoked;
});

/** Driver entry (doc 3 section 3). Age by relation: the insured and a spouse 18, anyone else 16. */
export function driverEntry(options: { today?: Today } = {}) {
  return object({
    status: oneOf([RATED, LISTED] as const),
    relation: coerceString(oneOf(REQUEST_RELATIONS), (value) => value.toUpperCase()),
    firstName: requiredName,
    lastName: requiredName,
    middleInitial: middleName,
    dob: dynamic<string>((_value, context) => {
      const relation = parentOf(context).relation;
      return dateOfBirth({
        minAge: minAgeFor(typeof relation === 'string' ? relation : undefined),
        format: 'iso',
        today: options.today,
      });
    }),
    gender: oneOf(valuesOf(GENDERS_OR)),
    isMarried: yesNo,
    isExcluded: yesNo,
    licenseState: whenRated(stateCode),
    licenseStatus: whenRated(licenseStatus),
    licenseNum: whenRated(licenceNumberBesides('licenseState')),
    violations: whenRated(oneOf([0, 1, 2, 3] as const)),
    educationCode: defaulted(oneOf(valuesOf(EDUCATION_LEVELS)), DEFAULT_EDUCATION),
    occupationCode: coerce(requiredMax(16), unknown(), (value, context) => {
      if (value !== undefined && value !== '') return value;
      const state = rootOf(context).ratedState;
      return defaultOccupationCode(typeof state === 'string' ? state : undefined);
    }),
  });
}
export const DriverEntry = driverEntry();
export type DriverEntry = Infer<typeof DriverEntry>;

/**
 * The usage a quote can carry: Pleasure, or PA's COMMUTE NY/NJ. Business is refused with the spec's
 * text (doc 2 section 8), here as on the vehicle step.
 */
const usageType = define<string>('usageType', (value) => {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  if (value === BUSINESS_PURPOSE) return MESSAGES.businessPurpose;
  return value === 'Pleasure' || value === 'COMMUTE NY/NJ' || MESSAGES.choice;
});

/** Annual miles as the request carries them: a whole number, capped at 14,600 (doc 3 section 9). */
const requestMiles = coerceNumber(
  define<number>('miles', (value) =>
    (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LIMITS.requestMilesCap) ||
    MESSAGES.annualMiles,
  ),
  (miles) => (Number.isInteger(miles) && miles > LIMITS.requestMilesCap ? LIMITS.requestMilesCap : miles),
);

/** Vehicle entry (doc 3 section 3). */
export const VehicleEntry = object({
  mileage: object({ usageType, miles: requestMiles }),
  billingType: oneOf(BILLING_TYPES),
  vin,
  lengthOfOwnership: defaulted(oneOf(valuesOf(OWNERSHIP_LENGTH)), DEFAULT_OWNERSHIP_LENGTH),
  aebCode: defaulted(oneOf(['YES'] as const), 'YES'),
  blindSpotCode: defaulted(oneOf(['YES'] as const), 'YES'),
  statedValue,
  financing: coerceString(oneOf(['LEASE', 'OWN', 'FINANCE'] as const), (value) => value.toUpperCase()),
  priorDamage: yesNo,
  coverageLimits: array(LimitEntry),
});
export type VehicleEntry = Infer<typeof VehicleEntry>;

export const PhoneEntry = object({
  type: oneOf(REQUEST_PHONE_TYPES),
  number: usPhone,
});
export type PhoneEntry = Infer<typeof PhoneEntry>;

/**
 * `struct` plus one more check on the whole value, run only when `struct` itself passed. Unlike
 * superstruct's `refine`, the check runs even when an entry inside failed, so a list that is too long
 * says so in the same pass as its entries' errors.
 */
function alsoChecking<T, S>(
  struct: Struct<T, S>,
  extra: (value: unknown, context: Context) => true | string,
): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    *validator(value, context) {
      const failures = [...struct.validator(value, context)];
      yield* failures;
      if (failures.length > 0) return;
      const result = extra(value, context);
      if (result !== true) yield result;
    },
  });
}

/** An array of 1 to `max` entries; past the maximum the person is told to call. */
function listOf<T>(entry: Struct<T, any>, max: number, tooMany: string): Struct<T[], Struct<T, any>> {
  return alsoChecking(array(entry), (value) => {
    if (!Array.isArray(value) || value.length === 0) return MESSAGES.required;
    return value.length <= max || tooMany;
  });
}

/** previousExpirationDate follows priorCoverage: 3 current (after today), 1 lapsed (31 days back to today). */
function previousExpirationDate(today: Today | undefined) {
  const current = currentExpiry({ format: 'iso', today }) as Struct<string | undefined, null>;
  const lapsed = lapsedExpiry({ format: 'iso', today }) as Struct<string | undefined, null>;
  const any = optional(isoDate);
  return dynamic<string | undefined>((_value, context) => {
    const prior = parentOf(context).priorCoverage;
    return prior === PRIOR_INSURANCE_CURRENT ? current : prior === PRIOR_INSURANCE_LAPSED_RECENTLY ? lapsed : any;
  });
}

/** expirationDate is the effective date plus the 6-month term; filled in when absent. */
const expirationDate = coerce(
  define<string>('expirationDate', (value, context) => {
    if (typeof value !== 'string' || value === '') return MESSAGES.required;
    const effective = parentOf(context).effectiveDate;
    const start = typeof effective === 'string' ? parseIsoDate(effective) : null;
    if (!start) return true; // effectiveDate reports its own error
    return value === formatIsoDate(expirationDateFor(start)) || MESSAGES.expirationDate;
  }),
  unknown(),
  (value, context) => {
    if (value !== undefined && value !== '') return value;
    const effective = parentOf(context).effectiveDate;
    const start = typeof effective === 'string' ? parseIsoDate(effective) : null;
    return start ? formatIsoDate(expirationDateFor(start)) : value;
  },
);

const ratedState = define<string>('ratedState', (value) => {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  // doc 3 section 7: other states do not calculate and get the call-us message
  return (QUOTE_STATES as readonly unknown[]).includes(value) || MESSAGES.callUs;
});

/** The quote request (doc 3 section 3). `today` pins the date windows in tests. */
/** An option value of step 4 ('100/300', 'I decline this coverage', 'NS'): short text, checked like any text. */
const optionValue = optionalMax(LIMITS.shortTextMax);

/**
 * The step 4 choices the quote was priced from (contract/coverage's CoverageForm without its date), stored
 * with the quote so that opening it again shows what was chosen without rebuilding the form from the limits.
 * Optional: a request without it (an older widget, another client) is priced from its limits alone, and the
 * API stores the choices those limits say (contract/coverage formOfLimits), so every quote version has them.
 * The API checks that a selection sent gives exactly the request's limits.
 */
export const CoverageSelection = object({
  shared: object(Object.fromEntries(SHARED_FIELDS.map((field) => [field, optionValue])) as Record<(typeof SHARED_FIELDS)[number], typeof optionValue>),
  vehicles: array(object(Object.fromEntries(VEHICLE_FIELDS.map((field) => [field, optionValue])) as Record<(typeof VEHICLE_FIELDS)[number], typeof optionValue>)),
});
export type CoverageSelection = Infer<typeof CoverageSelection>;

export function quoteRequest(options: { today?: Today } = {}) {
  const { today } = options;
  return object({
    returnUrl,
    rateCall: optional(boolean()),
    /**
     * Ours (issue 11): the number of the quote this request prices again (the shopper changed a plan or a
     * coverage after it was made). The API keeps that number, as a new version of the quote, when the quote
     * is still open and was made for the same e-mail, birth date and ZIP; otherwise it answers a new number.
     * Not part of what the quote was priced from: the stored and answered quoteRequest leaves it out.
     */
    quoteNumber: optional(policyNumber),
    estimatedCreditScore: defaulted(oneOf([ESTIMATED_CREDIT_SCORE] as const), ESTIMATED_CREDIT_SCORE),
    creditScore: oneOf(valuesOf(CREDIT_SCORES)),
    agencyCode: defaulted(requiredMax(32), DEFAULT_AGENCY_CODE),
    previousCompany: defaulted(requiredMax(64), DEFAULT_PREVIOUS_COMPANY),
    insuredFirstName: requiredName,
    insuredLastName: requiredName,
    emailAddress: email,
    addresses: alsoChecking(array(RequestAddress), (value, context) => {
      const types = (value as { type?: unknown }[]).map((address) => address?.type);
      if (!types.includes('Mailing')) return MESSAGES.mailingAddress;
      const same = parentOf(context).isGarageSameAsMailing;
      if ((same === false || same === 'No') && !types.includes('Garaging')) return MESSAGES.garagingAddress;
      return true;
    }),
    ratedState,
    priorCoverage: oneOf(valuesOf(PRIOR_INSURANCE)),
    priorYearsInsured: optional(oneOf(valuesOf(TIME_WITH_ISSUER))),
    // typed as text: quotes stored before the list was enforced hold other values (RECENT_COVERAGE_LIMITS)
    priorBiLimit: optional(oneOf<string>(valuesOf(RECENT_COVERAGE_LIMITS))),
    previousExpirationDate: previousExpirationDate(today),
    term: defaulted(oneOf([LIMITS.termMonths] as const), LIMITS.termMonths),
    effectiveDate: effectiveDate({ format: 'iso', today }),
    expirationDate,
    referral: oneOf(valuesOf(HEAR_ABOUT)),
    referralDealer: requiredWhen((request) => request.referral === HEAR_ABOUT_DEALER, requiredMax(LIMITS.shortTextMax)),
    drivers: listOf(driverEntry({ today }), LIMITS.maxDrivers * 2, MESSAGES.maxDrivers),
    vehicles: listOf(VehicleEntry, LIMITS.maxVehicles, MESSAGES.maxVehicles),
    limits: array(LimitEntry),
    coverageSelection: optional(CoverageSelection),
    phoneNumbers: array(PhoneEntry),
    isGarageSameAsMailing: yesNo,
    isHomeOwner: yesNo,
    isInPorscheClubOfAmerica: yesNo,
    calculateUnlimited: yesNo,
    // doc 3 section 5: PA needs the tort option
    tortOption: requiredWhen((request) => request.ratedState === 'PA', oneOf(valuesOf(TORT_OPTIONS))),
    lengthOfResidency: defaulted(oneOf(valuesOf(LENGTH_OF_RESIDENCY)), DEFAULT_LENGTH_OF_RESIDENCY),
    // doc 2 section 5: household count is asked, and required, only in OH
    householdCount: requiredWhen((request) => request.ratedState === 'OH', householdCount),
  });
}
export const QuoteRequest = quoteRequest();
export type QuoteRequest = Infer<typeof QuoteRequest>;

/** doc 3 section 3: isInPorscheClubOfAmerica is always true for FL. */
export function clubMembershipFor(state: string, answer: boolean): boolean {
  return state === 'FL' ? true : answer;
}

// The answer's shapes live in quote-response.ts, so that reading a stored quote does not bring in the request's rules.
export * from './quote-response.ts';
