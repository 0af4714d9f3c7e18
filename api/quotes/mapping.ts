/**
 * From a priced quote (api/rating, integer cents and mills) to doc 3 section 3's quote response
 * (contract QuotePolicy, dollars). Pure; the route adds nothing after it, so what is stored is exactly
 * what the shopper was shown.
 *
 * Beyond the spec's fields (DESIGN.md "The price explains itself"): each vehicle's coverageInfo entry
 * carries what that coverage adds, as monthlyBase (dollars a month), perMile (dollars a mile, 3
 * decimals) and unlimitedPremium (dollars for the 6-month Unlimited term), plus the requested limit;
 * each vehicle carries its billingType. The contract's answer structs are loose (`type`), so these
 * extra fields pass through them.
 */
import {
  COVERAGE_TEXTS, LIMIT_DESCRIPTIONS, POLICY_STATUS_QUOTE, UNLIMITED_STATES,
  type InstallmentOption, type LimitName, type QuotePolicy, type QuoteRequest, type VehicleInfo,
} from '../../contract/index.ts';
import { parseLimit, type CoverageCharge, type ParsedLimit, type PricedQuote, type PricedVehicle } from '../rating/index.ts';

/** What the VIN decoder says of a vehicle (api/vin/decode.ts). */
export interface VehicleIdentity {
  year: number;
  make: string;
  model: string;
  bodyStyle: string;
}

/** Integer cents to dollars with 2 decimals (a number, as the contract's answers carry money). */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Thousandths of a dollar per mile to dollars per mile, 3 decimals (doc 3 section 9). */
export function perMileDollars(mills: number): number {
  return Math.round(mills) / 1000;
}

/** doc 3 section 3: the answer's financing reads LEASED, FINANCED (and, ours, OWNED). */
export const FINANCING_ANSWER: Readonly<Record<string, string>> = { LEASE: 'LEASED', FINANCE: 'FINANCED', OWN: 'OWNED' };

const amount = (dollars: number) => dollars.toLocaleString('en-US');

/**
 * A request limit as people read it, in dollars with thousands separators (the account's '25,000/50,000'
 * style, contract CoverageInfo): '100/300' and '100000/300000' -> '100,000/300,000', '100 CSL' ->
 * '100,000 CSL', '500' -> '500', the decline text -> 'Coverage Declined' (doc 3 section 9). The rating
 * engine's reading of the limit decides what a figure means, so the two never disagree.
 */
export function displayLimit(name: string, limit: string): string {
  let parsed: ParsedLimit;
  try {
    parsed = parseLimit(name, limit);
  } catch {
    return limit;
  }
  switch (parsed.kind) {
    case 'declined':
      return COVERAGE_TEXTS.declined;
    case 'included':
      return COVERAGE_TEXTS.combinedSelected;
    case 'split':
      return `${amount(parsed.perPerson)}/${amount(parsed.perAccident)}`;
    case 'csl':
      return `${amount(parsed.amount)} CSL`;
    case 'amount':
    case 'deductible':
      return amount(parsed.dollars);
    case 'rental':
      return `${amount(parsed.perDay)}/${amount(parsed.perLoss)}`;
    default:
      return limit;
  }
}

function describe(name: string): string {
  return Object.hasOwn(LIMIT_DESCRIPTIONS, name) ? LIMIT_DESCRIPTIONS[name as LimitName] : name;
}

function coverageInfo(charge: CoverageCharge) {
  return {
    coverageName: charge.name,
    coverageDescription: describe(charge.name),
    displayLimit: displayLimit(charge.name, charge.limit),
    limit: charge.limit,
    monthlyBase: dollars(charge.monthlyBaseCents),
    perMile: perMileDollars(charge.perMileMills),
    unlimitedPremium: dollars(charge.unlimitedCents),
  };
}

function vehicleInfo(
  request: QuoteRequest,
  index: number,
  priced: PricedVehicle,
  identity: VehicleIdentity,
  unlimitedOffered: boolean,
): VehicleInfo & { billingType: string } {
  const vehicle = request.vehicles[index]!;
  return {
    carNumber: priced.carNumber,
    vin: vehicle.vin,
    year: identity.year,
    make: identity.make,
    model: identity.model,
    bodyStyle: identity.bodyStyle,
    financing: FINANCING_ANSWER[vehicle.financing] ?? vehicle.financing,
    billingType: priced.billingType,
    unlimitedRate: unlimitedOffered ? dollars(priced.unlimitedRateCents) : null,
    premiumInfo: {
      baseRate: dollars(priced.baseRateCents),
      perMileRate: perMileDollars(priced.perMileMills),
      estMonthlyMiles: priced.estMonthlyMiles,
      estMonthlyNoFee: dollars(priced.estMonthlyNoFeeCents),
    },
    coverageInfo: priced.coverages.map(coverageInfo),
  };
}

export interface QuoteAnswerInput {
  quoteNumber: string;
  request: QuoteRequest;
  priced: PricedQuote;
  /** One per request vehicle, in order. */
  identities: readonly VehicleIdentity[];
}

export function quotePolicy({ quoteNumber, request, priced, identities }: QuoteAnswerInput): QuotePolicy {
  const unlimitedOffered = (UNLIMITED_STATES as readonly string[]).includes(priced.ratedState);
  const installments: InstallmentOption[] = priced.installmentOptions.map((plan) => ({
    payPlan: plan.payPlan,
    billingFrequency: plan.billingFrequency,
    downPayment: dollars(plan.downPaymentCents),
    installmentAmount: dollars(plan.installmentCents),
    numberOfInstallments: plan.installments,
  }));
  const downPaymentMonthly = dollars(priced.downPaymentMonthlyCents);
  const estimatedMonthlyPayment = dollars(priced.estimatedMonthlyPaymentCents);
  const byCarNumber = new Map(priced.vehicles.map((vehicle) => [vehicle.carNumber, vehicle]));
  return {
    policyNumber: quoteNumber,
    effectiveDate: request.effectiveDate,
    policyStatus: POLICY_STATUS_QUOTE,
    emailAddress: request.emailAddress.trim(),
    quoteRequest: request,
    findBilling: {
      // doc 3 section 4: the billing scheme defaults to monthly
      downPayment: downPaymentMonthly,
      estimatedMonthlyPayment,
      allInstallmentOptions: installments,
    },
    downPaymentMonthly,
    downPaymentSingle: dollars(priced.downPaymentSingleCents),
    downPayment: downPaymentMonthly,
    estimatedMonthlyPayment,
    estimatedTotalWritten: dollars(priced.estimatedTotalWrittenCents),
    ratedState: priced.ratedState,
    addressInfo: request.addresses.map((address) => ({
      addressType: address.type,
      streetName: address.streetName,
      city: address.city,
      state: address.state,
      zip: address.zip,
    })),
    driverInfo: request.drivers.map((driver, index) => ({
      driverNumber: index + 1,
      firstName: driver.firstName,
      lastName: driver.lastName,
      dob: driver.dob,
      gender: driver.gender,
      isMarried: driver.isMarried,
    })),
    policyOwners: [{ relation: 'INSURED', firstName: request.insuredFirstName, lastName: request.insuredLastName }],
    vehicleInfo: request.vehicles.map((_vehicle, index) => {
      const priceOf = byCarNumber.get(index + 1);
      const identity = identities[index];
      if (!priceOf || !identity) throw new Error(`vehicle ${index + 1} has no price or no identity`);
      return vehicleInfo(request, index, priceOf, identity, unlimitedOffered);
    }),
  };
}
