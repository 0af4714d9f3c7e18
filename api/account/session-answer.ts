/**
 * What a signed-in person sees of their account (doc 1 section 3 "Policy (as read by the account)"): the
 * answer of a login, a session check and a Save My Quote, `{ user, policies }`, and the one check every
 * account route makes before it touches a policy (`ownPolicyId`).
 *
 * Whose policies: an account owns the policies bought with its e-mail address, once the account has shown
 * it owns that mailbox (confirmed through the confirmation, reset, setup or magic link). Its saved quotes
 * are those Save My Quote put in account_quotes (the route saves only quotes made with the account's own
 * address). Nothing is found by an id the caller sends without passing through these two rules.
 *
 * A policy is read from its own rows (api/policies/records.ts's PolicyRecord): the term in force's dates,
 * status, owners, addresses, drivers, and each vehicle as bound with its rates and coverages as priced; the
 * account adds its ID card and each vehicle's picture entries. A saved quote is the quote's answer as priced.
 * Neither carries more than the account shows: a driver's licence number goes out as its last four
 * characters, the request a quote was priced from not at all.
 */
import type { Policy, QuotePolicy, RequestAddress, SessionResponse, VehicleInfo } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { accountProfileById, credentialsById } from '../auth/accounts.ts';
import { newestDocuments } from '../documents/store.ts';
import { coveragesShownOn, policiesOfEmail, policyByNumber, readPolicyRecord, type PolicyRecord } from '../policies/records.ts';
import { quoteNumberById, savedQuotesOf } from '../quotes/store.ts';
import { vehicleImageFor } from '../vehicle/picture.ts';

/** The dashboard's ID card (GET /api/user/id_card/:policyNumber, answered only to the policy's account). */
const accountIdCardPath = (policyNumber: string): string => `/api/user/id_card/${encodeURIComponent(policyNumber)}`;

export interface AccountIdentity {
  id: number;
  emailLower: string;
  firstName: string;
  lastName: string;
  confirmed: boolean;
}

export async function accountById(db: Queryable, accountId: number): Promise<AccountIdentity | null> {
  const account = await accountProfileById(db, accountId);
  return account && { id: account.id, emailLower: account.emailLower, firstName: account.firstName ?? '', lastName: account.lastName ?? '', confirmed: account.confirmed };
}

/**
 * The id of policy `policyNumber` when it is the account's own, else null: the same null for another
 * person's policy and for one that does not exist, so no answer tells them apart.
 */
export async function ownPolicyId(db: Queryable, accountId: number, policyNumber: string): Promise<number | null> {
  const account = await credentialsById(db, accountId);
  if (!account?.confirmed) return null;
  const policy = await policyByNumber(db, policyNumber);
  return policy && policy.emailLower === account.emailLower ? policy.id : null;
}

/**
 * The priced quote's fields the account shows; the request it was priced from (licence numbers, answers of
 * every step) stays out of the session answer.
 */
function shown(priced: QuotePolicy): Omit<QuotePolicy, 'quoteRequest'> {
  const { quoteRequest: _request, ...rest } = priced;
  return rest;
}

function withPicture(vehicle: VehicleInfo, now: Date): VehicleInfo {
  return { ...vehicle, vehicleImageResponse: vehicleImageFor(vehicle.vin, vehicle.year, vehicle.model, now) };
}

const cents = (amount: number): number => amount / 100;

const addressInfo = (addressType: RequestAddress['type'], address: RequestAddress) => ({
  addressType, streetName: address.streetName, city: address.city, state: address.state, zip: address.zip,
});

const sameAddress = (a: RequestAddress, b: RequestAddress): boolean =>
  a.streetName === b.streetName && a.city === b.city && a.state === b.state && a.zip === b.zip;

/** The bound vehicles of the policy in the account's shape: as priced for the term in force, with pictures. */
function vehiclesShown(record: PolicyRecord, now: Date): VehicleInfo[] {
  return record.vehicles.map((vehicle) => {
    const capped = vehicle.billing_type === 'capped';
    return withPicture(
      {
        id: `${record.id}-${vehicle.car_number}`,
        carNumber: vehicle.car_number,
        vin: vehicle.vin.trim(),
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        bodyStyle: vehicle.body_style,
        billingType: vehicle.billing_type,
        // an Unlimited vehicle's 6-month premium; a Pay-Per-Mile one pays by the mile
        unlimitedRate: capped ? cents(vehicle.term_premium_cents) : null,
        premiumInfo: {
          baseRate: vehicle.base_rate,
          perMileRate: vehicle.per_mile_rate,
          ...(vehicle.est_monthly_miles === null ? {} : { estMonthlyMiles: vehicle.est_monthly_miles }),
          estMonthlyNoFee: cents(vehicle.monthly_charge_cents),
        },
        coverageInfo: coveragesShownOn(record, vehicle.car_number).map((coverage) => ({
          coverageName: coverage.name,
          coverageDescription: coverage.description!,
          displayLimit: coverage.displayLimit ?? coverage.limit,
        })),
      },
      now,
    );
  });
}

/** A bound or issued policy as the account reads it (doc 1 section 3), from its own rows. */
async function accountPolicy(db: Queryable, record: PolicyRecord, now: Date): Promise<Policy> {
  // a cancelled policy insures nothing: its ID card is no longer offered
  const cancelled = record.status === 'CANCELLED';
  const hasCard = !cancelled && (await newestDocuments(db, record.id)).some((document) => document.kind === 'card');
  return {
    policyNumber: record.policyNumber,
    // the day the term ends is the day the next one would start: the renewal date
    renewalDate: record.expirationDate,
    policyStatus: record.status,
    fromQuoteNumber: await quoteNumberById(db, record.quoteId),
    emailAddress: record.emailLower,
    policyOwners: record.policyOwners,
    // the garaging address only where the vehicles are kept somewhere else than the mail goes
    addressInfo: [
      addressInfo('Mailing', record.mailingAddress),
      ...(sameAddress(record.garagingAddress, record.mailingAddress) ? [] : [addressInfo('Garaging', record.garagingAddress)]),
    ],
    driverInfo: record.drivers.map((driver) => ({
      driverNumber: driver.driverNumber,
      firstName: driver.firstName,
      lastName: driver.lastName,
      dob: driver.dob,
      // the account shows a licence by its last four characters: it is sent no more of it
      ...(driver.licenseNumber ? { licenseNumber: driver.licenseNumber.slice(-4) } : {}),
    })),
    insuranceInfo: hasCard ? { insuranceCardUri: accountIdCardPath(record.policyNumber) } : null,
    vehicleInfo: vehiclesShown(record, now),
    cancelledOn: cancelled ? (record.statusHistory.at(-1)?.effectiveOn ?? null) : null,
  };
}

/** The account's bound and issued policies, then its saved quotes, in the doc 1 section 3 shape. */
async function accountPolicies(db: Queryable, account: AccountIdentity, now: Date): Promise<Policy[]> {
  const policies: Policy[] = [];
  if (account.confirmed) {
    for (const row of await policiesOfEmail(db, account.emailLower)) {
      const record = await readPolicyRecord(db, row.id);
      if (record) policies.push(await accountPolicy(db, record, now));
    }
  }
  for (const saved of await savedQuotesOf(db, account.id)) {
    policies.push({
      ...shown(saved.answer),
      policyNumber: saved.quoteNumber,
      renewalDate: null,
      // a saved quote reads as QUOTE even once bought: the bought policy names it as fromQuoteNumber, and
      // doc 1's lookup list leaves such quotes out
      policyStatus: 'QUOTE',
      fromQuoteNumber: null,
      emailAddress: saved.emailLower,
      insuranceInfo: null,
      vehicleInfo: saved.answer.vehicleInfo.map((v) => withPicture(v, now)),
    });
  }
  return policies;
}

/** `{ user, policies }` for the account, or null when the account is gone (its sessions are then void too). */
export async function sessionAnswer(db: Queryable, accountId: number, now: Date): Promise<SessionResponse | null> {
  const account = await accountById(db, accountId);
  if (!account) return null;
  const policies = await accountPolicies(db, account, now);
  // an account made at sign-up knows no name: the insured of its first policy or quote gives it
  const insured = policies.flatMap((p) => p.policyOwners).find((o) => o.relation === 'INSURED');
  return {
    user: {
      firstName: account.firstName || insured?.firstName || '',
      lastName: account.lastName || insured?.lastName || '',
      emailAddress: account.emailLower,
    },
    policies,
  };
}
