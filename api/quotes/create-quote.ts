/**
 * The quote use case (doc 3 sections 3 and 7; DESIGN.md "The API"): POST /api/policy/quote's work, apart
 * from HTTP. The route parses the body and answers; this decides.
 *
 * 1. Check the request with the contract's rule, then what the rule cannot see field by field (the writing
 *    states, Unlimited where it is offered, the VINs, the limits' consistency). Each VIN is decoded here,
 *    once: the answers describe the vehicles in the quote and are what rating needs of them.
 * 2. Price it with the rating engine (api/rating/), which reads no VIN itself.
 * 3. An identical request made minutes ago answers that quote (a double-clicked Calculate, the wizard's
 *    re-request on Continue): one number, one e-mail. Two identical requests racing each other may still
 *    store two quotes; harmless (nothing is bought) and not worth a lock.
 * 4. In one transaction: the quote (insertQuote), its e-mail link (issueToken) and its e-mail
 *    (enqueueMail). None exists without the others, so a quote the shopper was answered always has its
 *    e-mail on the way.
 *
 * The quote call has no per-client limit (pricing is what the site is for, and the bench runs it hot);
 * what could be abused, the e-mail to an address someone typed, is limited per recipient: past it the
 * quote is still stored and answered, only not mailed.
 */
import { sha256Hex } from '../hash.ts';
import {
  check, localToday, MESSAGES, quoteRequest, stateName, UNLIMITED_STATES, WRITING_STATES, type FieldError,
  type QuotePolicy, type QuoteRequest,
} from '../../contract/index.ts';
import { coverageLimits, coverageProblems, formOfSelection, limitsOfRequest, sameLimits } from '../../contract/coverage/index.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { enqueueMail } from '../mail/queue.ts';
import { priceQuote, RatingError, type PricedQuote, type RatedVehicle } from '../rating/index.ts';
import { issueToken } from '../tokens/tokens.ts';
import { decodeVin } from '../vin/decode.ts';
import { quoteMail } from './mail.ts';
import { quotePolicy, type VehicleIdentity } from './mapping.ts';
import { newQuoteNumber } from './numbering.ts';
import { ratedVehicleOf } from './rating-input.ts';
import { insertQuote, recentIdenticalQuote } from './store.ts';

/** How long an identical request answers the quote already made (ours: a quote session's few minutes). */
export const IDENTICAL_WINDOW_MS = 10 * 60 * 1000;

/** Draws of a fresh number before giving up: with 2^40 numbers a second draw is already rare. */
const NUMBER_ATTEMPTS = 5;

/** The answer: a new quote, or the stored answer text of an identical one (sent without parsing it again). */
export type CreatedQuote = { kind: 'new'; policy: QuotePolicy } | { kind: 'repeat'; policyJson: string };

export interface QuoteUseCase {
  createQuote(body: Record<string, unknown>): Promise<CreatedQuote>;
}

function refuse(errors: FieldError[]): never {
  throw new ApiError(400, [...new Set(errors.map((error) => error.message))], { fields: errors });
}

function isOneOf(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value);
}

interface CheckedVehicles {
  errors: FieldError[];
  /** What the quote says of each vehicle (year, make, model, body). */
  identities: VehicleIdentity[];
  /** What rating needs of each vehicle, from the same decode. */
  rated: RatedVehicle[];
}

/**
 * What the request rule cannot decide field by field: where the vehicles are garaged, which plans the
 * state offers, whether each VIN names a vehicle of the marque, and whether the limits hang together.
 */
function consistencyProblems(request: QuoteRequest, restrictedZips: ReadonlySet<string>, now: Date): CheckedVehicles {
  const errors: FieldError[] = [];
  const state = request.ratedState;
  const garagingIndex = request.addresses.findIndex((address) => address.type === 'Garaging');
  const mailingIndex = request.addresses.findIndex((address) => address.type === 'Mailing');
  const garageAt = garagingIndex >= 0 ? garagingIndex : mailingIndex;
  const garage = request.addresses[garageAt];
  if (garage && garage.state !== state) errors.push({ path: 'ratedState', message: MESSAGES.ratedStateMismatch });
  // doc 2 section 4: a restricted ZIP is not written (the wizard shows the weather-exception page)
  if (garage && restrictedZips.has(garage.zip)) errors.push({ path: `addresses.${garageAt}.zip`, message: MESSAGES.callUs });

  const unlimitedOffered = isOneOf(UNLIMITED_STATES, state);
  const identities: VehicleIdentity[] = [];
  const rated: RatedVehicle[] = [];
  const seen = new Set<string>();
  request.vehicles.forEach((vehicle, index) => {
    if (vehicle.billingType === 'capped' && !unlimitedOffered) {
      errors.push({ path: `vehicles.${index}.billingType`, message: MESSAGES.unlimitedNotOffered(stateName(state) ?? state) });
    }
    const path = `vehicles.${index}.vin`;
    if (seen.has(vehicle.vin)) errors.push({ path, message: MESSAGES.vinDuplicate });
    seen.add(vehicle.vin);
    const decoded = decodeVin(vehicle.vin, now);
    if (decoded.kind === 'porsche') identities.push(decoded);
    else if (decoded.kind === 'other-maker') errors.push({ path, message: MESSAGES.vinNonMarque });
    else if (decoded.kind === 'unknown') errors.push({ path, message: MESSAGES.vinNotFound });
    else errors.push({ path, message: MESSAGES.vinInvalid });
    rated.push(ratedVehicleOf(vehicle.vin, decoded));
  });

  const limits = limitsOfRequest(request);
  const coverageVehicles = request.vehicles.map((vehicle) => ({ financing: vehicle.financing.toLowerCase(), statedValue: Number(vehicle.statedValue) }));
  for (const message of coverageProblems(state, limits, coverageVehicles)) errors.push({ path: 'limits', message });
  // The stored selection must say what the limits say: it is what the quote shows when it is opened again.
  const selection = request.coverageSelection;
  if (selection && !sameLimits(coverageLimits(state, formOfSelection(selection, ''), coverageVehicles), limits)) {
    errors.push({ path: 'coverageSelection', message: MESSAGES.coverageSelectionMismatch });
  }
  return { errors, identities, rated };
}

/** The keys the lookup finds a quote by: e-mail in lower case, the insured's birth date, the mailing ZIP. */
function lookupKeys(request: QuoteRequest): { emailLower: string; dob: string; zip: string } {
  const insured = request.drivers.find((driver) => driver.relation === 'INSURED') ?? request.drivers[0]!;
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;
  return { emailLower: request.emailAddress.trim().toLowerCase(), dob: insured.dob, zip: mailing.zip };
}

export function quoteUseCase(deps: Deps, limits: { quoteMail: RateLimit }): QuoteUseCase {
  // Built once: the rule reads today's date through the clock each time it runs.
  const QuoteRequestRule = quoteRequest({ today: () => localToday(deps.clock()) });
  const restrictedZips = new Set(deps.config.restrictedZips);

  /** Checked, decoded and priced; every refusal is a 400 with the rules' messages. */
  function priced(body: Record<string, unknown>, now: Date): { request: QuoteRequest; priced: PricedQuote; identities: VehicleIdentity[] } {
    // doc 3 section 7: a state we do not write gets the call-us message and nothing else to fix
    if (typeof body.ratedState === 'string' && body.ratedState !== '' && !isOneOf(WRITING_STATES, body.ratedState)) {
      refuse([{ path: 'ratedState', message: MESSAGES.callUs }]);
    }
    const checked = check(body, QuoteRequestRule);
    if (!checked.ok) refuse(checked.errors);
    const request = checked.value;
    const { errors, identities, rated } = consistencyProblems(request, restrictedZips, now);
    if (errors.length > 0) refuse(errors);
    try {
      return { request, priced: priceQuote({ request, vehicles: rated }), identities };
    } catch (error) {
      if (error instanceof RatingError) throw new ApiError(400, error.message);
      throw error;
    }
  }

  return {
    async createQuote(body) {
      const now = deps.clock();
      const { request, priced: price, identities } = priced(body, now);
      const requestHash = sha256Hex(`${price.rateTableVersion}\n${JSON.stringify(request)}`);
      const recent = await recentIdenticalQuote(deps.db, requestHash, new Date(now.getTime() - IDENTICAL_WINDOW_MS));
      if (recent !== null) return { kind: 'repeat', policyJson: recent };

      const keys = lookupKeys(request);
      // Counted before the transaction: a rate-limit row is not the quote's to roll back, and the count
      // must hold even when the quote is not stored.
      const mailAllowed = (await hit(deps.db, limits.quoteMail, keys.emailLower, now)).allowed;
      if (!mailAllowed) deps.log(`${now.toISOString()} quote mail not sent: the recipient's hourly limit is reached`);

      const policy = await deps.db.transaction(async (tx) => {
        for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
          const quoteNumber = newQuoteNumber();
          const answer = quotePolicy({ quoteNumber, request, priced: price, identities });
          const quoteId = await insertQuote(tx, {
            quoteNumber, ...keys, ratedState: price.ratedState, rateTableVersion: price.rateTableVersion, requestHash, request, answer,
          }, now);
          if (quoteId === null) continue; // the number was taken: draw again
          // Without an e-mail there is no link to put in one; the lookup by e-mail, birth date and ZIP finds it.
          if (mailAllowed) {
            const token = await issueToken(tx, 'quote-link', now, { subjectId: quoteId });
            await enqueueMail(tx, 'quote mail', quoteMail(answer, token, deps.config.publicOrigin), now);
          }
          return answer;
        }
        throw new Error(`no free quote number after ${NUMBER_ATTEMPTS} draws`);
      });
      if (mailAllowed) void deps.mail.deliverDue();
      return { kind: 'new', policy };
    },
  };
}
