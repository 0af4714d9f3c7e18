/**
 * The quote use case (doc 3 sections 3 and 7; DESIGN.md "The API"): POST /api/policy/quote's work, apart
 * from HTTP. The route parses the body and answers; this decides.
 *
 * 1. Check the request with the contract's rule, then what the rule cannot see field by field (the writing
 *    states, Unlimited where it is offered, the VINs, the limits' consistency). Each VIN is decoded here,
 *    once: the answers describe the vehicles in the quote and are what rating needs of them.
 * 2. Price it with the rating engine (api/rating/), which reads no VIN itself.
 * 3. A request that names the quote it prices again (`quoteNumber`: the shopper switched a plan or changed
 *    a coverage after the quote was made) keeps that number when the quote is open and was made for the
 *    same e-mail, birth date and ZIP: the new figures become its next version (the one replaced is kept,
 *    store.ts storeNewVersion), and its e-mail, which goes once per number, is not sent again (its link
 *    opens the version in force). Any other number is ignored: the request is a new quote.
 * 4. An identical request made minutes ago answers that quote (a double-clicked Calculate, the wizard's
 *    re-request on Continue): one number, one e-mail. Two identical requests racing each other may still
 *    store two quotes; harmless (nothing is bought) and not worth a lock.
 * 5. In one statement (insertQuote), with step 4's look-up and the recipient's mail limit: the quote, its
 *    e-mail link and its e-mail. None exists without the others, so a quote the shopper was answered always
 *    has its e-mail on the way.
 *
 * The live price (POST /api/policy/price, pricePreview) is steps 1 and 2 alone: the same checks and the
 * same engine, nothing stored, nothing mailed.
 *
 * The request's own rule (`checkRequest`, state first) is what the route checks the body with before either
 * runs (api/http/endpoint.ts checkedWith); what it cannot see field by field comes back as a refusal with the
 * rules' messages, which the route answers as the 400 of a failed rule.
 *
 * The quote call has no per-client limit (pricing is what the site is for, and the bench runs it hot; the
 * live price, asked on every change, has one: api/app.ts RATE_LIMITS.price);
 * what could be abused, the e-mail to an address someone typed, is limited per recipient: past it the
 * quote is still stored and answered, only not mailed.
 */
import { sha256Hex } from '../hash.ts';
import {
  check, localToday, MESSAGES, quoteRequest, stateName, UNLIMITED_STATES, WRITING_STATES, type Checked, type FieldError,
  type QuotePolicy, type QuoteRequest,
} from '../../contract/index.ts';
import { coverageLimits, coverageProblems, formOfLimits, formOfSelection, limitsOfRequest, sameLimits, selectionOf } from '../../contract/coverage/index.ts';
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { hit, hitClauses, type RateLimit } from '../http/rate-limit.ts';
import { enqueueMail } from '../mail/queue.ts';
import { priceQuote, RatingError, type PricedQuote, type RatedVehicle } from '../rating/index.ts';
import { issueToken, newToken } from '../tokens/tokens.ts';
import { decodeVin } from '../vin/decode.ts';
import { quoteMail } from './mail.ts';
import { quotePolicy, type VehicleIdentity } from './mapping.ts';
import { newQuoteNumber } from './numbering.ts';
import { ratedVehicleOf } from './rating-input.ts';
import {
  insertQuote, markQuoteMailed, repricedQuote, storeNewVersion, type MailGate, type QuoteKeys, type QuoteMailRows,
} from './store.ts';

/** How long an identical request answers the quote already made (ours: a quote session's few minutes). */
const IDENTICAL_WINDOW_MS = 10 * 60 * 1000;

/** The quote e-mail's kind in the mail queue and its logs. */
const QUOTE_MAIL = 'quote mail';

/** Draws of a fresh number before giving up: with 2^40 numbers a second draw is already rare. */
const NUMBER_ATTEMPTS = 5;

/**
 * The answer as JSON text, sent as it is: a new quote's (the text that is also stored), or the stored text
 * of an identical one (not parsed again).
 */
export type CreatedQuote = { kind: 'new' | 'repeat'; policyJson: string };

/** A request the rules let through that still cannot be quoted: each message once, and where each applies (none for the engine's). */
export type QuoteRefused = { kind: 'refused'; messages: string[]; fields?: FieldError[] };

export interface QuoteUseCase {
  /** The request's rule, with the one check it puts first: a state we do not write gets the call-us message alone. */
  checkRequest(body: Record<string, unknown>): Checked<QuoteRequest>;
  createQuote(request: QuoteRequest): Promise<CreatedQuote | QuoteRefused>;
  /** The answer createQuote would give, with policyNumber '': nothing is stored, nothing is mailed. */
  pricePreview(request: QuoteRequest): { kind: 'priced'; policy: QuotePolicy } | QuoteRefused;
}

function refused(errors: FieldError[]): QuoteRefused {
  return { kind: 'refused', messages: [...new Set(errors.map((error) => error.message))], fields: errors };
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

/**
 * The request as stored: every quote version keeps the step 4 choices it was priced from, so opening it again
 * shows them. A request that carries none (an older widget, another client) stores the choices its limits
 * say (formOfLimits: consistencyProblems has just read them without a problem).
 */
function withSelection(request: QuoteRequest): QuoteRequest {
  if (request.coverageSelection) return request;
  const form = formOfLimits(request.ratedState, limitsOfRequest(request), request.vehicles.length, '');
  return form ? { ...request, coverageSelection: selectionOf(form) } : request;
}

/** The keys the lookup finds a quote by: e-mail in lower case, the insured's birth date, the mailing ZIP. */
function lookupKeys(request: QuoteRequest): QuoteKeys {
  const insured = request.drivers.find((driver) => driver.relation === 'INSURED') ?? request.drivers[0]!;
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;
  return { emailLower: request.emailAddress.trim().toLowerCase(), dob: insured.dob, zip: mailing.zip };
}

/** A request checked and priced: what the quote and the live price both start from. */
interface PricedRequest {
  /** The validated request as priced and stored, without the number it may name. */
  request: QuoteRequest;
  /** The quote the request prices again (its `quoteNumber`), or null. */
  reprices: string | null;
  priced: PricedQuote;
  identities: VehicleIdentity[];
}

export function quoteUseCase(deps: Deps, limits: { quoteMail: RateLimit }): QuoteUseCase {
  // Built once: the rule reads today's date through the clock each time it runs.
  const QuoteRequestRule = quoteRequest({ today: () => localToday(deps.clock()) });
  const restrictedZips = new Set(deps.config.restrictedZips);

  function checkRequest(body: Record<string, unknown>): Checked<QuoteRequest> {
    // doc 3 section 7: a state we do not write gets the call-us message and nothing else to fix
    if (typeof body.ratedState === 'string' && body.ratedState !== '' && !isOneOf(WRITING_STATES, body.ratedState)) {
      return { ok: false, errors: [{ path: 'ratedState', message: MESSAGES.callUs }] };
    }
    return check(body, QuoteRequestRule);
  }

  /** Checked request decoded and priced, or refused with the rules' messages. */
  function priced(checked: QuoteRequest, now: Date): PricedRequest | QuoteRefused {
    const { quoteNumber, ...sent } = checked;
    const { errors, identities, rated } = consistencyProblems(sent, restrictedZips, now);
    if (errors.length > 0) return refused(errors);
    const request = withSelection(sent);
    try {
      return { request, reprices: quoteNumber ?? null, priced: priceQuote({ request, vehicles: rated }), identities };
    } catch (error) {
      if (error instanceof RatingError) return { kind: 'refused', messages: [error.message] };
      throw error;
    }
  }

  /** The answer of version `version` of quote `quoteNumber` (the bind names the version its buyer saw). */
  function answerOf(quoteNumber: string, quote: PricedRequest, version: number): QuotePolicy {
    return { ...quotePolicy({ quoteNumber, request: quote.request, priced: quote.priced, identities: quote.identities }), quoteVersion: version };
  }

  /**
   * Whether the quote e-mail may go to this recipient now. Counted apart from the statements that store the
   * quote: a rate-limit row is not the quote's to roll back, and the count must hold even when the quote is
   * not stored.
   */
  async function mayMail(emailLower: string, now: Date): Promise<boolean> {
    const allowed = (await hit(deps.db, limits.quoteMail, emailLower, now)).allowed;
    if (!allowed) logMailRefused(now);
    return allowed;
  }

  function logMailRefused(now: Date): void {
    deps.log(`${now.toISOString()} quote mail not sent: the recipient's hourly limit is reached`);
  }

  /** A new quote's e-mail and its single-use link, as insertQuote stores them with the quote. */
  function mailRows(answer: QuotePolicy, now: Date): QuoteMailRows {
    const link = newToken();
    return { token: link, kind: QUOTE_MAIL, message: quoteMail(answer, link, deps.config.publicOrigin) };
  }

  /** The quote e-mail with its single-use link, queued in `tx` for a quote already stored (a re-price). */
  async function queueQuoteMail(tx: Queryable, quoteId: number, answer: QuotePolicy, now: Date): Promise<void> {
    const token = await issueToken(tx, 'quote-link', now, { subjectId: quoteId });
    await enqueueMail(tx, QUOTE_MAIL, quoteMail(answer, token, deps.config.publicOrigin), now);
  }

  /**
   * The next version of quote `quoteNumber`, or null when that number is not the shopper's open quote (then
   * the request is a new quote). The same request as the version in force answers that version.
   */
  async function reprice(quoteNumber: string, quote: PricedRequest, requestJson: string, requestHash: string, keys: QuoteKeys, now: Date): Promise<CreatedQuote | null> {
    const found = await repricedQuote(deps.db, quoteNumber, keys, false);
    if (found === null) return null;
    if (found.requestHash === requestHash) return { kind: 'repeat', policyJson: found.response };
    const mailAllowed = !found.mailed && (await mayMail(keys.emailLower, now));
    const outcome = await deps.db.transaction(async (tx): Promise<{ created: CreatedQuote; mailed: boolean } | null> => {
      // Read again under the row's lock: another re-price, or the purchase, may have come first.
      const locked = await repricedQuote(tx, quoteNumber, keys, true);
      if (locked === null) return null;
      if (locked.requestHash === requestHash) return { created: { kind: 'repeat', policyJson: locked.response }, mailed: false };
      const answer = answerOf(quoteNumber, quote, locked.version + 1);
      const answerJson = JSON.stringify(answer);
      await storeNewVersion(tx, locked.id, { ...versionOf(quote, requestJson), requestHash, answerJson }, now);
      const mailed = mailAllowed && !locked.mailed;
      if (mailed) {
        await queueQuoteMail(tx, locked.id, answer, now);
        await markQuoteMailed(tx, locked.id, now);
      }
      return { created: { kind: 'new', policyJson: answerJson }, mailed };
    });
    if (outcome?.mailed) void deps.mail.deliverDue();
    return outcome?.created ?? null;
  }

  return {
    checkRequest,

    pricePreview(request) {
      const quote = priced(request, deps.clock());
      return 'kind' in quote ? quote : { kind: 'priced', policy: answerOf('', quote, 1) };
    },

    async createQuote(checked) {
      const now = deps.clock();
      const quote = priced(checked, now);
      if ('kind' in quote) return quote;
      const { request, priced: price } = quote;
      // Serialised once: hashed here, stored with the quote.
      const requestJson = JSON.stringify(request);
      const requestHash = sha256Hex(`${price.rateTableVersion}\n${requestJson}`);
      const keys = lookupKeys(request);
      if (quote.reprices !== null) {
        const repriced = await reprice(quote.reprices, quote, requestJson, requestHash, keys, now);
        if (repriced !== null) return repriced;
      }
      // The identical-request look-up, the recipient's mail limit and the quote with its link and e-mail are
      // one statement (store.ts insertQuote). The e-mail is written before it is known to go: it needs the
      // number and the link, and it is wasted only when the answer is an identical quote's or the limit is reached.
      const recentSince = new Date(now.getTime() - IDENTICAL_WINDOW_MS);
      let mailGate: MailGate = (first, onlyIf) => hitClauses(limits.quoteMail, keys.emailLower, now, first, onlyIf);
      for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
        const quoteNumber = newQuoteNumber();
        const policy = answerOf(quoteNumber, quote, 1);
        const mail = mailGate === false ? null : mailRows(policy, now);
        const answerJson = JSON.stringify(policy);
        const stored = await insertQuote(deps.db, { quoteNumber, ...keys, ...versionOf(quote, requestJson), requestHash, answerJson }, now, { recentSince, mail, mailGate });
        if (stored.kind === 'recent') return { kind: 'repeat', policyJson: stored.response };
        if (typeof mailGate === 'function' && !stored.mailed) logMailRefused(now);
        // Counted once: a number drawn again keeps the first draw's answer.
        mailGate = stored.mailed;
        if (stored.id === null) continue; // the number was taken: draw again
        if (stored.mailed) void deps.mail.deliverDue();
        return { kind: 'new', policyJson: answerJson };
      }
      throw new Error(`no free quote number after ${NUMBER_ATTEMPTS} draws`);
    },
  };
}

/** What a version stores besides its hash and answer. */
function versionOf(quote: PricedRequest, requestJson: string): { ratedState: string; rateTableVersion: string; requestJson: string } {
  return { ratedState: quote.priced.ratedState, rateTableVersion: quote.priced.rateTableVersion, requestJson };
}
