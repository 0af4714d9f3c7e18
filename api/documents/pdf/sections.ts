/**
 * The parts of a policy that both the declarations page and the application print, each as one block of
 * a PageFlow, so the application the insured signs and the declarations they keep never disagree.
 */
import { LIMITS } from '../../../contract/rules/limits.ts';
import { formatPerMileRate } from '../../../contract/rules/money.ts';
import type { DocumentCoverage, DocumentVehicle, PolicyDocumentModel } from './model.ts';
import {
  addressLines, billingFrequencyName, financingName, formatCents, formatDay, formatDollars, formatInstantDay,
  formatWholeDollars, fullName, licenceText, oneLineAddress, planName, relationName, vehicleTitle,
} from './format.ts';
import type { Band, PageFlow, TableColumn } from './layout.ts';

/** The band of a policy document: BOUND documents say 'Binder' beside the policy number. */
export function policyBand(model: PolicyDocumentModel, title: string): Band {
  const reference = model.status === 'BOUND'
    ? `Binder ${model.binderNumber} · Policy ${model.policyNumber}`
    : `Policy ${model.policyNumber}`;
  return { programName: model.programName, insurerName: model.insurerName, title, reference };
}

/** 'Policy APX-1 · Declarations Page · Document date 03/02/2026' */
export function footerText(model: PolicyDocumentModel, title: string): string {
  return `Policy ${model.policyNumber} · ${title} · Document date ${formatInstantDay(model.createdAt)}`;
}

/** The PDF's title in a reader's window and tab. */
export function pdfTitle(model: PolicyDocumentModel, title: string): string {
  return `${model.programName} ${title}, policy ${model.policyNumber}`;
}

function policyPeriod(model: PolicyDocumentModel): string {
  return `${formatDay(model.effectiveDate)} to ${formatDay(model.expirationDate)}`;
}

export function binderNotice(flow: PageFlow, model: PolicyDocumentModel): void {
  if (model.status !== 'BOUND') return;
  flow.notice(
    `BINDER ${model.binderNumber}: temporary evidence of insurance`,
    'Coverage is bound from the effective date below. The policy is issued when we receive the signed application and a ' +
      'verified initial odometer photo; until then this binder is your evidence of insurance.',
  );
}

export function policySection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Policy');
  flow.fields([
    { label: 'Policy number', value: model.policyNumber },
    { label: 'Binder number', value: model.binderNumber },
    {
      label: 'Status',
      value: model.status === 'BOUND'
        ? `Bound (binder) on ${formatInstantDay(model.statusSince)}, not yet issued`
        : model.status === 'CANCELLED'
          ? `Cancelled on ${formatInstantDay(model.statusSince)}`
          : `Issued on ${formatInstantDay(model.statusSince)}`,
    },
    { label: 'Policy period', value: [policyPeriod(model), '12:01 a.m. standard time at the garaging address'] },
    { label: 'Rated state', value: model.ratedState },
    { label: 'Rate table version', value: model.rateTableVersion },
  ]);
}

export function insuredSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Named insured');
  flow.fields([
    { label: 'Named insured', value: [fullName(model.namedInsured), model.emailAddress] },
    { label: 'Mailing address', value: addressLines(model.mailingAddress) },
    { label: 'Garaging address', value: addressLines(model.garagingAddress) },
  ]);
}

const DRIVER_COLUMNS: TableColumn[] = [
  { header: 'No.', share: 0.07 },
  { header: 'Driver', share: 0.37 },
  { header: 'Date of birth', share: 0.16 },
  { header: 'Relation to insured', share: 0.18 },
  { header: 'Licence', share: 0.22 },
];

function driversSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Drivers');
  flow.table(
    DRIVER_COLUMNS,
    model.drivers.map((driver) => [
      String(driver.driverNumber),
      fullName(driver.name),
      formatDay(driver.dob),
      relationName(driver.relation),
      licenceText(driver.licenseState, driver.licenseNumberLast4),
    ]),
  );
}

const VEHICLE_COLUMNS: TableColumn[] = [
  { header: 'Car', share: 0.07 },
  { header: 'Vehicle', share: 0.29 },
  { header: 'VIN', share: 0.24 },
  { header: 'Stated value', share: 0.14, align: 'right' },
  { header: 'Ownership', share: 0.12 },
  { header: 'Plan', share: 0.14 },
];

function vehiclesSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Vehicles');
  flow.table(
    VEHICLE_COLUMNS,
    model.vehicles.map((vehicle) => [
      String(vehicle.carNumber),
      `${vehicleTitle(vehicle)} ${vehicle.bodyStyle}`,
      vehicle.vin,
      vehicle.statedValueDollars === null ? 'Not stated' : formatWholeDollars(vehicle.statedValueDollars),
      financingName(vehicle.financing),
      planName(vehicle.billingType),
    ]),
  );
}

/** Every coverage name of the policy's vehicles, in the order they first appear. */
function vehicleCoverageNames(vehicles: readonly DocumentVehicle[]): string[] {
  return [...new Set(vehicles.flatMap((vehicle) => vehicle.coverages.map((coverage) => coverage.name)))];
}

function limitOf(coverages: readonly DocumentCoverage[], name: string): string {
  return coverages.find((coverage) => coverage.name === name)?.limit ?? 'Not carried';
}

/** 'Car 2: 2019 718 Boxster' */
function carLabel(vehicle: DocumentVehicle): string {
  return `Car ${vehicle.carNumber}: ${vehicle.year} ${vehicle.model}`;
}

/**
 * Policy-wide coverages, then a grid of each vehicle's coverages: one row per coverage, one column per car,
 * as declarations pages print them, so a difference between two cars shows at a glance.
 */
function coveragesSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Coverages and limits');
  if (model.policyCoverages.length > 0) {
    flow.table(
      [
        { header: 'Policy coverage (all vehicles)', share: 0.6 },
        { header: 'Limit', share: 0.4 },
      ],
      model.policyCoverages.map((coverage) => [coverage.name, coverage.limit]),
    );
  }
  const names = vehicleCoverageNames(model.vehicles);
  if (names.length === 0) return;
  const carShare = Math.min(0.24, 0.64 / model.vehicles.length);
  flow.table(
    [
      { header: 'Vehicle coverage', share: 1 - carShare * model.vehicles.length },
      ...model.vehicles.map((vehicle) => ({ header: carLabel(vehicle), share: carShare })),
    ],
    names.map((name) => [name, ...model.vehicles.map((vehicle) => limitOf(vehicle.coverages, name))]),
  );
}

/** Miles of one term an Unlimited vehicle is priced for: half the yearly cap of a quote request (doc 3). */
const UNLIMITED_TERM_MILES = LIMITS.requestMilesCap / 2;

/**
 * Each vehicle's rates and what it is charged, as the rating engine priced it, with the vehicles' totals:
 * the monthly charges and the monthly fees make the estimated monthly payment, the term premiums the
 * estimated total written premium printed under "Fees and billing" (issue 20: an Unlimited car was printed
 * at its base rate alone while the totals charged it its Unlimited premium).
 */
function ratesSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Rates');
  const monthlyTotal = model.vehicles.reduce((sum, vehicle) => sum + vehicle.monthlyChargeCents, 0);
  const termTotal = model.vehicles.reduce((sum, vehicle) => sum + vehicle.termPremiumCents, 0);
  flow.table(
    [
      { header: 'Car', share: 0.06 },
      { header: 'Vehicle', share: 0.25 },
      { header: 'Plan', share: 0.14 },
      { header: 'Base rate per month', share: 0.14, align: 'right' },
      { header: 'Per-mile rate', share: 0.12, align: 'right' },
      { header: 'Charged per month', share: 0.14, align: 'right' },
      { header: 'Premium for the term', share: 0.15, align: 'right' },
    ],
    [
      ...model.vehicles.map((vehicle) => [
        String(vehicle.carNumber),
        vehicleTitle(vehicle),
        planName(vehicle.billingType),
        formatDollars(vehicle.baseRateDollars),
        formatPerMileRate(vehicle.perMileRateDollars),
        vehicle.billingType === 'per_mile' ? `${formatCents(vehicle.monthlyChargeCents)} (estimated)` : formatCents(vehicle.monthlyChargeCents),
        formatCents(vehicle.termPremiumCents),
      ]),
      ['', 'All vehicles', '', '', '', formatCents(monthlyTotal), formatCents(termTotal)],
    ],
  );
  const perMile = model.vehicles.some((vehicle) => vehicle.billingType === 'per_mile');
  const unlimited = model.vehicles.some((vehicle) => vehicle.billingType === 'capped');
  const sentences = [
    ...(perMile
      ? ['A Pay-Per-Mile vehicle is charged its base rate each month plus its per-mile rate for the miles its odometer photos ' +
          'show; its monthly charge above is estimated at the miles a month you told us.']
      : []),
    ...(unlimited
      ? [`An Unlimited vehicle is charged the same amount each month however far it is driven, with no mileage reporting: a ` +
          `sixth of its premium for the term, which is its base rate for six months plus its per-mile rate for ` +
          `${UNLIMITED_TERM_MILES.toLocaleString('en-US')} miles (half the ${LIMITS.requestMilesCap.toLocaleString('en-US')}-mile yearly cap).`]
      : []),
    'The vehicles\' premiums for the term make the estimated total written premium; their monthly charges and the monthly ' +
      'fees make the estimated monthly payment.',
  ];
  flow.paragraph(sentences.join(' '), 8);
  flow.space(8);
}

function feesAndBillingSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Fees and billing');
  if (model.fees.length > 0) {
    flow.table(
      [
        { header: 'Fee', share: 0.6 },
        { header: 'Amount', share: 0.2, align: 'right' },
        { header: 'Charged', share: 0.2 },
      ],
      model.fees.map((fee) => [fee.name, formatCents(fee.cents), `per ${fee.per}`]),
    );
  }
  const { billing } = model;
  flow.fields([
    { label: 'Billing plan', value: billingFrequencyName(billing.frequency) },
    { label: 'Pay plan', value: String(billing.payPlan) },
    { label: 'Down payment', value: formatCents(billing.downPaymentCents) },
    { label: 'Estimated monthly payment', value: formatCents(billing.estimatedMonthlyPaymentCents) },
    { label: 'Estimated total written premium', value: formatCents(billing.estimatedTotalWrittenCents) },
  ]);
}

function lienholdersSection(flow: PageFlow, model: PolicyDocumentModel): void {
  flow.heading('Lienholders and lessors');
  const financed = model.vehicles.filter((vehicle) => vehicle.lienholder !== null);
  if (financed.length === 0) {
    flow.paragraph('None on file.');
    flow.space(8);
    return;
  }
  flow.table(
    [
      { header: 'Car', share: 0.07 },
      { header: 'Vehicle', share: 0.28 },
      { header: 'Lienholder / loss payee', share: 0.3 },
      { header: 'Address', share: 0.35 },
    ],
    financed.map((vehicle) => [
      String(vehicle.carNumber),
      `${vehicleTitle(vehicle)} (${financingName(vehicle.financing).toLowerCase()})`,
      vehicle.lienholder!.name,
      oneLineAddress(vehicle.lienholder!),
    ]),
  );
}

/** What the declarations page and the application both set out, in the same order: who, what, how much. */
export function policyTermsSections(flow: PageFlow, model: PolicyDocumentModel): void {
  driversSection(flow, model);
  vehiclesSection(flow, model);
  coveragesSection(flow, model);
  ratesSection(flow, model);
  feesAndBillingSection(flow, model);
  lienholdersSection(flow, model);
}
