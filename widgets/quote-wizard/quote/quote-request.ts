import {
  DEFAULT_AGENCY_CODE, DEFAULT_EDUCATION, DEFAULT_LENGTH_OF_RESIDENCY, DEFAULT_OWNERSHIP_LENGTH, DEFAULT_PREVIOUS_COMPANY,
  ESTIMATED_CREDIT_SCORE, HEAR_ABOUT_DEALER, HOUSEHOLD_COUNT_STATES, PRIOR_INSURANCE_CURRENT, PRIOR_INSURANCE_LAPSED_RECENTLY,
  UNLIMITED_STATES, WIZARD_PATH, agencyCodeFor, clubMembershipFor, dealerByCode, defaultOccupationCode, expirationDateFor,
  formatDollars, formatIsoDate, formatUsPhone, inStates, isoToUs, mapRecentLimits, parseDollars, parseUsDate, requestMiles, usToIso,
  type CalendarDate, type QuoteRequest, type QuoteResponse,
} from '../../../contract/index.ts';
import { OCCUPATION_INDUSTRIES } from '../../../contract/reference/occupations.ts';
import { coverageLimits, formOfSelection, selectionOf } from '../../../contract/coverage/index.ts';
import type { CoverageVehicle } from '../../../contract/coverage/coverage-model.ts';
import {
  emptyDriver, emptyInfo, emptyVehicle, garagingStateOf, newId, type DriverForm, type DriverRole, type InfoForm,
  type VehicleForm, type WizardState,
} from '../model/wizard-model.ts';

/**
 * The quote request of doc 3 section 3, built from what the person entered in steps 1 to 4, in one place,
 * and its inverse (a stored quote's request back into the wizard's forms, for a retrieved quote).
 * Pure: no I/O, no clock (today is a parameter), no JSX, so node tests run it straight from source.
 *
 * Readings the spec leaves open, taken here:
 * - creditScore: the wizard asks no credit question (doc 2 keeps creditScore on the info record, with no
 *   field), so it carries the score of the estimated one the request always sends, Excellent (800).
 * - agencyCode: the dealer the person named under 'How did you hear about us?', else the dealer whose page
 *   embedded the wizard (the `dealer` attribute), else the default 13022-1.
 * - referralDealer: the dealer's code, when the source is Dealer.
 * - ratedState: where the vehicles are garaged (wizard-model.ts garagingStateOf), as for the purpose list
 *   and the coverage form. A state outside the quote list (PA, WI...) fails the contract's
 *   ratedState rule with the call-us text, which is what doc 3 section 7 asks for.
 * - phoneNumbers: the mobile number typed Mobile, and the preferred contact number typed Other when the
 *   person gave a different one.
 */

export interface BuildOptions {
  /** The person's local day: the expiration date counts from the effective date, not from today. */
  today: CalendarDate;
  /** Where links in the quote e-mail lead; default the wizard's path on the brand site. */
  returnUrl?: string;
}

const YES = 'Yes';
const EXCELLENT_SCORE = 800;

/** What the coverage rules need of each vehicle. */
export function coverageVehicles(vehicles: readonly VehicleForm[]): CoverageVehicle[] {
  return vehicles.map((v) => ({ financing: v.leaseOwnFinance, statedValue: parseDollars(v.statedValue) ?? 0 }));
}

/** doc 3 section 9: answers 1 and 3 with an issuer length of 0 (under 6 months) count as no prior coverage. */
export function priorCoverageOf(hasAutoInsurance: string, recentIssuerLength: string): number {
  const answer = Number(hasAutoInsurance);
  const withDetails = answer === PRIOR_INSURANCE_LAPSED_RECENTLY || answer === PRIOR_INSURANCE_CURRENT;
  return withDetails && recentIssuerLength === '0' ? 0 : answer;
}

function agencyCodeOf(state: WizardState): string {
  const { hearAbout, dealer } = state.info;
  if (hearAbout === HEAR_ABOUT_DEALER && dealerByCode(dealer)) return agencyCodeFor(hearAbout, dealer);
  return state.attribution.agencyCode ?? dealerByCode(state.attribution.dealer)?.agencyCode ?? DEFAULT_AGENCY_CODE;
}

/** Digits of a typed number ('12,000' -> 12000); 0 when nothing usable was typed. */
function wholeNumber(text: string): number {
  const digits = text.replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

function isoOrEmpty(text: string): string {
  return usToIso(text) ?? text;
}

type RequestDriverEntry = QuoteRequest['drivers'][number];
type StateValue = QuoteRequest['addresses'][number]['state'];

function driverEntry(driver: DriverForm, ratedState: string): QuoteRequest['drivers'][number] {
  const listed = (driver.role === 'spouse' || driver.role === 'additionalSpouse') && driver.isExcluded === YES;
  const entry: QuoteRequest['drivers'][number] = {
    status: listed ? 'LIST' : 'RATED',
    relation: driver.relation.toUpperCase() as QuoteRequest['drivers'][number]['relation'],
    firstName: driver.firstName.trim(),
    lastName: driver.lastName.trim(),
    middleInitial: undefined,
    dob: isoOrEmpty(driver.dateOfBirth),
    gender: driver.gender as QuoteRequest['drivers'][number]['gender'],
    isMarried: driver.maritalStatus === 'Married',
    isExcluded: listed,
    licenseState: undefined,
    licenseStatus: undefined,
    licenseNum: undefined,
    violations: undefined,
    educationCode: (driver.levelOfEducation || DEFAULT_EDUCATION) as QuoteRequest['drivers'][number]['educationCode'],
    occupationCode: driver.occupationCode || defaultOccupationCode(ratedState),
  };
  if (!listed) {
    entry.licenseState = driver.licenseState as NonNullable<RequestDriverEntry['licenseState']>;
    entry.licenseStatus = driver.licenseStatus;
    entry.licenseNum = driver.licenseNum;
    entry.violations = Number(driver.accidentsConvictions) as 0 | 1 | 2 | 3;
  }
  // `object` structs refuse nothing for an absent optional key, but a key set to undefined is noise in JSON
  for (const key of Object.keys(entry) as (keyof typeof entry)[]) if (entry[key] === undefined) delete entry[key];
  return entry;
}

function vehicleEntry(vehicle: VehicleForm, limits: QuoteRequest['limits'], unlimitedOffered: boolean): QuoteRequest['vehicles'][number] {
  return {
    mileage: { usageType: vehicle.purpose, miles: requestMiles(wholeNumber(vehicle.miles)) },
    // doc 3 section 4: capped for an Unlimited vehicle (only where Unlimited is offered), else per_mile
    billingType: unlimitedOffered && vehicle.isUnlimited ? 'capped' : 'per_mile',
    vin: vehicle.vin.trim().toUpperCase(),
    lengthOfOwnership: (vehicle.lengthOfOwnership || DEFAULT_OWNERSHIP_LENGTH) as QuoteRequest['vehicles'][number]['lengthOfOwnership'],
    aebCode: 'YES',
    blindSpotCode: 'YES',
    statedValue: String(parseDollars(vehicle.statedValue) ?? vehicle.statedValue),
    financing: vehicle.leaseOwnFinance.toUpperCase() as QuoteRequest['vehicles'][number]['financing'],
    priorDamage: vehicle.priorDamage === YES,
    coverageLimits: limits,
  };
}

function phoneNumbers(info: InfoForm): QuoteRequest['phoneNumbers'] {
  const mobile = formatUsPhone(info.mobilePhoneNumber);
  const preferred = info.preferredContactNumber ? formatUsPhone(info.preferredContactNumber) : '';
  const list: QuoteRequest['phoneNumbers'] = [{ type: 'Mobile', number: mobile }];
  if (preferred && preferred !== mobile) list.push({ type: 'Other', number: preferred });
  return list;
}

/**
 * The request for the wizard's current answers. `state.coverage` must be set (step 4 creates it); the
 * effective date is sent as typed, so a date outside the window reaches the contract's rule and its text.
 */
export function buildQuoteRequest(state: WizardState, options: BuildOptions): QuoteRequest {
  const { info, vehicles, drivers } = state;
  const coverage = state.coverage;
  if (!coverage) throw new Error('buildQuoteRequest: state.coverage is null; step 4 creates it before a quote is requested.');
  const ratedState = garagingStateOf(info);
  const first = drivers[0] ?? emptyDriver('primary');
  const limits = coverageLimits(ratedState, coverage, coverageVehicles(vehicles));
  const effective = parseUsDate(coverage.policyEffectiveDate);
  const priorAnswer = Number(first.hasAutoInsurance);
  const unlimitedOffered = inStates(UNLIMITED_STATES, ratedState);
  const asksPriorDetails = priorAnswer === PRIOR_INSURANCE_CURRENT || priorAnswer === PRIOR_INSURANCE_LAPSED_RECENTLY;

  const addresses: QuoteRequest['addresses'] = [
    { type: 'Mailing', streetName: info.streetAddressOne.trim(), city: info.city.trim(), state: info.state as StateValue, zip: info.zipCode },
  ];
  const garagedElsewhere = info.isGarageSameAsMailing === '2';
  if (garagedElsewhere) {
    addresses.push({
      type: 'Garaging', streetName: info.garagingStreetAddressOne.trim(), city: info.garagingCity.trim(),
      state: info.garagingState as StateValue, zip: info.garagingZipCode,
    });
  }

  const request: QuoteRequest = {
    returnUrl: options.returnUrl ?? WIZARD_PATH,
    rateCall: true,
    estimatedCreditScore: ESTIMATED_CREDIT_SCORE,
    creditScore: EXCELLENT_SCORE,
    agencyCode: agencyCodeOf(state),
    previousCompany: (asksPriorDetails && first.previousCompany) || DEFAULT_PREVIOUS_COMPANY,
    insuredFirstName: info.firstName.trim(),
    insuredLastName: info.lastName.trim(),
    emailAddress: first.emailAddress.trim(),
    addresses,
    ratedState,
    priorCoverage: priorCoverageOf(first.hasAutoInsurance, first.recentIssuerLength) as QuoteRequest['priorCoverage'],
    term: 6,
    effectiveDate: isoOrEmpty(coverage.policyEffectiveDate),
    expirationDate: effective ? formatIsoDate(expirationDateFor(effective)) : '',
    referral: info.hearAbout as QuoteRequest['referral'],
    drivers: drivers.map((d) => driverEntry(d, ratedState)),
    // the rules module names limits as strings; its names are the contract's LIMIT_NAMES
    vehicles: vehicles.map((v, i) => vehicleEntry(v, (limits.vehicles[i] ?? []) as QuoteRequest['limits'], unlimitedOffered)),
    limits: limits.policy as QuoteRequest['limits'],
    // what was chosen on step 4, stored with the quote: opening it again shows these, not a rebuilt form
    coverageSelection: selectionOf(coverage),
    phoneNumbers: phoneNumbers(info),
    isGarageSameAsMailing: !garagedElsewhere,
    isHomeOwner: first.homeRentalStatus === 'Own',
    isInPorscheClubOfAmerica: clubMembershipFor(ratedState, info.isPCAMember === YES),
    calculateUnlimited: unlimitedOffered,
    lengthOfResidency: (info.lengthOfResidency || DEFAULT_LENGTH_OF_RESIDENCY) as QuoteRequest['lengthOfResidency'],
  };
  if (asksPriorDetails) {
    if (first.recentIssuerLength !== '') request.priorYearsInsured = Number(first.recentIssuerLength) as 0 | 1 | 2;
    if (first.recentCoverageLimits) request.priorBiLimit = first.recentCoverageLimits;
    if (first.previousExpirationDate) request.previousExpirationDate = isoOrEmpty(first.previousExpirationDate);
  }
  if (info.hearAbout === HEAR_ABOUT_DEALER && info.dealer) request.referralDealer = info.dealer;
  if (limits.tortOption) request.tortOption = limits.tortOption;
  if (inStates(HOUSEHOLD_COUNT_STATES, ratedState)) request.householdCount = wholeNumber(info.householdCount);
  return request;
}

/**
 * Two requests ask for the same price when they differ only in what does not rate: where the e-mail's
 * links lead, the rate-call flag, the number of the quote it prices again. Forward navigation skips the call then (doc 3 section 4: "If the
 * current request equals the stored quote request (ignoring some fields), it proceeds straight away").
 */
export function sameQuoteRequest(a: unknown, b: unknown): boolean {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  return priceKey(a) === priceKey(b);
}

/** One text per price asked: equal for two requests exactly when sameQuoteRequest holds (step 4's live price keys its calls by it). */
export function priceKey(request: object): string {
  return stableJson(comparable(request));
}

function comparable(request: object): object {
  const { returnUrl: _returnUrl, rateCall: _rateCall, quoteNumber: _quoteNumber, ...rest } = request as Record<string, unknown>;
  return rest;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)))
      : inner,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The inverse: a stored quote back into the wizard (a retrieved or e-mailed quote opens at step 5).

type RequestDriver = QuoteRequest['drivers'][number];
type RequestVehicle = QuoteRequest['vehicles'][number];

const RELATION_LABELS: Readonly<Record<string, string>> = {
  INSURED: 'INSURED', SPOUSE: 'Spouse', CHILD: 'Child', PARENT: 'Parent', RELATIVE: 'Relative', OTHER: 'Other',
};

function industryOfCode(code: string): string {
  return OCCUPATION_INDUSTRIES.find((industry) => industry.occupations.some((o) => o.code === code))?.value ?? '';
}

function roleOf(driver: RequestDriver, index: number): DriverRole {
  if (index === 0) return 'primary';
  if (driver.relation === 'SPOUSE') return index === 1 ? 'spouse' : 'additionalSpouse';
  return 'additional';
}

function driverForm(driver: RequestDriver, index: number, request: QuoteRequest): DriverForm {
  const role = roleOf(driver, index);
  const form: DriverForm = {
    ...emptyDriver(role),
    id: newId('driver'),
    firstName: driver.firstName,
    lastName: driver.lastName,
    dateOfBirth: isoToUs(driver.dob) ?? '',
    gender: driver.gender,
    relation: RELATION_LABELS[driver.relation] ?? driver.relation,
    maritalStatus: driver.isMarried ? 'Married' : 'Single',
    licenseState: driver.licenseState ?? '',
    licenseStatus: driver.licenseStatus ?? '',
    licenseNum: driver.licenseNum ?? '',
    levelOfEducation: driver.educationCode ?? '',
    accidentsConvictions: driver.violations === undefined ? '' : String(driver.violations),
    isExcluded: role === 'spouse' || role === 'additionalSpouse' ? (driver.isExcluded ? 'Yes' : 'No') : '',
    occupationCode: driver.occupationCode ?? '',
    occupationIndustry: industryOfCode(driver.occupationCode ?? ''),
    // the next page exists, so the person had asked for another driver (a spouse page follows "Married")
    addAnotherDriver: index < request.drivers.length - 1 && !driver.isMarried ? 'Yes' : 'No',
  };
  if (role === 'primary') {
    form.emailAddress = request.emailAddress;
    form.homeRentalStatus = request.isHomeOwner ? 'Own' : 'Rent';
    form.hasAutoInsurance = String(request.priorCoverage);
    form.previousCompany = request.previousCompany === DEFAULT_PREVIOUS_COMPANY ? '' : (request.previousCompany ?? '');
    form.previousExpirationDate = request.previousExpirationDate ? (isoToUs(request.previousExpirationDate) ?? '') : '';
    // a quote stored before the list was enforced may hold free text: doc 2 section 4's mapping picks its option
    form.recentCoverageLimits = request.priorBiLimit ? mapRecentLimits(request.priorBiLimit) : '';
    form.recentIssuerLength = request.priorYearsInsured === undefined ? '' : String(request.priorYearsInsured);
  }
  return form;
}

function vehicleForm(vehicle: RequestVehicle, described: { year?: number; make?: string; model?: string; bodyStyle?: string } | undefined): VehicleForm {
  return {
    ...emptyVehicle(),
    vin: vehicle.vin,
    year: described?.year ? String(described.year) : '',
    make: described?.make ?? '',
    model: described?.model ?? '',
    style: described?.bodyStyle ?? '',
    // the quote was priced for this VIN, so it passed the VIN check then
    isVINValid: true,
    priorDamage: vehicle.priorDamage ? 'Yes' : 'No',
    leaseOwnFinance: vehicle.financing.toLowerCase(),
    lengthOfOwnership: vehicle.lengthOfOwnership ?? '',
    purpose: vehicle.mileage.usageType,
    miles: String(vehicle.mileage.miles),
    statedValue: formatDollars(Number(vehicle.statedValue)),
    isUnlimited: vehicle.billingType === 'capped',
  };
}

function infoForm(request: QuoteRequest, firstDob: string): InfoForm {
  const mailing = request.addresses.find((a) => a.type === 'Mailing');
  const garaging = request.addresses.find((a) => a.type === 'Garaging');
  const mobile = request.phoneNumbers.find((p) => p.type === 'Mobile')?.number ?? '';
  const other = request.phoneNumbers.find((p) => p.type === 'Other')?.number;
  return {
    ...emptyInfo(),
    firstName: request.insuredFirstName,
    lastName: request.insuredLastName,
    streetAddressOne: mailing?.streetName ?? '',
    zipCode: mailing?.zip ?? '',
    city: mailing?.city ?? '',
    state: mailing?.state ?? '',
    lengthOfResidency: request.lengthOfResidency ?? '',
    householdCount: request.householdCount === undefined ? '' : String(request.householdCount),
    isGarageSameAsMailing: request.isGarageSameAsMailing ? '1' : '2',
    garagingStreetAddressOne: garaging?.streetName ?? '',
    garagingZipCode: garaging?.zip ?? '',
    garagingCity: garaging?.city ?? '',
    garagingState: garaging?.state ?? '',
    dateOfBirth: firstDob,
    mobilePhoneNumber: mobile,
    preferredContactNumber: other ?? mobile,
    phoneType: other ? 'Home' : 'Mobile',
    hearAbout: request.referral,
    dealer: request.referralDealer ?? '',
    isPCAMember: request.isInPorscheClubOfAmerica ? 'Yes' : 'No',
  };
}

/**
 * The wizard's forms rebuilt from a quote response (policies[0].quoteRequest), for the saved-quote start
 * of the wizard: info, vehicles (described by the response's vehicleInfo), drivers, coverage, and the
 * request itself as `quoteRequest`, so Continue from step 5's Back skips an unchanged re-quote.
 * Returns {} when the response carries no request.
 */
export function wizardFromQuote(response: QuoteResponse): Partial<WizardState> {
  const policy = response.policies[0];
  const request = policy?.quoteRequest as QuoteRequest | undefined;
  if (!policy || !request || typeof request !== 'object' || !Array.isArray(request.vehicles)) return {};
  const drivers = request.drivers.map((d, i) => driverForm(d, i, request));
  const vehicles = request.vehicles.map((v, i) => {
    const described = policy.vehicleInfo.find((info) => info.carNumber === i + 1) ?? policy.vehicleInfo[i];
    return vehicleForm(v, described);
  });
  const info = infoForm(request, drivers[0]?.dateOfBirth ?? '');
  // Every quote version keeps the step 4 choices it was priced from (the API stores them, migration 021 gave
  // them to the quotes stored before), so step 4 opens with what was chosen. An answer without them (one a
  // tab kept from before) leaves the form to step 4, which starts from the recommended package.
  const coverage = request.coverageSelection ? formOfSelection(request.coverageSelection, isoToUs(request.effectiveDate) ?? '') : null;
  return {
    info, vehicles, drivers, coverage, quoteRequest: request, quoteResponse: response, vehicleIndex: 0, driverIndex: 0,
  };
}
