/**
 * The quote calls (DESIGN.md "The API"; doc 3 sections 3 and 7, doc 1 sections 7 and 8):
 *
 * POST /api/policy/quote               QuoteRequest -> 200 QuoteResponse {policies: [QuotePolicy]}
 * POST /api/policy/lookup_quote        {emailAddress, dob, zip} -> 200 QuoteResponse | 404 | 429
 * POST /api/policy/redeem_quote_link   {token} -> 200 QuoteResponse | 404 (used, expired or unknown)
 *
 * A quote is checked with the contract's request rule, then for what the rule cannot see alone (the
 * writing states, Unlimited where it is offered, the VINs, the coverage limits' consistency), priced by
 * the rating engine, stored as QUOTE with its rate-table version, and e-mailed with a single-use link.
 * Every refusal is a 400 with the rules' messages; a state we do not write gets the call-us message.
 *
 * Decisions:
 * - An identical request (same validated body, same rate-table version) within IDENTICAL_WINDOW_MS
 *   answers the quote already made: a double-clicked Calculate or the wizard's re-request on Continue
 *   keeps one number and sends one e-mail. Two identical requests racing each other may still store
 *   two quotes; that is harmless (nothing is bought or charged) and not worth a lock.
 * - The quote call has no per-client limit (pricing is what the site is for, and the bench runs it hot);
 *   what could be abused, the e-mail to an address someone typed, is limited per recipient
 *   (RATE_LIMITS.quoteMail). Past it the quote is still stored and answered, only not mailed.
 * - Answers hold personal data: Cache-Control no-store. Nothing from a body is logged (api/log.ts).
 */
import { createHash } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { record, string, unknown } from 'superstruct';
import {
  check, localToday, MESSAGES, QuoteLookupRequest, quoteRequest, RedeemQuoteLinkRequest, stateName, UNLIMITED_STATES,
  WRITING_STATES, type FieldError, type QuoteRequest,
} from '../../contract/index.ts';
import { coverageProblems, limitsOfRequest } from '../../contract/coverage/index.ts';
import type { Deps } from '../app.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { quotePolicy, type VehicleIdentity } from '../quotes/mapping.ts';
import { quoteMail } from '../quotes/mail.ts';
import { findQuoteForLookup, recentIdenticalQuote, redeemLink, storeQuote } from '../quotes/store.ts';
import { priceQuote, RatingError, type PricedQuote } from '../rating/index.ts';
import { decodeVin } from '../vin/decode.ts';

/** How long an identical request answers the quote already made (ours: a quote session's few minutes). */
export const IDENTICAL_WINDOW_MS = 10 * 60 * 1000;

const AnyObject = record(string(), unknown());

function refuse(errors: FieldError[]): never {
  throw new ApiError(400, [...new Set(errors.map((error) => error.message))], { fields: errors });
}

/** The stored answer text as a QuoteResponse, sent without parsing it again. */
function answer(c: Context, policyJson: string): Response {
  return c.body(`{"policies":[${policyJson}]}`, 200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  });
}

function isOneOf(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value);
}

/**
 * What the request rule cannot decide field by field: where the vehicles are garaged, which plans the
 * state offers, whether each VIN names a vehicle of the marque, and whether the limits hang together.
 */
function consistencyProblems(
  request: QuoteRequest,
  restrictedZips: ReadonlySet<string>,
  now: Date,
): { errors: FieldError[]; identities: VehicleIdentity[] } {
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
  });

  const problems = coverageProblems(
    state,
    limitsOfRequest(request),
    request.vehicles.map((vehicle) => ({ financing: vehicle.financing.toLowerCase(), statedValue: Number(vehicle.statedValue) })),
  );
  for (const message of problems) errors.push({ path: 'limits', message });
  return { errors, identities };
}

/** The keys the lookup finds a quote by: e-mail in lower case, the insured's birth date, the mailing ZIP. */
function lookupKeys(request: QuoteRequest): { emailLower: string; dob: string; zip: string } {
  const insured = request.drivers.find((driver) => driver.relation === 'INSURED') ?? request.drivers[0]!;
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;
  return { emailLower: request.emailAddress.trim().toLowerCase(), dob: insured.dob, zip: mailing.zip };
}

export function policyRoutes(deps: Deps, limits: { lookup: MiddlewareHandler; quoteMail: RateLimit }): Hono {
  const app = new Hono();
  const today = () => localToday(deps.clock());
  // Built once: the rule reads today's date through the clock each time it runs.
  const QuoteRequestRule = quoteRequest({ today });
  const restrictedZips = new Set(deps.config.restrictedZips);

  app.post('/quote', async (c) => {
    const raw = await readBody(c, AnyObject);
    // doc 3 section 7: a state we do not write gets the call-us message and nothing else to fix
    if (typeof raw.ratedState === 'string' && raw.ratedState !== '' && !isOneOf(WRITING_STATES, raw.ratedState)) {
      refuse([{ path: 'ratedState', message: MESSAGES.callUs }]);
    }
    const checked = check(raw, QuoteRequestRule);
    if (!checked.ok) refuse(checked.errors);
    const request = checked.value;
    const now = deps.clock();
    const { errors, identities } = consistencyProblems(request, restrictedZips, now);
    if (errors.length > 0) refuse(errors);

    let priced: PricedQuote;
    try {
      priced = priceQuote(request, { today: localToday(now) });
    } catch (error) {
      if (error instanceof RatingError) throw new ApiError(400, error.message);
      throw error;
    }

    const requestHash = createHash('sha256').update(`${priced.rateTableVersion}\n${JSON.stringify(request)}`).digest('hex');
    const recent = await recentIdenticalQuote(deps.db, requestHash, new Date(now.getTime() - IDENTICAL_WINDOW_MS));
    if (recent !== null) return answer(c, recent);

    const keys = lookupKeys(request);
    // The recipient's mail limit is counted first, so that the quote and its e-mail can be stored in one
    // statement: a quote the shopper was answered always has its e-mail queued (api/mail/queue.ts).
    const mailAllowed = (await hit(deps.db, limits.quoteMail, keys.emailLower, now)).allowed;
    if (!mailAllowed) deps.log(`${now.toISOString()} quote mail not sent: the recipient's hourly limit is reached`);
    const stored = await storeQuote(
      deps.db,
      { ...keys, ratedState: priced.ratedState, rateTableVersion: priced.rateTableVersion, requestHash, request },
      (quoteNumber) => quotePolicy({ quoteNumber, request, priced, identities }),
      now,
      mailAllowed ? ({ policy, token }) => ({ kind: 'quote mail', message: quoteMail(policy, token, deps.config.publicOrigin) }) : null,
    );
    if (mailAllowed) void deps.mail.deliverDue();
    return c.json({ policies: [stored.policy] }, 200, { 'Cache-Control': 'no-store' });
  });

  /**
   * doc 1 section 7. One 404 with one message for every mismatch (no such e-mail, wrong birth date,
   * wrong ZIP), and the same work for each: see findQuoteForLookup. Rate limited per client.
   */
  app.post('/lookup_quote', limits.lookup, async (c) => {
    const request = await readBody(c, QuoteLookupRequest);
    const found = await findQuoteForLookup(deps.db, request.emailAddress.trim().toLowerCase(), request.dob, request.zip);
    if (found === null) throw new ApiError(404, MESSAGES.quoteNotFound, { headers: { 'Cache-Control': 'no-store' } });
    return answer(c, found);
  });

  /** The link of the quote e-mail (/receive-a-quote?retrieve=<token>): opens its quote once. */
  app.post('/redeem_quote_link', async (c) => {
    const request = await readBody(c, RedeemQuoteLinkRequest);
    const found = await redeemLink(deps.db, request.token, deps.clock());
    if (found === null) throw new ApiError(404, MESSAGES.quoteLinkNotFound);
    return answer(c, found);
  });

  return app;
}
