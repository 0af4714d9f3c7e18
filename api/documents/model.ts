/**
 * What the policy's documents say, read from the records: the policy row and its vehicles, drivers and
 * lienholders (written at bind), and the priced quote they came from (the answers of steps 1 to 4, the
 * rates and the coverages as shown). The PDF builders (./pdf/) take this model and nothing else.
 *
 * The documents are of the term in force (issue 9, migration 013): its dates and rate table from the policy
 * row, and its rates, coverages and billing from the row's term_answer once a renewal came into force, else
 * from the quote the policy was bought from. A renewal's own papers are the same model for the next term
 * (`loadPolicyRecord`'s `term`), so what the insured signs is what the policy reads once the term begins.
 */
import {
  BRAND, feeLines, HEAR_ABOUT, LENGTH_OF_RESIDENCY, LIMITS, OWNERSHIP_LENGTH, PRIOR_INSURANCE, TIME_WITH_ISSUER, toCents,
  type QuotePolicy, type QuoteRequest, type VehicleInfo,
} from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { vehiclesOf, type PolicyVehicle } from '../policies/records.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import type { ApplicationModel, DocumentVehicle, PersonName, PolicyDocumentModel, PostalAddress } from './pdf/model.ts';

interface PolicyRow {
  id: number;
  policy_number: string;
  binder_number: string;
  status: 'BOUND' | 'ISSUED';
  quote_id: number;
  rated_state: string;
  rate_table_version: string;
  effective_date: string;
  expiration_date: string;
  billing_frequency: 'monthly' | 'biannually';
  pay_plan: number;
  down_payment_cents: number;
  estimated_monthly_payment_cents: number;
  estimated_total_written_cents: number;
  /** The renewed term's priced answer; null while the term in force is the one bought (the quote's response). */
  term_answer: QuotePolicy | null;
}

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
 * A renewed term's billing, from its priced answer: its first payment on the policy's plan, then its
 * estimates. (The bought term's is on the policy row, as charged at bind.)
 */
export function renewedTermBilling(answer: QuotePolicy, frequency: 'monthly' | 'biannually'): { downPaymentCents: number; estimatedMonthlyPaymentCents: number; estimatedTotalWrittenCents: number } {
  return {
    downPaymentCents: toCents(frequency === 'monthly' ? answer.downPaymentMonthly : answer.downPaymentSingle),
    estimatedMonthlyPaymentCents: toCents(answer.estimatedMonthlyPayment),
    estimatedTotalWrittenCents: toCents(answer.estimatedTotalWritten),
  };
}

export interface PolicyRecord {
  policyId: number;
  status: 'BOUND' | 'ISSUED';
  document: PolicyDocumentModel;
  application: ApplicationModel;
}

/** The statements the applicant attests by signing (the declarations a programme's application carries). */
export const APPLICATION_DECLARATIONS = [
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
 */
export async function loadPolicyRecord(db: Queryable, policyId: number, now: Date, options: { term?: RenewedTermOfPolicy } = {}): Promise<PolicyRecord | null> {
  const policies = await db.query<PolicyRow>(
    `SELECT id, policy_number, binder_number, status, quote_id, rated_state, rate_table_version,
            to_char(effective_date, 'YYYY-MM-DD') AS effective_date, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date,
            billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents, estimated_total_written_cents,
            term_answer
     FROM policies WHERE id = $1`,
    [policyId],
  );
  const row = policies[0];
  if (!row) return null;
  const { term } = options;
  const policy: PolicyRow = term
    ? { ...row, effective_date: term.effectiveDate, expiration_date: term.expirationDate, rate_table_version: term.rateTableVersion, term_answer: term.answer }
    : row;
  const quote = await pricedQuoteById(db, policy.quote_id);
  if (!quote) throw new Error(`policy ${policyId} has no quote ${policy.quote_id}`);
  const lienholders = await db.query<{ car_number: number; name: string; address: string; city: string; state: string; zip: string }>(
    'SELECT car_number, name, address, city, state, zip FROM lienholders WHERE policy_id = $1',
    [policyId],
  );
  const document = documentModel(policy, quote.request, policy.term_answer ?? quote.answer, await vehiclesOf(db, policyId), lienholders, now);
  return {
    policyId,
    status: policy.status,
    document,
    application: { ...document, answers: applicationAnswers(quote.request), declarations: [...APPLICATION_DECLARATIONS] },
  };
}

function documentModel(
  policy: PolicyRow,
  request: QuoteRequest,
  answer: QuotePolicy,
  vehicleRows: readonly PolicyVehicle[],
  lienholders: { car_number: number; name: string; address: string; city: string; state: string; zip: string }[],
  now: Date,
): PolicyDocumentModel {
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;
  const garaging = request.addresses.find((address) => address.type === 'Garaging') ?? mailing;
  const insured = answer.policyOwners.find((owner) => owner.relation === 'INSURED') ?? answer.policyOwners[0];
  const vehicles: DocumentVehicle[] = vehicleRows.map((row) => {
    const priced = answer.vehicleInfo.find((info) => info.carNumber === row.car_number);
    const lienholder = lienholders.find((entry) => entry.car_number === row.car_number);
    const capped = row.billing_type === 'capped';
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
      baseRateDollars: priced?.premiumInfo.baseRate ?? 0,
      perMileRateDollars: priced?.premiumInfo.perMileRate ?? 0,
      ...vehicleCharges(priced, capped),
      coverages: (priced?.coverageInfo ?? []).map((coverage) => ({ code: coverage.coverageName, name: coverage.coverageDescription, limit: coverage.displayLimit })),
      lienholder: lienholder
        ? { name: lienholder.name, street: lienholder.address, city: lienholder.city, state: lienholder.state, zip: lienholder.zip }
        : null,
    };
  });
  const perVehicle = new Set(answer.vehicleInfo.flatMap((info) => info.coverageInfo.map((coverage) => coverage.coverageName)));
  // Fees: one set per policy; the monitoring fee is per Pay-Per-Mile vehicle on monthly billing.
  const fees = vehicles.flatMap((vehicle, index) =>
    feeLines(policy.rated_state, policy.billing_frequency, vehicle.billingType)
      .filter((line) => index === 0 || /monitoring/i.test(line.label))
      .map((line) => ({ name: /monitoring/i.test(line.label) ? `${line.label} (vehicle ${vehicle.carNumber})` : line.label, cents: line.cents, per: line.per })),
  );
  return {
    insurerName: BRAND.insurer,
    programName: BRAND.productName,
    policyNumber: policy.policy_number,
    binderNumber: policy.binder_number,
    status: policy.status,
    effectiveDate: policy.effective_date,
    expirationDate: policy.expiration_date,
    namedInsured: insuredName(request, insured),
    emailAddress: request.emailAddress,
    mailingAddress: addressOf(mailing),
    garagingAddress: addressOf(garaging),
    ratedState: policy.rated_state,
    drivers: request.drivers.map((driver, index) => ({
      driverNumber: index + 1,
      name: { firstName: driver.firstName, lastName: driver.lastName, ...(driver.middleInitial ? { middleName: driver.middleInitial } : {}) },
      dob: driver.dob,
      relation: driver.relation,
      licenseState: driver.licenseState || null,
      // Documents travel by e-mail and print: the licence number shows its last four characters only.
      licenseNumberLast4: driver.licenseNum ? String(driver.licenseNum).slice(-4) : null,
    })),
    vehicles,
    policyCoverages: request.limits.filter((limit) => !perVehicle.has(limit.name)).map((limit) => ({ code: limit.name, name: limit.name, limit: limit.limit })),
    fees,
    billing: {
      frequency: policy.billing_frequency,
      payPlan: policy.pay_plan,
      ...(policy.term_answer
        ? renewedTermBilling(policy.term_answer, policy.billing_frequency)
        : {
            downPaymentCents: policy.down_payment_cents,
            estimatedMonthlyPaymentCents: policy.estimated_monthly_payment_cents,
            estimatedTotalWrittenCents: policy.estimated_total_written_cents,
          }),
    },
    rateTableVersion: policy.rate_table_version,
    createdAt: now,
  };
}

/**
 * A priced vehicle's charges as the rating engine made them (api/rating/README.md, "How a price is built"):
 * its estimated monthly cost without fees (estMonthlyNoFee: base + per mile x estimated miles; for
 * Unlimited, exactly a sixth of the 6-month Unlimited premium), and its premium for the term (Unlimited:
 * that premium; Pay-Per-Mile: six estimated months), the figures the policy's totals add up.
 */
export function vehicleCharges(priced: VehicleInfo | undefined, capped: boolean): { monthlyChargeCents: number; termPremiumCents: number } {
  if (!priced) return { monthlyChargeCents: 0, termPremiumCents: 0 };
  if (capped) {
    const termPremiumCents = toCents(priced.unlimitedRate ?? 0);
    return { monthlyChargeCents: termPremiumCents / LIMITS.termMonths, termPremiumCents };
  }
  const { baseRate, perMileRate, estMonthlyMiles, estMonthlyNoFee } = priced.premiumInfo;
  const monthlyChargeCents = toCents(estMonthlyNoFee ?? baseRate + perMileRate * (estMonthlyMiles ?? 0));
  return { monthlyChargeCents, termPremiumCents: LIMITS.termMonths * monthlyChargeCents };
}

function insuredName(request: QuoteRequest, insured: { firstName: string; lastName: string } | undefined): PersonName {
  const driver = request.drivers.find((entry) => entry.relation === 'INSURED');
  return {
    firstName: insured?.firstName ?? request.insuredFirstName,
    lastName: insured?.lastName ?? request.insuredLastName,
    ...(driver?.middleInitial ? { middleName: driver.middleInitial } : {}),
  };
}

/** Steps 1 to 4's answers as the application prints them: the question, and the answer given. */
export function applicationAnswers(request: QuoteRequest): { question: string; answer: string }[] {
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
