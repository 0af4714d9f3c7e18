import {
  array, boolean, define, nullable, number, object, optional, string, type, type Infer,
} from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { CARD_DELIVERY } from '../reference/options.ts';
import { email } from '../rules/email.ts';
import { oneOf, valuesOf } from '../rules/choice.ts';
import { dateOfBirth, isoDate } from '../rules/dates.ts';
import { stateCode } from '../rules/state.ts';
import { requiredMax } from '../rules/text.ts';
import { LIMITS } from '../rules/limits.ts';
import { zip } from '../rules/zip.ts';
import { policyNumber, token } from './common.ts';

/**
 * Policies as the account reads them (doc 1 section 3) and the policy calls of doc 1 section 7:
 * policy/lookup_quote, policy/rollover, and the retrieve-quote form that feeds the lookup.
 */

/** An address as requests carry it (doc 3 section 3: state, zip, city, streetName, type). */
export const ADDRESS_TYPES = ['Mailing', 'Garaging'] as const;
export const RequestAddress = object({
  type: oneOf(ADDRESS_TYPES),
  streetName: requiredMax(LIMITS.shortTextMax),
  city: requiredMax(LIMITS.shortTextMax),
  state: stateCode,
  zip,
});
export type RequestAddress = Infer<typeof RequestAddress>;

/** The same address without its type (sign-up's policyAddress). */
export const MailingAddress = object({
  streetName: requiredMax(LIMITS.shortTextMax),
  city: requiredMax(LIMITS.shortTextMax),
  state: stateCode,
  zip,
});
export type MailingAddress = Infer<typeof MailingAddress>;

/** Answer pieces: loose (`type`) so an answer may grow without breaking a widget. */
export const PolicyOwner = type({
  /** INSURED marks the primary owner shown */
  relation: string(),
  firstName: string(),
  lastName: string(),
});

export const AddressInfo = type({
  addressType: string(),
  streetName: string(),
  city: string(),
  state: string(),
  zip: string(),
});

export const DriverInfo = type({
  /** the sort key */
  driverNumber: number(),
  firstName: string(),
  lastName: string(),
  /** YYYY-MM-DD */
  dob: string(),
  licenseNumber: optional(string()),
  gender: optional(string()),
  isMarried: optional(boolean()),
});

export const CoverageInfo = type({
  coverageName: optional(string()),
  coverageDescription: string(),
  /** '25,000/50,000' style; the account shows '/' as '|' */
  displayLimit: string(),
});

export const PremiumInfo = type({
  baseRate: number(),
  perMileRate: number(),
  estMonthlyMiles: optional(number()),
  estMonthlyNoFee: optional(number()),
});

/** Picture entries of the vehicle image lookup (doc 1 section 3: Vin.picture[], view and uri). */
export const VehicleImageResponse = type({
  Vin: type({
    picture: array(type({ view: string(), uri: string() })),
  }),
});
export type VehicleImageResponse = Infer<typeof VehicleImageResponse>;

/**
 * A vehicle of a policy or a quote. The account's (doc 1 section 3) carries id and the image; the quote
 * response's (doc 3 section 3) carries carNumber, financing and unlimitedRate.
 */
export const VehicleInfo = type({
  id: optional(string()),
  carNumber: optional(number()),
  vin: string(),
  year: number(),
  make: string(),
  model: string(),
  bodyStyle: string(),
  financing: optional(nullable(string())),
  unlimitedRate: optional(nullable(number())),
  /** How this vehicle was priced: per_mile (Pay-Per-Mile) or capped (Unlimited), doc 3 section 4. */
  billingType: optional(string()),
  premiumInfo: PremiumInfo,
  coverageInfo: array(CoverageInfo),
  vehicleImageResponse: optional(nullable(VehicleImageResponse)),
});
export type VehicleInfo = Infer<typeof VehicleInfo>;

export const POLICY_STATUS_QUOTE = 'QUOTE';

/** A policy as the account reads it (doc 1 section 3). */
export const Policy = type({
  policyNumber: string(),
  /** YYYY-MM-DD; missing shows 'To be confirmed' */
  renewalDate: optional(nullable(string())),
  policyStatus: string(),
  fromQuoteNumber: optional(nullable(string())),
  emailAddress: optional(string()),
  policyOwners: array(PolicyOwner),
  addressInfo: array(AddressInfo),
  driverInfo: array(DriverInfo),
  insuranceInfo: optional(nullable(type({ insuranceCardUri: string() }))),
  vehicleInfo: array(VehicleInfo),
  /** YYYY-MM-DD: a policy cancelled (policyStatus CANCELLED) ended at 12:01 a.m. on this day; no ID card is offered. */
  cancelledOn: optional(nullable(string())),
});
export type Policy = Infer<typeof Policy>;

/** A policy's status once cancelled (issue 21: for non-payment). */
export const POLICY_STATUS_CANCELLED = 'CANCELLED';

/** POST policy/lookup_quote (doc 1 section 3 "Quote lookup"): answers a QuoteResponse. */
export const QuoteLookupRequest = object({
  emailAddress: email,
  dob: isoDate,
  zip,
  /**
   * Ours: the number of one quote among those the three keys find (the account's lookup quotes open the
   * quote chosen, not the newest). Without it, the newest.
   */
  quoteNumber: optional(policyNumber),
});
export type QuoteLookupRequest = Infer<typeof QuoteLookupRequest>;

/**
 * The retrieve-quote forms (homepage modal, My Policy page; doc 1 section 5): e-mail, date of birth as
 * MM/DD/YYYY at least 18 years old (a real date, leap years), ZIP. `today` pins the clock in tests.
 */
export function retrieveQuoteForm(options: { today?: Parameters<typeof dateOfBirth>[0]['today'] } = {}) {
  return object({
    emailAddress: email,
    dateOfBirth: dateOfBirth({ minAge: LIMITS.policyholderMinAge, today: options.today }),
    zipcode: zip,
  });
}
export const RetrieveQuoteForm = retrieveQuoteForm();
export type RetrieveQuoteForm = Infer<typeof RetrieveQuoteForm>;

/** POST policy/rollover: the identifier from the URL hash. */
/** POST /api/policy/redeem_quote_link: the single-use token of the quote e-mail's link (?retrieve=). */
export const RedeemQuoteLinkRequest = object({ token });
export type RedeemQuoteLinkRequest = Infer<typeof RedeemQuoteLinkRequest>;

export const RolloverRequest = object({ token });
export type RolloverRequest = Infer<typeof RolloverRequest>;

/**
 * Rollover mode needs both links (doc 1 section 4). quote_url (ours, optional as doc 1 "Rollover page" has
 * it): the renewal's declarations for the next term, the 'View Quote' link.
 */
export const RolloverResponse = type({
  data: type({
    esignature_url: string(),
    documents_url: string(),
    quote_url: optional(nullable(string())),
    /** The renewal application is signed already: the cover continues, nothing more is asked (issue 23). */
    signed: boolean(),
  }),
});
export type RolloverResponse = Infer<typeof RolloverResponse>;

/** The request-a-card form (doc 1 section 5): at least one vehicle and a delivery method. */
export const RequestCardForm = object({
  vehicles: define<string[]>('cardVehicles', (value) =>
    (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '')) ||
    MESSAGES.cardVehicle,
  ),
  delivery: oneOf(valuesOf(CARD_DELIVERY), MESSAGES.cardDelivery),
});
export type RequestCardForm = Infer<typeof RequestCardForm>;

/** A saved quote the account lists (doc 1 section 2): QUOTE status, not the origin of another policy. */
export function openQuotes<P extends { policyNumber: string; policyStatus: string; fromQuoteNumber?: string | null }>(
  policies: readonly P[],
): P[] {
  const converted = new Set(policies.map((p) => p.fromQuoteNumber).filter((n): n is string => !!n));
  return policies.filter((p) => p.policyStatus === POLICY_STATUS_QUOTE && !converted.has(p.policyNumber));
}
