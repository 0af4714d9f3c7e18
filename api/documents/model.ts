/**
 * What the policy's documents say, read from the policy's own records (api/policies/records.ts's
 * PolicyRecord: the policy row, its vehicles as priced, drivers, coverages, lienholders), and, for the
 * application's question-and-answer list only, the shopper's answers of steps 1 to 4 (the quote's request).
 * The PDF builders (./pdf/) take this model and nothing else.
 *
 * The documents are of the term in force (issue 9, migration 013): its dates, rate table, vehicle rates and
 * billing from the rows (a renewal coming into force moves them, migration 023). A renewal's own papers are the same model for the next term (`loadPolicyPapers`'s
 * `term`, priced by the renewal), so what the insured signs is what the policy reads once the term begins.
 */
import {
  BRAND, feeLines, HEAR_ABOUT, LENGTH_OF_RESIDENCY, LIMITS, OWNERSHIP_LENGTH, PRIOR_INSURANCE, TIME_WITH_ISSUER, toCents,
  type QuotePolicy, type QuoteRequest, type VehicleInfo,
} from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { coveragesShownOn, insuredOf, readPolicyRecord, vehicleCharges, type PolicyRecord, type PolicyStatus } from '../policies/records.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import type { ApplicationModel, DocumentVehicle, PersonName, PolicyDocumentModel, PostalAddress } from './pdf/model.ts';

/** A term of the policy other than the one bought: its dates, rate table and priced answer (a renewal's). */
export interface RenewedTermOfPolicy {
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** YYYY-MM-DD */
  expirationDate: string;
  rateTableVersion: string;
  answer: QuotePolicy;
}

/**
 * A renewal's next term's billing, from its priced answer: its first payment on the policy's plan, then its
 * estimates. (The term in force's is on the policy row.)
 */
function renewedTermBilling(answer: QuotePolicy, frequency: 'monthly' | 'biannually'): { downPaymentCents: number; estimatedMonthlyPaymentCents: number; estimatedTotalWrittenCents: number } {
  return {
    downPaymentCents: toCents(frequency === 'monthly' ? answer.downPaymentMonthly : answer.downPaymentSingle),
    estimatedMonthlyPaymentCents: toCents(answer.estimatedMonthlyPayment),
    estimatedTotalWrittenCents: toCents(answer.estimatedTotalWritten),
  };
}

/** What a policy's documents print, from its PolicyRecord: the declarations' and the application's models. */
export interface PolicyPapers {
  policyId: number;
  status: PolicyStatus;
  /** The policy's own application was signed when its rows were read (the signed copy then stands for it). */
  applicationSigned: boolean;
  document: PolicyDocumentModel;
  application: ApplicationModel;
}

/** The statements the applicant attests by signing (the declarations a programme's application carries). */
const APPLICATION_DECLARATIONS = [
  'The information in this application is true and complete to the best of my knowledge. I understand that the insurer relies on it to issue the policy and that a false or misleading statement may void the policy or reduce the coverage it gives.',
  'All persons of driving age who live in my household or regularly drive the vehicles listed are named in this application.',
  'The vehicles listed are garaged at the garaging address given, are not used to carry people or goods for a fee, and are not used for racing or timed events.',
  'I agree to report the odometer reading of each Pay-Per-Mile vehicle by photograph each billing period, and of each Unlimited vehicle at the start of each term, and I understand the premium is computed from these readings.',
  'I authorise the insurer to obtain my driving and claims records and, where the law allows, a credit-based insurance score, to rate this policy.',
] as const;

const label = <T,>(options: readonly { value: T; label: string }[], value: T): string =>
  options.find((option) => option.value === value)?.label ?? String(value ?? '');

const yesNo = (value: unknown): string => (value === true || value === 'Yes' ? 'Yes' : value === false || value === 'No' ? 'No' : String(value ?? ''));

const addressOf = (address: { streetName: string; city: string; state: string; zip: string }): PostalAddress => ({
  street: address.streetName,
  city: address.city,
  state: address.state,
  zip: address.zip,
});

/**
 * The documents' model of policy `policyId` at `now` in its term in force, or null when there is no such
 * policy. With `term`, the model of that term instead (a renewal's next term: its papers before it begins).
 * Everything but the application's question-and-answer list comes from the policy's own rows (the policy
 * module's PolicyRecord); that list is what the applicant answered, so it is read from the quote's request.
 */
export async function loadPolicyPapers(db: Queryable, policyId: number, now: Date, options: { term?: RenewedTermOfPolicy } = {}): Promise<PolicyPapers | null> {
  const record = await readPolicyRecord(db, policyId);
  if (!record) return null;
  const quote = await pricedQuoteById(db, record.quoteId);
  if (!quote) throw new Error(`policy ${policyId} has no quote ${record.quoteId}`);
  const document = documentModel(record, options.term ?? null, now);
  return {
    policyId,
    status: record.status,
    applicationSigned: record.signed,
    document,
    application: { ...document, answers: applicationAnswers(quote.request), declarations: [...APPLICATION_DECLARATIONS] },
  };
}

function documentModel(record: PolicyRecord, term: RenewedTermOfPolicy | null, now: Date): PolicyDocumentModel {
  const insured = insuredOf(record);
  const insuredDriver = record.drivers.find((driver) => driver.relation === 'INSURED');
  const vehicles: DocumentVehicle[] = record.vehicles.map((row) => {
    const capped = row.billing_type === 'capped';
    const lienholder = record.lienholders.find((entry) => entry.carNumber === row.car_number);
    // A renewal's papers are priced by the renewal; the term in force by the rows.
    const priced = term?.answer.vehicleInfo.find((info) => info.carNumber === row.car_number);
    const rates = term
      ? { baseRateDollars: priced?.premiumInfo.baseRate ?? 0, perMileRateDollars: priced?.premiumInfo.perMileRate ?? 0, ...vehicleCharges(priced, capped) }
      : { baseRateDollars: row.base_rate, perMileRateDollars: row.per_mile_rate, monthlyChargeCents: row.monthly_charge_cents, termPremiumCents: row.term_premium_cents };
    return {
      carNumber: row.car_number,
      year: row.year,
      make: row.make,
      model: row.model,
      bodyStyle: row.body_style,
      vin: row.vin,
      statedValueDollars: row.stated_value,
      financing: row.financing as DocumentVehicle['financing'],
      billingType: capped ? 'capped' : 'per_mile',
      ...rates,
      coverages: coveragesShownOn(record, row.car_number)
        .map((coverage) => ({ code: coverage.name, name: coverage.description!, limit: coverage.displayLimit ?? coverage.limit })),
      lienholder: lienholder
        ? { name: lienholder.name, street: lienholder.address, city: lienholder.city, state: lienholder.state, zip: lienholder.zip }
        : null,
    };
  });
  // Fees: one set per policy; the monitoring fee is per Pay-Per-Mile vehicle on monthly billing.
  const fees = vehicles.flatMap((vehicle, index) =>
    feeLines(record.ratedState, record.billingFrequency, vehicle.billingType)
      .filter((line) => index === 0 || /monitoring/i.test(line.label))
      .map((line) => ({ name: /monitoring/i.test(line.label) ? `${line.label} (vehicle ${vehicle.carNumber})` : line.label, cents: line.cents, per: line.per })),
  );
  return {
    insurerName: BRAND.insurer,
    programName: BRAND.productName,
    policyNumber: record.policyNumber,
    binderNumber: record.binderNumber,
    status: record.status,
    statusSince: record.statusHistory.at(-1)?.changedAt ?? record.createdAt,
    effectiveDate: term?.effectiveDate ?? record.effectiveDate,
    expirationDate: term?.expirationDate ?? record.expirationDate,
    namedInsured: {
      firstName: insured?.firstName ?? insuredDriver?.firstName ?? '',
      lastName: insured?.lastName ?? insuredDriver?.lastName ?? '',
      ...(insuredDriver?.middleInitial ? { middleName: insuredDriver.middleInitial } : {}),
    },
    emailAddress: record.emailAddress,
    mailingAddress: addressOf(record.mailingAddress),
    garagingAddress: addressOf(record.garagingAddress),
    ratedState: record.ratedState,
    drivers: record.drivers.map((driver) => ({
      driverNumber: driver.driverNumber,
      name: { firstName: driver.firstName, lastName: driver.lastName, ...(driver.middleInitial ? { middleName: driver.middleInitial } : {}) },
      dob: driver.dob,
      relation: driver.relation,
      licenseState: driver.licenseState,
      // Documents travel by e-mail and print: the licence number shows its last four characters only.
      licenseNumberLast4: driver.licenseNumber ? driver.licenseNumber.slice(-4) : null,
    })),
    vehicles,
    policyCoverages: record.coverages
      .filter((coverage) => coverage.carNumber === null && coverage.description === null)
      .map((coverage) => ({ code: coverage.name, name: coverage.name, limit: coverage.limit })),
    fees,
    billing: {
      frequency: record.billingFrequency,
      payPlan: record.payPlan,
      ...(term
        ? renewedTermBilling(term.answer, record.billingFrequency)
        : {
            downPaymentCents: record.downPaymentCents,
            estimatedMonthlyPaymentCents: record.estimatedMonthlyPaymentCents,
            estimatedTotalWrittenCents: record.estimatedTotalWrittenCents,
          }),
    },
    rateTableVersion: term?.rateTableVersion ?? record.rateTableVersion,
    createdAt: now,
  };
}

/** Steps 1 to 4's answers as the application prints them: the question, and the answer given. */
function applicationAnswers(request: QuoteRequest): { question: string; answer: string }[] {
  const answers: { question: string; answer: string }[] = [
    { question: 'Named insured', answer: `${request.insuredFirstName} ${request.insuredLastName}` },
    { question: 'E-mail address', answer: request.emailAddress },
    ...request.phoneNumbers.map((phone) => ({ question: `${phone.type} phone`, answer: phone.number })),
    ...request.addresses.map((address) => ({
      question: `${address.type} address`,
      answer: `${address.streetName}, ${address.city}, ${address.state} ${address.zip}`,
    })),
    { question: 'Garaged at the mailing address', answer: yesNo(request.isGarageSameAsMailing) },
    { question: 'Home owner', answer: yesNo(request.isHomeOwner) },
    { question: `Member of the ${BRAND.club}`, answer: yesNo(request.isInPorscheClubOfAmerica) },
    { question: 'Current auto insurance', answer: label(PRIOR_INSURANCE, request.priorCoverage as never) },
  ];
  if (request.priorYearsInsured !== undefined) answers.push({ question: 'Time with prior insurer', answer: label(TIME_WITH_ISSUER, request.priorYearsInsured as never) });
  if (request.priorBiLimit) answers.push({ question: 'Prior bodily injury limits', answer: request.priorBiLimit });
  if (request.previousExpirationDate) answers.push({ question: 'Prior policy expiration', answer: request.previousExpirationDate });
  answers.push({ question: 'Length of residency', answer: label(LENGTH_OF_RESIDENCY, request.lengthOfResidency as never) });
  if (request.householdCount !== undefined) answers.push({ question: 'Household members', answer: String(request.householdCount) });
  if (request.tortOption) answers.push({ question: 'Tort option', answer: String(request.tortOption) });
  answers.push({ question: 'How you heard about us', answer: label(HEAR_ABOUT, request.referral as never) + (request.referralDealer ? ` (${request.referralDealer})` : '') });
  for (const [index, driver] of request.drivers.entries()) {
    const who = `Driver ${index + 1}`;
    answers.push(
      { question: `${who}: name and relation`, answer: `${driver.firstName} ${driver.lastName}, ${driver.relation}, ${driver.status}` },
      { question: `${who}: date of birth, gender, married`, answer: `${driver.dob}, ${driver.gender}, ${yesNo(driver.isMarried)}` },
    );
    if (driver.licenseState) {
      answers.push({
        question: `${who}: licence`,
        answer: `${driver.licenseState} ending ${String(driver.licenseNum ?? '').slice(-4)}, ${driver.licenseStatus ?? ''}`.trim(),
      });
    }
    if (driver.violations !== undefined) answers.push({ question: `${who}: accidents or convictions in 3 years`, answer: String(driver.violations) });
    answers.push({ question: `${who}: excluded`, answer: yesNo(driver.isExcluded) });
  }
  for (const [index, vehicle] of request.vehicles.entries()) {
    const which = `Vehicle ${index + 1}`;
    answers.push(
      { question: `${which}: VIN`, answer: vehicle.vin },
      { question: `${which}: use and miles a year`, answer: `${vehicle.mileage.usageType}, ${vehicle.mileage.miles}` },
      { question: `${which}: plan`, answer: vehicle.billingType === 'capped' ? 'Unlimited' : 'Pay-Per-Mile' },
      { question: `${which}: owned, financed or leased`, answer: vehicle.financing },
      { question: `${which}: time owned`, answer: label(OWNERSHIP_LENGTH, vehicle.lengthOfOwnership as never) },
      { question: `${which}: stated value`, answer: vehicle.statedValue ? `$${Number(vehicle.statedValue).toLocaleString('en-US')}` : 'Not stated' },
      { question: `${which}: prior damage`, answer: yesNo(vehicle.priorDamage) },
    );
  }
  return answers;
}
