/**
 * The next term's price (issue 9 "Renewal"): the policy's answers as it was bought, moved to the next term
 * (same length, starting the day the current one ends), priced by the rating engine with the table in force
 * on the day the next term starts: a rate revision dated on or before that day applies, as it would to a
 * new policy starting then. Driver and vehicle ages move with the date; nothing else is asked again.
 *
 * Pure apart from the VIN decode's clock: the caller loads the policy and stores what this answers.
 */
import {
  addMonths, formatIsoDate, LIMITS, parseIsoDate, type QuotePolicy, type QuoteRequest,
} from '../../contract/index.ts';
import type { PolicyVehicle } from '../policies/records.ts';
import { quotePolicy, type VehicleIdentity } from '../quotes/mapping.ts';
import { ratingInputOf } from '../quotes/rating-input.ts';
import { priceQuote, type PricedQuote } from '../rating/index.ts';
import { decodeVin } from '../vin/decode.ts';

/** How a renewal's priced answer reads its status (the quote response's policyStatus). */
export const RENEWAL_STATUS = 'RENEWAL';

export interface TermToRenew {
  policyNumber: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** YYYY-MM-DD: the next term starts here */
  expirationDate: string;
}

export interface PricedRenewal {
  termStart: string;
  termEnd: string;
  rateTableVersion: string;
  request: QuoteRequest;
  priced: PricedQuote;
  /** The next term in the quote response's shape, numbered as the policy. */
  answer: QuotePolicy;
}

/** Whole months from one date to another (a 6-month term is 6, whatever the month lengths). */
export function termMonths(effectiveDate: string, expirationDate: string): number {
  const start = parseIsoDate(effectiveDate);
  const end = parseIsoDate(expirationDate);
  if (!start || !end) return LIMITS.termMonths;
  const months = (end.year - start.year) * 12 + (end.month - start.month) - (end.day < start.day ? 1 : 0);
  return months >= 1 ? months : LIMITS.termMonths;
}

/** The next term: as long as the current one, from the day it ends. */
export function nextTerm(term: Pick<TermToRenew, 'effectiveDate' | 'expirationDate'>): { termStart: string; termEnd: string } {
  const start = parseIsoDate(term.expirationDate);
  if (!start) throw new Error('the policy has no valid expiration date');
  return { termStart: term.expirationDate, termEnd: formatIsoDate(addMonths(start, termMonths(term.effectiveDate, term.expirationDate))) };
}

/**
 * Prices the next term of `term` from the request the policy was bought with. The vehicles are named as
 * bound (policy_vehicles); a RatingError (no table in force for the state) is the caller's to handle.
 */
export function priceRenewal(term: TermToRenew, boughtRequest: QuoteRequest, vehicles: readonly PolicyVehicle[], now: Date): PricedRenewal {
  const { termStart, termEnd } = nextTerm(term);
  const request: QuoteRequest = { ...boughtRequest, effectiveDate: termStart, expirationDate: termEnd };
  const priced = priceQuote(ratingInputOf(request, now));
  const identities: VehicleIdentity[] = request.vehicles.map((vehicle, index) => {
    const bound = vehicles.find((row) => row.car_number === index + 1) ?? vehicles.find((row) => row.vin.trim() === vehicle.vin);
    if (bound) return { year: bound.year, make: bound.make, model: bound.model, bodyStyle: bound.body_style };
    const decoded = decodeVin(vehicle.vin, now);
    if (decoded.kind === 'porsche') return decoded;
    throw new Error(`vehicle ${index + 1} of the policy cannot be named`);
  });
  const answer: QuotePolicy = {
    ...quotePolicy({ quoteNumber: term.policyNumber, request, priced, identities }),
    policyStatus: RENEWAL_STATUS,
  };
  return { termStart, termEnd, rateTableVersion: priced.rateTableVersion, request, priced, answer };
}
