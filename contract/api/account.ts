import { array, define, literal, nullable, number, object, string, type, union, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { CARD_DELIVERY } from '../reference/options.ts';
import { oneOf, valuesOf } from '../rules/choice.ts';
import { policyNumber, token } from './common.ts';

/**
 * The signed-in account area's own calls (issue 9), beyond the user/... calls doc 1 section 7 lists
 * (those are in ./auth.ts): the magic link's exchange, the card request, the statements, the policy's ID
 * card, and the renewal's rollover. Requests are `object` (the API refuses unknown fields), answers `type`.
 */

/** A plain notice (doc 1 section 7: "success notice"): the password calls, the magic link, the card request. */
export const MessageAnswer = type({ msg: string() });
export type MessageAnswer = Infer<typeof MessageAnswer>;

/**
 * POST /api/user/login_with_token (ours): spends the single-use token of an e-mailed sign-in link (the
 * `token` query parameter doc 1 section 4's session check reads) and starts a session.
 */
export const LoginWithTokenRequest = object({ token });
export type LoginWithTokenRequest = Infer<typeof LoginWithTokenRequest>;

/** POST /api/user/clear_session: doc 1 shows no payload; an empty JSON object (state-changing calls are JSON only). */
export const ClearSessionRequest = object({});
export type ClearSessionRequest = Infer<typeof ClearSessionRequest>;

/** A VIN as the card request names a vehicle of the policy: 17 characters, checked against the policy itself. */
const cardVin = define<string>('cardVin', (value) => (typeof value === 'string' && /^[A-HJ-NPR-Z0-9]{17}$/.test(value)) || MESSAGES.cardVehicle);

/**
 * POST /api/user/request_card (doc 1 "Request a card", for the user's real vehicles): the policy, at least one
 * of its vehicles by VIN, and the delivery. Electronic e-mails the ID card; mail stores a request for the
 * post and confirms it.
 */
export const CardRequest = object({
  policyNumber,
  vins: define<string[]>('cardVins', (value) =>
    (Array.isArray(value) && value.length > 0 && value.length <= 8 && value.every((v) => cardVin.is(v))) || MESSAGES.cardVehicle,
  ),
  delivery: oneOf(valuesOf(CARD_DELIVERY), MESSAGES.cardDelivery),
});
export type CardRequest = Infer<typeof CardRequest>;

/** The card request's answer: what happens next, in words (MESSAGES.cardEmailed or MESSAGES.cardMailed). */
export const CardRequestAnswer = type({ msg: string(), delivery: union([literal('electronic'), literal('mail')]) });
export type CardRequestAnswer = Infer<typeof CardRequestAnswer>;

/** GET /api/user/statements?policyNumber= and GET /api/user/quote?policyNumber=. */
export const PolicyNumberQuery = object({ policyNumber });
export type PolicyNumberQuery = Infer<typeof PolicyNumberQuery>;

/**
 * One billing interval of one vehicle (issue 9 "Statements"): from one accepted odometer reading to the next,
 * the miles driven and the mileage charge (per-mile rate x miles, in dollars to the cent). The open interval
 * (since the last reading) has no end reading, miles or charge yet.
 */
export const StatementInterval = type({
  /** YYYY-MM-DD */
  periodStart: string(),
  /** YYYY-MM-DD; null for the open interval */
  periodEnd: nullable(string()),
  startReading: nullable(number()),
  endReading: nullable(number()),
  miles: nullable(number()),
  /** dollars per mile */
  perMileRate: number(),
  /** dollars, rounded to the cent; null for the open interval */
  mileageCharge: nullable(number()),
});
export type StatementInterval = Infer<typeof StatementInterval>;

export const StatementVehicle = type({
  vin: string(),
  year: number(),
  make: string(),
  model: string(),
  /** per_mile or capped (Unlimited: no mileage charge, no reporting) */
  billingType: string(),
  /** monthly base rate, dollars */
  baseRate: number(),
  intervals: array(StatementInterval),
});
export type StatementVehicle = Infer<typeof StatementVehicle>;

export const StatementsAnswer = type({
  data: type({
    policyNumber: string(),
    vehicles: array(StatementVehicle),
    /** The odometer page's link for this interval's photo; null when nothing is due (Unlimited only). */
    odometerUrl: nullable(string()),
  }),
});
export type StatementsAnswer = Infer<typeof StatementsAnswer>;
