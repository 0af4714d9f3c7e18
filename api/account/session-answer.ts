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
 * A policy's shape is the term in force as priced: the quote it was bought from, or the renewal that took its
 * place (policies.term_answer, api/renewals/terms.ts). Both are quote responses, which already carry owners,
 * addresses, drivers and vehicles with their rates and coverages; the policy adds its own number, status,
 * renewal date and ID card, the vehicles as bound, and each vehicle's picture entries.
 */
import type { Policy, QuotePolicy, SessionResponse, VehicleInfo } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { accountProfileById, credentialsById } from '../auth/accounts.ts';
import { newestDocuments } from '../documents/store.ts';
import { policiesOfEmail, policyByNumber, vehiclesOfPolicies, type PolicyVehicle } from '../policies/records.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import { vehicleImageFor } from '../vehicle/picture.ts';
import { savedQuotesOf } from '../quotes/store.ts';

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

/** The priced vehicle of the quote that matches a bound vehicle (by car number, else VIN), as bound. */
function boundVehicle(priced: readonly VehicleInfo[], bound: PolicyVehicle & { policy_id: number }, now: Date): VehicleInfo {
  const match = priced.find((v) => v.carNumber === bound.car_number) ?? priced.find((v) => v.vin === bound.vin);
  const base: VehicleInfo = match ?? { vin: bound.vin, year: bound.year, make: bound.make, model: bound.model, bodyStyle: bound.body_style, premiumInfo: { baseRate: 0, perMileRate: 0 }, coverageInfo: [] };
  return withPicture(
    { ...base, id: `${bound.policy_id}-${bound.car_number}`, carNumber: bound.car_number, vin: bound.vin, year: bound.year, make: bound.make, model: bound.model, bodyStyle: bound.body_style },
    now,
  );
}

/** The account's bound and issued policies, then its saved quotes, in the doc 1 section 3 shape. */
async function accountPolicies(db: Queryable, account: AccountIdentity, now: Date): Promise<Policy[]> {
  const policies: Policy[] = [];
  if (account.confirmed) {
    const rows = await policiesOfEmail(db, account.emailLower);
    const vehicles = await vehiclesOfPolicies(db, rows.map((policy) => policy.id));
    for (const row of rows) {
      const quote = await pricedQuoteById(db, row.quoteId);
      if (!quote) continue;
      // the term in force as priced: the renewal that took the bought quote's place, else that quote
      const priced = row.termAnswer ?? quote.answer;
      const hasCard = (await newestDocuments(db, row.id)).some((document) => document.kind === 'card');
      policies.push({
        ...shown(priced),
        policyNumber: row.policyNumber,
        // the day the term ends is the day the next one would start: the renewal date
        renewalDate: row.expirationDate,
        policyStatus: row.status,
        fromQuoteNumber: quote.quoteNumber,
        emailAddress: row.emailLower,
        policyOwners: row.policyOwners,
        addressInfo: priced.addressInfo,
        driverInfo: [...priced.driverInfo].sort((a, b) => a.driverNumber - b.driverNumber),
        insuranceInfo: hasCard ? { insuranceCardUri: accountIdCardPath(row.policyNumber) } : null,
        vehicleInfo: vehicles.filter((v) => v.policy_id === row.id).map((v) => boundVehicle(priced.vehicleInfo, v, now)),
      });
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
