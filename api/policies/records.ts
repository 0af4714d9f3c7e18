/**
 * The policy aggregate (issue 20): the only module that reads and writes a policy's tables, policies,
 * policy_vehicles, policy_drivers, policy_coverages, lienholders, signatures, policy_status_changes and
 * delivery_consents (api/db/owners.ts holds it to that). Each function takes the connection or transaction it runs in. Written at bind from the priced
 * quote (`insertPolicy`), changed by issue, lienholders, reminders and a renewal coming into force, and read
 * whole as the `PolicyRecord`: what the documents, the account, statements, renewals and the operations page
 * read of a policy. The quote's JSON is the shopper's answers; the policy is these rows.
 *
 * Signatures live here, not in api/documents/: a signature is the policy's own record (the application of
 * the policy or of a renewal's term, and whether the policy may be issued), while api/documents/esign.ts is
 * the flow that shows, consents, stamps and stores the PDF and then records it here.
 */
import {
  LIMITS, toCents, type BillingFrequency, type LimitEntry, type PhoneEntry, type QuotePolicy, type QuoteRequest, type RequestAddress,
  type VehicleInfo,
} from '../../contract/index.ts';
import type { LienholderRequest } from '../../contract/api/lienholder.ts';
import type { Queryable } from '../db/db.ts';

export type PolicyStatus = 'BOUND' | 'ISSUED' | 'CANCELLED';

export interface PolicyVehicle {
  car_number: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  body_style: string;
  financing: string;
  billing_type: string;
  stated_value: number | null;
}

/** A vehicle as priced for the term in force (migration 020). */
export interface PricedPolicyVehicle extends PolicyVehicle {
  base_rate: number;
  per_mile_rate: number;
  est_monthly_miles: number | null;
  monthly_charge_cents: number;
  term_premium_cents: number;
}

export interface PolicyDriver {
  driverNumber: number;
  relation: string;
  status: string;
  firstName: string;
  lastName: string;
  middleInitial: string | null;
  /** YYYY-MM-DD */
  dob: string;
  licenseState: string | null;
  licenseNumber: string | null;
}

export interface PolicyCoverage {
  /** null: the policy's (all vehicles) */
  carNumber: number | null;
  /** doc 3's limit name: BI, PD, COMP ... */
  name: string;
  /** As the request carried it */
  limit: string;
  /** As the quote showed it on the vehicles (coverageInfo); null for a policy-wide one it did not show per vehicle */
  description: string | null;
  displayLimit: string | null;
  /** Its place in the quote's list of a vehicle's coverages (1-based) */
  position: number | null;
}

/**
 * A vehicle's lienholder as the request gave it (contract LienholderRequest), without the quote it came
 * with. `state` is the contract's state code going in; a row read back is a plain string, which this module
 * does not check again.
 */
export type Lienholder = Omit<LienholderRequest, 'quoteNumber' | 'state'> & { state: string };

export interface PolicyOwner {
  relation: string;
  firstName: string;
  lastName: string;
}

/** The policy row (the term in force). */
export interface PolicyRow {
  id: number;
  policyNumber: string;
  binderNumber: string;
  status: PolicyStatus;
  quoteId: number;
  paymentId: number;
  ratedState: string;
  rateTableVersion: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** YYYY-MM-DD */
  expirationDate: string;
  billingFrequency: BillingFrequency;
  payPlan: number;
  /** The term in force's first payment: charged at the bind, or the renewal's (plan 18: the first month; plan 21: the term's single payment) */
  downPaymentCents: number;
  estimatedMonthlyPaymentCents: number;
  estimatedTotalWrittenCents: number;
  emailLower: string;
  /** As the insured typed it */
  emailAddress: string;
  policyOwners: PolicyOwner[];
  mailingAddress: RequestAddress;
  garagingAddress: RequestAddress;
  phoneNumbers: PhoneEntry[];
  createdAt: Date;
}

/** A change of the policy's status, and when. */
export interface StatusChange {
  status: PolicyStatus;
  changedAt: Date;
  /** The status's own day where it has one: a cancellation's coverage ends at 12:01 a.m. on it (YYYY-MM-DD). */
  effectiveOn: string | null;
}

/** The read model of a policy, from its own rows only. */
export interface PolicyRecord extends PolicyRow {
  vehicles: PricedPolicyVehicle[];
  drivers: PolicyDriver[];
  coverages: PolicyCoverage[];
  lienholders: Lienholder[];
  /** The policy's own application is signed. */
  signed: boolean;
  /** Every status the policy has had, oldest first; the last is `status`. */
  statusHistory: StatusChange[];
  /** The consent to electronic delivery in force (its bills and notices go by e-mail), or null (they are posted). */
  deliveryConsent: DeliveryConsent | null;
}

interface Row {
  id: number;
  policy_number: string;
  binder_number: string;
  status: PolicyStatus;
  quote_id: number;
  payment_id: string;
  rated_state: string;
  rate_table_version: string;
  effective_date: string;
  expiration_date: string;
  billing_frequency: BillingFrequency;
  pay_plan: number;
  down_payment_cents: number;
  estimated_monthly_payment_cents: number;
  estimated_total_written_cents: number;
  email_lower: string;
  email_address: string;
  policy_owners: PolicyOwner[];
  mailing_address: RequestAddress;
  garaging_address: RequestAddress;
  phone_numbers: PhoneEntry[];
  created_at: Date;
}

const COLUMNS = `id, policy_number, binder_number, status, quote_id, payment_id::text AS payment_id, rated_state, rate_table_version,
  to_char(effective_date, 'YYYY-MM-DD') AS effective_date, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date,
  billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents, estimated_total_written_cents,
  email_lower, email_address, policy_owners, mailing_address, garaging_address, phone_numbers, created_at`;

const fromRow = (row: Row): PolicyRow => ({
  id: row.id,
  policyNumber: row.policy_number,
  binderNumber: row.binder_number,
  status: row.status,
  quoteId: row.quote_id,
  paymentId: Number(row.payment_id),
  ratedState: row.rated_state,
  rateTableVersion: row.rate_table_version,
  effectiveDate: row.effective_date,
  expirationDate: row.expiration_date,
  billingFrequency: row.billing_frequency,
  payPlan: row.pay_plan,
  downPaymentCents: row.down_payment_cents,
  estimatedMonthlyPaymentCents: row.estimated_monthly_payment_cents,
  estimatedTotalWrittenCents: row.estimated_total_written_cents,
  emailLower: row.email_lower,
  emailAddress: row.email_address,
  policyOwners: row.policy_owners,
  mailingAddress: row.mailing_address,
  garagingAddress: row.garaging_address,
  phoneNumbers: row.phone_numbers,
  createdAt: row.created_at,
});

/** The insured among the policy's owners (the first owner when none is marked INSURED). */
export const insuredOf = (policy: Pick<PolicyRow, 'policyOwners'>): PolicyOwner | undefined =>
  policy.policyOwners.find((owner) => owner.relation === 'INSURED') ?? policy.policyOwners[0];

// ---------------------------------------------------------------------------------------------- reads

/** The policy row `policyId`; `lock` takes it FOR UPDATE (one writer of its documents at a time). */
export async function policyById(db: Queryable, policyId: number, lock = false): Promise<PolicyRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [policyId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function policyByNumber(db: Queryable, policyNumber: string): Promise<PolicyRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE policy_number = $1`, [policyNumber]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The policy bought from quote `quoteId`, or null. */
export async function policyByQuote(db: Queryable, quoteId: number): Promise<PolicyRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE quote_id = $1`, [quoteId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The policy bought with payment `paymentId` (policies.payment_id), or null. */
export async function policyByPayment(db: Queryable, paymentId: number): Promise<PolicyRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE payment_id = $1`, [paymentId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The policies bought with e-mail address `emailLower`, oldest first (or the newest `newest` first). */
export async function policiesOfEmail(db: Queryable, emailLower: string, options: { newest?: number } = {}): Promise<PolicyRow[]> {
  const rows = options.newest === undefined
    ? await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE email_lower = $1 ORDER BY created_at, id`, [emailLower])
    : await db.query<Row>(`SELECT ${COLUMNS} FROM policies WHERE email_lower = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [emailLower, options.newest]);
  return rows.map(fromRow);
}

export async function policyNumberOf(db: Queryable, policyId: number): Promise<string | null> {
  const rows = await db.query<{ policy_number: string }>('SELECT policy_number FROM policies WHERE id = $1', [policyId]);
  return rows[0]?.policy_number ?? null;
}

/**
 * The parts of a policy kept in tables of their own, each as a query of one policy's rows in their order:
 * read one at a time (partRows) or all with the policy in one statement (readPolicyRecord).
 */
interface RecordPart {
  columns: string;
  from: string;
  order: string;
}

const VEHICLES: RecordPart = {
  columns: `car_number, vin, year, make, model, body_style, financing, billing_type, stated_value,
            base_rate::float8 AS base_rate, per_mile_rate::float8 AS per_mile_rate, est_monthly_miles, monthly_charge_cents, term_premium_cents`,
  from: 'policy_vehicles WHERE policy_id = $policy',
  order: 'car_number',
};
const DRIVERS: RecordPart = {
  columns: `driver_number, relation, status, first_name, last_name, middle_initial, to_char(dob, 'YYYY-MM-DD') AS dob, license_state, license_number`,
  from: 'policy_drivers WHERE policy_id = $policy',
  order: 'driver_number',
};
/** The limits as priced: the policy's first (car_number NULL), then each vehicle's in the order the quote showed them. */
const COVERAGES: RecordPart = {
  columns: 'car_number, name, limit_value, description, display_limit, position',
  from: 'policy_coverages WHERE policy_id = $policy',
  order: 'car_number NULLS FIRST, position NULLS LAST, name',
};
const LIENHOLDERS: RecordPart = {
  columns: 'car_number, name, address, city, state, zip, phone_number',
  from: 'lienholders WHERE policy_id = $policy',
  order: 'car_number',
};
const STATUS_HISTORY: RecordPart = {
  columns: `status, changed_at, to_char(effective_on, 'YYYY-MM-DD') AS effective_on`,
  from: 'policy_status_changes WHERE policy_id = $policy',
  order: 'changed_at, id',
};
/** The consent in force is the newest not withdrawn. */
const DELIVERY_CONSENTS: RecordPart = {
  columns: 'channel, consent_text, consented_at',
  from: `delivery_consents WHERE policy_id = $policy AND channel = 'email' AND withdrawn_at IS NULL`,
  order: 'consented_at DESC, id DESC',
};

/** Part `part` of policy `policyId`, in its order. */
async function partRows<T extends object>(db: Queryable, part: RecordPart, policyId: number): Promise<T[]> {
  return db.query<T>(`SELECT ${part.columns} FROM ${part.from.replace('$policy', '$1')} ORDER BY ${part.order}`, [policyId]);
}

/** Part `part` of the policy `p` in the enclosing query, as a JSON array in its order. */
function partJson(part: RecordPart): string {
  return `(SELECT COALESCE(json_agg(row_to_json(r) ORDER BY r.ordinal), '[]'::json)
           FROM (SELECT ${part.columns}, row_number() OVER (ORDER BY ${part.order}) AS ordinal FROM ${part.from.replace('$policy', 'p.id')}) AS r)`;
}

/** The policy's vehicles in car-number order, with their rates and charges for the term in force. */
export async function vehiclesOf(db: Queryable, policyId: number): Promise<PricedPolicyVehicle[]> {
  return partRows<PricedPolicyVehicle>(db, VEHICLES, policyId);
}

/** '2021 Porsche 911': how a vehicle is named in mail and on the operations page. */
export const vehicleName = (vehicle: Pick<PolicyVehicle, 'year' | 'make' | 'model'>): string => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** When the policy of vehicle `carNumber` was bound, or null when the policy has no such vehicle. */
export async function vehicleBoundAt(db: Queryable, policyId: number, carNumber: number): Promise<Date | null> {
  const rows = await db.query<{ bound_at: Date }>(
    `SELECT p.created_at AS bound_at FROM policies p JOIN policy_vehicles v ON v.policy_id = p.id AND v.car_number = $2 WHERE p.id = $1`,
    [policyId, carNumber],
  );
  return rows[0]?.bound_at ?? null;
}

interface DriverRow {
  driver_number: number; relation: string; status: string; first_name: string; last_name: string; middle_initial: string | null;
  dob: string; license_state: string | null; license_number: string | null;
}

const driverOf = (row: DriverRow): PolicyDriver => ({
  driverNumber: row.driver_number, relation: row.relation, status: row.status, firstName: row.first_name, lastName: row.last_name,
  middleInitial: row.middle_initial, dob: row.dob, licenseState: row.license_state, licenseNumber: row.license_number,
});

interface CoverageRow { car_number: number | null; name: string; limit_value: string; description: string | null; display_limit: string | null; position: number | null }

const coverageOf = (row: CoverageRow): PolicyCoverage => ({
  carNumber: row.car_number, name: row.name, limit: row.limit_value, description: row.description, displayLimit: row.display_limit, position: row.position,
});

interface LienholderRow { car_number: number; name: string; address: string; city: string; state: string; zip: string; phone_number: string }

const lienholderOfRow = (row: LienholderRow): Lienholder => ({
  carNumber: row.car_number, name: row.name, address: row.address, city: row.city, state: row.state, zip: row.zip, phoneNumber: row.phone_number,
});

/** One vehicle's lienholder on record, or null. */
export async function lienholderOf(db: Queryable, policyId: number, carNumber: number): Promise<Lienholder | null> {
  return (await partRows<LienholderRow>(db, LIENHOLDERS, policyId)).map(lienholderOfRow).find((lienholder) => lienholder.carNumber === carNumber) ?? null;
}

interface StatusRow { status: PolicyStatus; changed_at: Date | string; effective_on: string | null }

/** A time read as JSON (the record's one statement) is text: both become a Date. */
const statusChangeOf = (row: StatusRow): StatusChange => ({ status: row.status, changedAt: new Date(row.changed_at), effectiveOn: row.effective_on });

/**
 * The coverages printed and shown on vehicle `carNumber`, in the order the quote showed them: its own limits,
 * then the policy-wide ones the quote showed on each vehicle (a vehicle's own limit of a name wins). A
 * policy-wide limit the quote did not show per vehicle (no description) is the policy's own line.
 */
export function coveragesShownOn(record: Pick<PolicyRecord, 'coverages'>, carNumber: number): PolicyCoverage[] {
  const shown = record.coverages.filter((coverage) => coverage.description !== null);
  const own = shown.filter((coverage) => coverage.carNumber === carNumber);
  return [...own, ...shown.filter((coverage) => coverage.carNumber === null && !own.some((mine) => mine.name === coverage.name))]
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER));
}

/** The whole policy from its own rows, in one statement; null when there is no such policy. */
export async function readPolicyRecord(db: Queryable, policyId: number): Promise<PolicyRecord | null> {
  const rows = await db.query<Row & {
    vehicles: PricedPolicyVehicle[]; drivers: DriverRow[]; coverages: CoverageRow[]; lienholders: LienholderRow[]; signed: boolean;
    status_history: StatusRow[]; delivery_consents: ConsentRow[];
  }>(
    `SELECT ${COLUMNS}, ${partJson(VEHICLES)} AS vehicles, ${partJson(DRIVERS)} AS drivers, ${partJson(COVERAGES)} AS coverages,
            ${partJson(LIENHOLDERS)} AS lienholders, ${partJson(STATUS_HISTORY)} AS status_history, ${partJson(DELIVERY_CONSENTS)} AS delivery_consents,
            EXISTS (SELECT 1 FROM signatures WHERE policy_id = p.id AND renewal_id IS NULL) AS signed
     FROM policies p WHERE p.id = $1`,
    [policyId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...fromRow(row),
    // each part's rows without the ordinal their array was ordered by
    vehicles: row.vehicles.map(({ ordinal: _ordinal, ...vehicle }: PricedPolicyVehicle & { ordinal?: number }) => vehicle),
    drivers: row.drivers.map(driverOf),
    coverages: row.coverages.map(coverageOf),
    lienholders: row.lienholders.map(lienholderOfRow),
    signed: row.signed,
    statusHistory: row.status_history.map(statusChangeOf),
    deliveryConsent: row.delivery_consents[0] ? consentOf(row.delivery_consents[0]) : null,
  };
}

/**
 * The buyer's consent to receive the policy's bills and notices by e-mail instead of by post (migration 026),
 * with the exact words they agreed to (contract ELECTRONIC_DELIVERY_CONSENT as shown then) and when.
 */
export interface DeliveryConsent {
  channel: 'email';
  consentText: string;
  consentedAt: Date;
}

/** Records a consent given at the bind, in the transaction that writes the policy. */
export async function recordDeliveryConsent(tx: Queryable, policyId: number, consent: DeliveryConsent): Promise<void> {
  await tx.query(
    'INSERT INTO delivery_consents (policy_id, channel, consent_text, consented_at) VALUES ($1, $2, $3, $4)',
    [policyId, consent.channel, consent.consentText, consent.consentedAt],
  );
}

/**
 * The consent to electronic delivery in force for the policy, or null: none was given (or the policy was
 * bound before migration 026), or it was withdrawn. Without one, its notices are posted (api/notices/).
 */
export async function deliveryConsentOf(db: Queryable, policyId: number): Promise<DeliveryConsent | null> {
  const [row] = await partRows<ConsentRow>(db, DELIVERY_CONSENTS, policyId);
  return row ? consentOf(row) : null;
}

interface ConsentRow { channel: 'email'; consent_text: string; consented_at: Date | string }

const consentOf = (row: ConsentRow): DeliveryConsent => ({ channel: row.channel, consentText: row.consent_text, consentedAt: new Date(row.consented_at) });

/** What the account's card page needs of a policy: its number, how it is billed and where its mail goes. */
export interface PolicyBilling {
  policyNumber: string;
  billingFrequency: BillingFrequency;
  emailLower: string;
}

export async function billingOf(db: Queryable, policyId: number, lock = false): Promise<PolicyBilling | null> {
  const policy = await policyById(db, policyId, lock);
  return policy ? { policyNumber: policy.policyNumber, billingFrequency: policy.billingFrequency, emailLower: policy.emailLower } : null;
}

/** The INSURED owners of the policies bought with `emailLower` (the personal-password check's names). */
export async function insuredOwnersOfEmail(db: Queryable, emailLower: string): Promise<PolicyOwner[]> {
  return (await policiesOfEmail(db, emailLower)).flatMap((policy) => policy.policyOwners.filter((owner) => owner.relation === 'INSURED'));
}

/** ISSUED policies whose term ends after `after` and on or before `until` (YYYY-MM-DD), soonest first. */
export async function issuedPoliciesEnding(db: Queryable, after: string, until: string): Promise<PolicyRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM policies
     WHERE status = 'ISSUED' AND expiration_date > $1::date AND expiration_date <= $2::date
     ORDER BY expiration_date, id`,
    [after, until],
  );
  return rows.map(fromRow);
}

/** A policy's term in force, as the billing cycle reads it (api/billing/). */
export interface TermInForceOn {
  policyId: number;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** YYYY-MM-DD */
  expirationDate: string;
}

/**
 * The terms in force on `day` (YYYY-MM-DD) of bound or issued policies, oldest policy first: a bound policy
 * is billed whether or not it is issued, its coverage being in force (issue 21, item 1).
 */
export async function termsInForceOn(db: Queryable, day: string): Promise<TermInForceOn[]> {
  const rows = await db.query<{ id: number; effective_date: string; expiration_date: string }>(
    `SELECT id, to_char(effective_date, 'YYYY-MM-DD') AS effective_date, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date
     FROM policies WHERE status IN ('BOUND', 'ISSUED') AND effective_date <= $1::date AND expiration_date > $1::date
     ORDER BY id`,
    [day],
  );
  return rows.map((row) => ({ policyId: row.id, effectiveDate: row.effective_date, expirationDate: row.expiration_date }));
}

/**
 * BOUND policies with a reminder due at `now`: reminder n (0-based) falls `days[n]` days after the bind.
 * Returns each with how many it has had.
 */
export async function policiesDueReminder(db: Queryable, days: readonly [number, number], now: Date, limit = 500): Promise<{ id: number; reminders: number }[]> {
  return db.query<{ id: number; reminders: number }>(
    `SELECT id, onboarding_reminders AS reminders FROM policies
     WHERE status = 'BOUND' AND onboarding_reminders < $1
       AND created_at <= $2::timestamptz - make_interval(days => (ARRAY[$3::int, $4::int])[onboarding_reminders + 1])
     ORDER BY id LIMIT $5`,
    [days.length, now, days[0], days[1], limit],
  );
}

// ---------------------------------------------------------------------------------------------- writes

export interface NewPolicy {
  policyNumber: string;
  binderNumber: string;
  quoteId: number;
  paymentId: number;
  ratedState: string;
  rateTableVersion: string;
  billingFrequency: BillingFrequency;
  payPlan: number;
  downPaymentCents: number;
  emailLower: string;
  request: QuoteRequest;
  answer: QuotePolicy;
}

/**
 * A bound policy with its vehicles (as priced), drivers and coverages, from the priced quote (doc 3
 * section 3's entries), and its first status: one statement, as one round trip to the database (a bind's
 * transaction is made of them); null when the policy or binder number is taken (the caller draws again),
 * and then nothing else is written either. The child rows go as JSON read into each table's own row type
 * (json_populate_recordset), so every value takes its column's type.
 */
export async function insertPolicy(tx: Queryable, policy: NewPolicy, now: Date): Promise<{ id: number; policyNumber: string; binderNumber: string } | null> {
  const { request, answer } = policy;
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;
  const garaging = request.addresses.find((address) => address.type === 'Garaging') ?? mailing;
  const records = policyRecords(request, answer);
  const rows = await tx.query<{ id: number; policy_number: string; binder_number: string }>(
    `WITH policy AS (
       INSERT INTO policies (policy_number, binder_number, quote_id, payment_id, rated_state, rate_table_version,
                             effective_date, expiration_date, billing_frequency, pay_plan, down_payment_cents,
                             estimated_monthly_payment_cents, estimated_total_written_cents, email_lower,
                             policy_owners, mailing_address, created_at, email_address, garaging_address, phone_numbers)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17, $18, $19::jsonb, $20::jsonb)
       ON CONFLICT (policy_number) DO NOTHING
       RETURNING id, policy_number, binder_number
     ), status AS (
       INSERT INTO policy_status_changes (policy_id, status, changed_at) SELECT id, 'BOUND', $17 FROM policy
     ), vehicles AS (
       INSERT INTO policy_vehicles (policy_id, car_number, vin, year, make, model, body_style, financing, billing_type, stated_value,
                                    base_rate, per_mile_rate, est_monthly_miles, monthly_charge_cents, term_premium_cents)
       SELECT policy.id, v.car_number, v.vin, v.year, v.make, v.model, v.body_style, v.financing, v.billing_type, v.stated_value,
              v.base_rate, v.per_mile_rate, v.est_monthly_miles, v.monthly_charge_cents, v.term_premium_cents
       FROM policy, json_populate_recordset(NULL::policy_vehicles, $21::json) AS v
     ), coverages AS (
       INSERT INTO policy_coverages (policy_id, car_number, name, limit_value, description, display_limit, position)
       SELECT policy.id, c.car_number, c.name, c.limit_value, c.description, c.display_limit, c.position
       FROM policy, json_populate_recordset(NULL::policy_coverages, $22::json) AS c
       ON CONFLICT DO NOTHING
     ), drivers AS (
       INSERT INTO policy_drivers (policy_id, driver_number, relation, status, first_name, last_name, dob, license_state, license_number, middle_initial)
       SELECT policy.id, d.driver_number, d.relation, d.status, d.first_name, d.last_name, d.dob, d.license_state, d.license_number, d.middle_initial
       FROM policy, json_populate_recordset(NULL::policy_drivers, $23::json) AS d
     )
     SELECT id, policy_number, binder_number FROM policy`,
    [
      policy.policyNumber, policy.binderNumber, policy.quoteId, policy.paymentId, policy.ratedState, policy.rateTableVersion,
      answer.effectiveDate,
      // the request rule fills it in: the effective date plus the 6-month term
      request.expirationDate,
      policy.billingFrequency, policy.payPlan, policy.downPaymentCents,
      toCents(answer.estimatedMonthlyPayment), toCents(answer.estimatedTotalWritten),
      policy.emailLower, JSON.stringify(answer.policyOwners), JSON.stringify(mailing), now,
      request.emailAddress, JSON.stringify(garaging), JSON.stringify(request.phoneNumbers),
      JSON.stringify(records.vehicles), JSON.stringify(records.coverages), JSON.stringify(records.drivers),
    ],
  );
  const row = rows[0];
  return row ? { id: row.id, policyNumber: row.policy_number, binderNumber: row.binder_number } : null;
}

/**
 * A priced vehicle's charges as the rating engine made them (api/rating/README.md, "How a price is built"):
 * its estimated monthly cost without fees (estMonthlyNoFee: base + per mile x estimated miles; for
 * Unlimited, exactly a sixth of the 6-month Unlimited premium) and its premium for the term (Unlimited:
 * that premium; Pay-Per-Mile: six estimated months): the figures the policy's totals add up.
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

/** The policy's vehicles, coverages and drivers as rows of their tables (column names as keys), without the policy's id. */
function policyRecords(request: QuoteRequest, answer: QuotePolicy) {
  const vehicles = request.vehicles.map((vehicle, index) => {
    const info = answer.vehicleInfo[index];
    const charges = vehicleCharges(info, vehicle.billingType === 'capped');
    return {
      car_number: info?.carNumber ?? index + 1, vin: vehicle.vin, year: info?.year ?? 0, make: info?.make ?? '', model: info?.model ?? '',
      body_style: info?.bodyStyle ?? '', financing: vehicle.financing, billing_type: vehicle.billingType, stated_value: Number(vehicle.statedValue) || null,
      base_rate: info?.premiumInfo.baseRate ?? 0, per_mile_rate: info?.premiumInfo.perMileRate ?? 0, est_monthly_miles: info?.premiumInfo.estMonthlyMiles ?? null,
      monthly_charge_cents: charges.monthlyChargeCents, term_premium_cents: charges.termPremiumCents,
    };
  });
  const coverages = [
    ...request.vehicles.flatMap((vehicle, index) => coverageRows(vehicles[index]!.car_number, vehicle.coverageLimits, answer.vehicleInfo[index])),
    // policy-wide limits as the quote showed them on each vehicle (the first one's wording)
    ...coverageRows(null, request.limits, answer.vehicleInfo[0]),
  ];
  const drivers = request.drivers.map((driver, index) => ({
    driver_number: index + 1, relation: driver.relation, status: driver.status, first_name: driver.firstName, last_name: driver.lastName, dob: driver.dob,
    license_state: driver.licenseState || null, license_number: driver.licenseNum || null, middle_initial: driver.middleInitial || null,
  }));
  return { vehicles, coverages, drivers };
}

/** A vehicle's limits (or the policy's, `carNumber` null) with the wording and order the quote showed them in. */
function coverageRows(carNumber: number | null, limits: readonly LimitEntry[], shown: VehicleInfo | undefined) {
  const coverageInfo = shown?.coverageInfo ?? [];
  return limits.map((limit) => {
    const showing = coverageInfo.findIndex((coverage) => coverage.coverageName === limit.name);
    return {
      car_number: carNumber, name: limit.name, limit_value: limit.limit, description: coverageInfo[showing]?.coverageDescription ?? null,
      display_limit: coverageInfo[showing]?.displayLimit ?? null, position: showing >= 0 ? showing + 1 : null,
    };
  });
}

/** A status change in the history; the caller writes policies.status in the same transaction. */
async function recordStatus(tx: Queryable, policyId: number, status: PolicyStatus, now: Date, effectiveOn: string | null = null): Promise<void> {
  await tx.query('INSERT INTO policy_status_changes (policy_id, status, changed_at, effective_on) VALUES ($1, $2, $3, $4::date)', [policyId, status, now, effectiveOn]);
}

/** The day a cancelled policy ended (YYYY-MM-DD), or null when it is not cancelled. */
export async function cancelledOnOf(db: Queryable, policyId: number): Promise<string | null> {
  const rows = await db.query<{ effective_on: string | null }>(
    `SELECT to_char(c.effective_on, 'YYYY-MM-DD') AS effective_on FROM policy_status_changes c JOIN policies p ON p.id = c.policy_id
     WHERE c.policy_id = $1 AND p.status = 'CANCELLED' AND c.status = 'CANCELLED' ORDER BY c.changed_at DESC, c.id DESC LIMIT 1`,
    [policyId],
  );
  return rows[0]?.effective_on ?? null;
}

/**
 * Cancels the policy from `cancelledOn` (coverage ends at 12:01 a.m. that day), from BOUND or ISSUED; false
 * when it was cancelled already. The term in force ends on that day: nothing is billed after it.
 */
export async function markCancelled(tx: Queryable, policyId: number, cancelledOn: string, now: Date): Promise<boolean> {
  const rows = await tx.query(`UPDATE policies SET status = 'CANCELLED' WHERE id = $1 AND status IN ('BOUND', 'ISSUED') RETURNING id`, [policyId]);
  if (rows.length === 0) return false;
  await recordStatus(tx, policyId, 'CANCELLED', now, cancelledOn);
  return true;
}

/** BOUND to ISSUED; the insured's e-mail (lower case) when this call made the change, else null. */
export async function markIssued(tx: Queryable, policyId: number, now: Date): Promise<string | null> {
  const rows = await tx.query<{ email: string }>(
    `UPDATE policies SET status = 'ISSUED' WHERE id = $1 AND status = 'BOUND' RETURNING email_lower AS email`,
    [policyId],
  );
  if (!rows[0]) return null;
  await recordStatus(tx, policyId, 'ISSUED', now);
  return rows[0].email;
}

/** Counts reminder `already + 1` of the policy; false when another sweep counted it first. */
export async function countReminder(tx: Queryable, policyId: number, already: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE policies SET onboarding_reminders = onboarding_reminders + 1 WHERE id = $1 AND onboarding_reminders = $2 RETURNING id`,
    [policyId, already],
  );
  return rows.length > 0;
}

/** The next term of a renewal, priced: its dates, table and answer. */
export interface TermInForce {
  /** YYYY-MM-DD, the day the term in force ends today */
  termStart: string;
  termEnd: string;
  rateTableVersion: string;
  answer: QuotePolicy;
}

/**
 * The policy moves to its renewed term: the row's dates, table and billing (the first payment on the
 * policy's plan, the estimates), and each vehicle's rates and charges as the renewal priced them. Only from
 * the term it continues (ending on termStart): false otherwise.
 */
export async function moveToTerm(tx: Queryable, policyId: number, term: TermInForce): Promise<boolean> {
  const { answer } = term;
  const moved = await tx.query(
    `UPDATE policies SET effective_date = $2::date, expiration_date = $3::date, rate_table_version = $4,
       down_payment_cents = CASE WHEN billing_frequency = 'monthly' THEN $5::integer ELSE $6::integer END,
       estimated_monthly_payment_cents = $7, estimated_total_written_cents = $8
     WHERE id = $1 AND expiration_date = $2::date RETURNING id`,
    [policyId, term.termStart, term.termEnd, term.rateTableVersion, toCents(answer.downPaymentMonthly), toCents(answer.downPaymentSingle),
      toCents(answer.estimatedMonthlyPayment), toCents(answer.estimatedTotalWritten)],
  );
  if (moved.length !== 1) return false;
  for (const vehicle of await vehiclesOf(tx, policyId)) {
    const info = term.answer.vehicleInfo.find((entry) => entry.carNumber === vehicle.car_number);
    if (!info) continue;
    const charges = vehicleCharges(info, vehicle.billing_type === 'capped');
    await tx.query(
      `UPDATE policy_vehicles SET base_rate = $3, per_mile_rate = $4, est_monthly_miles = $5, monthly_charge_cents = $6, term_premium_cents = $7
       WHERE policy_id = $1 AND car_number = $2`,
      [policyId, vehicle.car_number, info.premiumInfo.baseRate, info.premiumInfo.perMileRate, info.premiumInfo.estMonthlyMiles ?? null,
        charges.monthlyChargeCents, charges.termPremiumCents],
    );
  }
  return true;
}

/** Vehicle `carNumber` of the policy and how it is owned; null when the policy has no such vehicle. */
export async function vehicleFinancing(db: Queryable, policyId: number, carNumber: number): Promise<{ financing: string } | null> {
  const rows = await db.query<{ financing: string }>(
    'SELECT financing FROM policy_vehicles WHERE policy_id = $1 AND car_number = $2',
    [policyId, carNumber],
  );
  return rows[0] ?? null;
}

/** The lienholder of a vehicle, kept or replaced (the newest one given is the one on record). */
export async function saveLienholderRow(tx: Queryable, policyId: number, lienholder: Lienholder, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO lienholders (policy_id, car_number, name, address, city, state, zip, phone_number, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (policy_id, car_number) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address, city = EXCLUDED.city,
       state = EXCLUDED.state, zip = EXCLUDED.zip, phone_number = EXCLUDED.phone_number, updated_at = EXCLUDED.updated_at`,
    [policyId, lienholder.carNumber, lienholder.name, lienholder.address, lienholder.city, lienholder.state, lienholder.zip, lienholder.phoneNumber, now],
  );
}

// ---------------------------------------------------------------------------------------------- signatures

/** An application's electronic signature (ESIGN Act, UETA): consent, intent, association and retention. */
export interface NewSignature {
  policyId: number;
  /** null: the policy's own application; else the renewal whose application was signed */
  renewalId: number | null;
  applicationDocumentId: number;
  signedDocumentId: number;
  signerName: string;
  consentText: string;
  consentedAt: Date;
  signedAt: Date;
  documentSha256: string;
  ipAddress: string;
  userAgent: string;
}

export interface KeptSignature {
  signedAt: Date;
  signedDocumentId: number;
}

/** Records a signature; false when that application was signed already (one signature each). */
export async function insertSignature(tx: Queryable, signature: NewSignature): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO signatures (policy_id, renewal_id, application_document_id, signed_document_id, signer_name, consent_text,
                             consented_at, signed_at, document_sha256, ip_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      signature.policyId, signature.renewalId, signature.applicationDocumentId, signature.signedDocumentId, signature.signerName,
      signature.consentText, signature.consentedAt, signature.signedAt, signature.documentSha256, signature.ipAddress, signature.userAgent,
    ],
  );
  return rows.length > 0;
}

/** The signature of the policy's own application, or null while it is unsigned. */
export async function signatureOf(db: Queryable, policyId: number): Promise<KeptSignature | null> {
  const rows = await db.query<{ signed_at: Date; signed_document_id: string }>(
    'SELECT signed_at, signed_document_id::text AS signed_document_id FROM signatures WHERE policy_id = $1 AND renewal_id IS NULL',
    [policyId],
  );
  return rows[0] ? { signedAt: rows[0].signed_at, signedDocumentId: Number(rows[0].signed_document_id) } : null;
}

/** The signature of renewal `renewalId`'s application, or null while it is unsigned. */
export async function renewalSignatureOf(db: Queryable, renewalId: number): Promise<KeptSignature | null> {
  const rows = await db.query<{ signed_at: Date; signed_document_id: string }>(
    'SELECT signed_at, signed_document_id::text AS signed_document_id FROM signatures WHERE renewal_id = $1',
    [renewalId],
  );
  return rows[0] ? { signedAt: rows[0].signed_at, signedDocumentId: Number(rows[0].signed_document_id) } : null;
}
