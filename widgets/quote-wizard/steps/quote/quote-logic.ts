import type { QuotePolicy } from '../../../../contract/api/quote.ts';
import { quotePolicyOf } from '../../model/quote-policy.ts';
import { QuoteLookupRequest } from '../../../../contract/api/policy.ts';
import { LIMIT_DESCRIPTIONS, type LimitName } from '../../../../contract/reference/limit-names.ts';
import { billingSummary, type BillingFee, type BillingSummary } from '../../../../contract/pricing/billing.ts';
import { formatLimitText } from '../../../../contract/rules/money.ts';
import {
  expirationDateFor, formatIsoDate, isoToUs, parseIsoDate, usToIso, type CalendarDate,
} from '../../../../contract/rules/dates.ts';
import { check } from '../../../../contract/validate.ts';

/**
 * Step 5's arithmetic and reading, without React (so node:test covers it): the quote response turned into
 * what the summary shows, the past-effective-date rule (doc 3 section 4 "Quote step") and the saved-quote
 * query of /receive-a-quote (doc 2 section 2, doc 1 section 5).
 */

/** One coverage as the summary shows it, with what it adds to this vehicle's price when the quote says. */
export interface CoverageLine {
  /** The request's limit name (BI, COMP, ...) when the response gives it. */
  code: string;
  description: string;
  limit: string;
  /** Dollars a month added to the base charge; null when the response does not break the price down. */
  monthlyBase: number | null;
  /** Dollars a mile added to the per-mile rate; null as above. */
  perMile: number | null;
  /** Dollars added to the 6-month Unlimited premium; null as above. */
  unlimitedPremium: number | null;
}

export type BillingType = 'per_mile' | 'capped';

export interface VehicleSummary {
  carNumber: number;
  /** '2019 Porsche 911 Coupe' */
  title: string;
  vin: string;
  billingType: BillingType;
  coverages: CoverageLine[];
  /**
   * Base charge per month of the plan the vehicle was priced on: Pay-Per-Mile's base rate, or for
   * Unlimited a sixth of its 6-month premium (what step 4's Unlimited tab shows).
   */
  baseRate: number;
  perMileRate: number;
  estMonthlyMiles: number | null;
  estMonthlyNoFee: number | null;
  /** The 6-month Unlimited premium, when the quote priced one. */
  unlimitedRate: number | null;
}

export interface QuoteSummary {
  quoteNumber: string;
  /** YYYY-MM-DD, as the quote carries it */
  effectiveDate: string;
  /** MM/DD/YYYY, as people read it */
  effectiveDateShown: string;
  ratedState: string;
  drivers: { name: string; dob: string }[];
  /** Limits shared by every vehicle (the request's POLICY limits), once for the policy. */
  policyCoverages: CoverageLine[];
  vehicles: VehicleSummary[];
  /** Estimated monthly payment, fees included (doc 3 "Total Policy Premium"). */
  estimatedMonthlyPayment: number;
  /** Due today on the monthly plan. */
  downPayment: number;
  /** What the buyer pays on each plan (contract billingSummary: the figures step 6 and the bind use). */
  monthly: BillingSummary;
  single: BillingSummary;
  /** The fees the monthly payment includes, counted per Pay-Per-Mile vehicle, for the explanation under it. */
  fees: FeeShown[];
  /** Some coverage carries its share of the price: the tables show the breakdown columns. */
  hasBreakdown: boolean;
}

/** A fee line with how many times it is charged; `perVehicle` for mileage monitoring (each Pay-Per-Mile vehicle). */
export type FeeShown = BillingFee;

/**
 * Limits chosen once per policy when the stored request does not say (doc 3 section 3: type POLICY);
 * deductibles, rental and glass are chosen per vehicle.
 */
const VEHICLE_LIMITS: ReadonlySet<string> = new Set(['COMP', 'COLL', 'RENT', 'GLASS', 'UMUIMPDDeductible']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOr = (value: unknown, fallback: number | null): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The request a quote was priced from: the wizard's stored one, else the copy inside the quote. */
export function storedRequestOf(stored: unknown, policy: QuotePolicy | null): Record<string, unknown> | null {
  if (isRecord(stored)) return stored;
  return isRecord(policy?.quoteRequest) ? policy.quoteRequest : null;
}

/**
 * What one coverage adds, read from the quote response's coverageInfo entry: the quote route
 * (api/quotes/mapping.ts) sends each coverage's share beside its limit as monthlyBase (dollars a month)
 * and perMile (dollars a mile). A quote without them shows limits only.
 */
function coverageLine(entry: Record<string, unknown>): CoverageLine {
  const code = typeof entry.coverageName === 'string' ? entry.coverageName : '';
  const described = typeof entry.coverageDescription === 'string' && entry.coverageDescription ? entry.coverageDescription : '';
  return {
    code,
    description: described || LIMIT_DESCRIPTIONS[code as LimitName] || code,
    // one format with step 4's options (contract formatLimitText): '$100,000/$300,000', '$500'
    limit: typeof entry.displayLimit === 'string' ? formatLimitText(entry.displayLimit) : '',
    monthlyBase: numberOr(entry.monthlyBase, null),
    perMile: numberOr(entry.perMile, null),
    unlimitedPremium: numberOr(entry.unlimitedPremium, null),
  };
}

function limitNames(list: unknown, type: string): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(list)) return names;
  for (const entry of list) if (isRecord(entry) && entry.type === type && typeof entry.name === 'string') names.add(entry.name);
  return names;
}

/** The plan a vehicle was priced on: the answer's billingType (ours), else the request's. */
function billingTypeOf(vehicle: Record<string, unknown>, request: Record<string, unknown> | null, index: number): BillingType {
  const vehicles = request?.vehicles;
  const entry = Array.isArray(vehicles) ? vehicles[index] : undefined;
  const billing = vehicle.billingType ?? (isRecord(entry) ? entry.billingType : undefined);
  return billing === 'capped' ? 'capped' : 'per_mile';
}

/** The summary step 5 shows, or null when the response holds no quote it can show. */
export function summarizeQuote(response: unknown, storedRequest: unknown = null): QuoteSummary | null {
  const policy = quotePolicyOf(response);
  if (!policy) return null;
  const request = storedRequestOf(storedRequest, policy);
  const shared = limitNames(request?.limits, 'POLICY');
  const isShared = (line: CoverageLine) => (shared.size > 0 ? shared.has(line.code) : line.code !== '' && !VEHICLE_LIMITS.has(line.code));

  const vehicles: VehicleSummary[] = policy.vehicleInfo.map((vehicle, index) => {
    const premium = vehicle.premiumInfo;
    const billingType = billingTypeOf(vehicle as Record<string, unknown>, request, index);
    const unlimitedRate = numberOr(vehicle.unlimitedRate, null);
    const estMonthlyNoFee = numberOr(premium.estMonthlyNoFee, null);
    // Unlimited: the base charge is a sixth of the 6-month premium (the engine prices it as six equal parts)
    const unlimitedMonthly = estMonthlyNoFee ?? (unlimitedRate !== null ? Math.round((unlimitedRate * 100) / 6) / 100 : premium.baseRate);
    return {
      carNumber: vehicle.carNumber ?? index + 1,
      title: [vehicle.year, vehicle.make, vehicle.model, vehicle.bodyStyle].filter((part) => part !== '' && part !== undefined).join(' '),
      vin: vehicle.vin,
      billingType,
      coverages: vehicle.coverageInfo.map((entry) => coverageLine(entry as Record<string, unknown>)),
      baseRate: billingType === 'capped' ? unlimitedMonthly : premium.baseRate,
      perMileRate: premium.perMileRate,
      estMonthlyMiles: numberOr(premium.estMonthlyMiles, null),
      estMonthlyNoFee,
      unlimitedRate,
    };
  });

  // Shared limits are the same on every vehicle; the first vehicle that carries one names it.
  const policyCoverages: CoverageLine[] = [];
  const seen = new Set<string>();
  for (const vehicle of vehicles) {
    for (const line of vehicle.coverages) {
      const key = line.code || line.description;
      if (!isShared(line) || seen.has(key)) continue;
      seen.add(key);
      policyCoverages.push({ ...line, monthlyBase: null, perMile: null, unlimitedPremium: null });
    }
  }

  const drivers = [...policy.driverInfo]
    .sort((a, b) => a.driverNumber - b.driverNumber)
    .map((driver) => ({ name: `${driver.firstName} ${driver.lastName}`.trim(), dob: isoToUs(driver.dob) ?? driver.dob }));

  const monthly = billingSummary(policy, 'monthly');
  const single = billingSummary(policy, 'biannually');
  return {
    quoteNumber: policy.policyNumber,
    effectiveDate: policy.effectiveDate,
    effectiveDateShown: isoToUs(policy.effectiveDate) ?? policy.effectiveDate,
    ratedState: policy.ratedState,
    drivers,
    policyCoverages,
    vehicles,
    estimatedMonthlyPayment: monthly.perPaymentCents / 100,
    downPayment: monthly.dueTodayCents / 100,
    monthly,
    single,
    fees: monthly.fees,
    hasBreakdown: vehicles.some((vehicle) =>
      vehicle.coverages.some((line) => line.monthlyBase !== null || line.perMile !== null || line.unlimitedPremium !== null),
    ),
  };
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** doc 3 section 9: money to 2 decimals with a $ prefix. */
export function formatMoney(amount: number): string {
  return dollars.format(amount);
}

export function formatMiles(miles: number): string {
  return whole.format(miles);
}

export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** The stored request moved to start today: effective date today, expiration six months on (doc 3 section 3). */
export function requestForToday(request: Record<string, unknown>, today: CalendarDate): Record<string, unknown> {
  return { ...request, effectiveDate: formatIsoDate(today), expirationDate: formatIsoDate(expirationDateFor(today)) };
}

/** How the wizard was asked to open a saved quote: the retrieve form's three fields, or the e-mail's link. */
export type SavedQuoteQuery =
  | { kind: 'lookup'; body: QuoteLookupRequest | null }
  | { kind: 'link'; token: string };

/**
 * Query parameters that carry personal data or a secret, and the lookup's chosen quote: removed from the
 * address bar at once.
 */
const SAVED_QUOTE_PARAMS = ['email', 'dob', 'zipcode', 'quote', 'retrieve'] as const;

/**
 * Reads the saved-quote query of /receive-a-quote. `?email&dob&zipcode` (dob YYYY-MM-DD, doc 1 section 5)
 * becomes a lookup; a lookup with a part missing or malformed has `body` null (nothing to send: it is a
 * quote not found). `?retrieve=<token>` is the quote e-mail's single-use link. Null when neither.
 */
export function readSavedQuoteQuery(search: string): SavedQuoteQuery | null {
  const query = new URLSearchParams(search);
  const token = query.get('retrieve')?.trim();
  if (token) return { kind: 'link', token };
  const emailAddress = query.get('email')?.trim() ?? '';
  const dobText = query.get('dob')?.trim() ?? '';
  const zip = query.get('zipcode')?.trim() ?? '';
  // the account's lookup quotes name the quote chosen among those the three keys find (else the newest)
  const quoteNumber = query.get('quote')?.trim() || undefined;
  if (!query.has('email') && !query.has('dob') && !query.has('zipcode')) return null;
  // the account's links carry YYYY-MM-DD; a hand-typed MM/DD/YYYY is read too
  const dob = parseIsoDate(dobText) ? dobText : (usToIso(dobText) ?? dobText);
  const checked = check({ emailAddress: emailAddress.toLowerCase(), dob, zip, ...(quoteNumber ? { quoteNumber } : {}) }, QuoteLookupRequest);
  return { kind: 'lookup', body: checked.ok ? checked.value : null };
}

/** The address without the saved-quote parameters (and with everything else kept), or null when none were there. */
export function withoutSavedQuoteParams(href: string): string | null {
  const url = new URL(href);
  const present = SAVED_QUOTE_PARAMS.filter((name) => url.searchParams.has(name));
  if (present.length === 0) return null;
  for (const name of present) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
