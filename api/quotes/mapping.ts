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
  COVERAGE_LABELS, COVERAGE_TEXTS, LIMIT_DESCRIPTIONS, POLICY_STATUS_QUOTE, STACKING_OPTIONS, UNINSURED_COVERAGE_TYPES,
  UNLIMITED_STATES, type InstallmentOption, type LimitEntry, type LimitName, type QuotePolicy, type QuoteRequest,
  type VehicleInfo,
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
const FINANCING_ANSWER: Readonly<Record<string, string>> = { LEASE: 'LEASED', FINANCE: 'FINANCED', OWN: 'OWNED' };

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

/** How the uninsured coverage type codes read (doc 3 section 3: R Reduced By, A Added On; FL stacking). */
const UNINSURED_TYPE_LABELS: Readonly<Record<string, string>> = {
  stacked: STACKING_OPTIONS[0].label,
  unstacked: STACKING_OPTIONS[1].label,
  addedOn: UNINSURED_COVERAGE_TYPES.find((type) => type.value === 'A')!.label,
  reducedBy: UNINSURED_COVERAGE_TYPES.find((type) => type.value === 'R')!.label,
};

/** The priced lines a choice changes the price of: it is listed right after the last of them. */
const CHOICE_MODIFIES: Readonly<Record<string, readonly string[]>> = {
  UM: ['UMBI', 'UMUIMBI', 'UIM', 'UMPD', 'UMUIMPD'],
  PIPDeductible: ['PIP'],
  PIPDeductibleType: ['PIP', 'PIPDeductible'],
  UMUIMPDDeductible: ['UMPD', 'UMUIMPD', 'UMBI', 'UMUIMBI'],
};

/**
 * A choice the shopper made that is not a coverage line of its own but changes one's price (FL stacking,
 * GA's uninsured coverage type, PIP deductible and its type, the uninsured PD deductible). Its cost is
 * inside the line it modifies, so it carries no price fields: the summary shows it as included. Step 5,
 * the e-mail and issue 6's declarations page read the whole of what was priced from coverageInfo.
 */
function choiceInfo(entry: Pick<LimitEntry, 'name' | 'limit'>) {
  let description = describe(entry.name);
  let shown = displayLimit(entry.name, entry.limit);
  let parsed: ParsedLimit | null = null;
  try {
    parsed = parseLimit(entry.name, entry.limit);
  } catch {
    parsed = null;
  }
  if (parsed?.kind === 'code') {
    if (entry.name === 'UM') {
      const stacking = parsed.code === 'stacked' || parsed.code === 'unstacked';
      description = stacking ? COVERAGE_LABELS.stacking : COVERAGE_LABELS.uninsuredCoverageType;
      shown = UNINSURED_TYPE_LABELS[parsed.code] ?? entry.limit;
    } else {
      shown = parsed.code;
    }
  }
  return { coverageName: entry.name, coverageDescription: description, displayLimit: shown, limit: entry.limit };
}

/**
 * Every coverage of one vehicle as priced: the engine's lines (with what each adds), and the choices the
 * request carried that modify a line rather than being one (each after the line it modifies). A vehicle's
 * limit of a name wins over the policy's, as in the engine.
 */
function coverageInfos(request: QuoteRequest, index: number, priced: PricedVehicle) {
  const infos: { coverageName: string; coverageDescription: string; displayLimit: string; limit: string }[] =
    priced.coverages.map(coverageInfo);
  const chosen = new Map<string, LimitEntry>();
  for (const entry of [...request.limits, ...(request.vehicles[index]?.coverageLimits ?? [])]) chosen.set(entry.name, entry);
  const listed = new Set(priced.coverages.map((line) => line.name));
  for (const entry of chosen.values()) {
    if (listed.has(entry.name)) continue;
    const anchors = CHOICE_MODIFIES[entry.name] ?? [];
    let at = -1;
    infos.forEach((info, position) => {
      if (anchors.includes(info.coverageName)) at = position;
    });
    const info = choiceInfo(entry);
    if (at < 0) infos.push(info);
    else infos.splice(at + 1, 0, info);
  }
  return infos;
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
    coverageInfo: coverageInfos(request, index, priced),
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
