import { array, boolean, define, enums, literal, nullable, number, object, string, type, union, type Infer } from 'superstruct';
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

/** YYYY-MM-DD */
const isoDay = string;

/** A vehicle's reading that closed the period: the odometer as counted, the day it was received (local), and its photo. */
export const StatementReading = type({
  odometer: number(),
  /** YYYY-MM-DD, the day the photo was received */
  date: isoDay(),
  /** Accepted for billing: verified by both readers, typed again after their suggestion, or approved by a person; false while it waits for review. */
  verified: boolean(),
  /** The photo's thumbnail (GET /api/user/odometer_photo/:readingId) when verified; else null. */
  photoUrl: nullable(string()),
});
export type StatementReading = Infer<typeof StatementReading>;

/** How a 'miles' line's miles were found (contract/rules/bill-lines.ts MilesFound). */
export const StatementMilesFound = union([
  type({ kind: literal('default'), capMiles: nullable(number()) }),
  type({ kind: literal('estimate') }),
  type({ kind: literal('reading'), drivenMiles: number(), capMiles: nullable(number()), alreadyBilledMiles: number() }),
]);

/** One vehicle in one period: its reading, the miles billed and how they were found, and its rate. */
export const StatementVehicle = type({
  carNumber: number(),
  /** '2021 Porsche 911' */
  name: string(),
  /** per_mile, or capped (Unlimited: no miles billed; one reading a term) */
  plan: union([literal('per_mile'), literal('capped')]),
  reading: nullable(StatementReading),
  /** The miles the period's bill charged (after the daily cap and the true-up); null before the bill or for Unlimited. */
  billedMiles: nullable(number()),
  found: nullable(StatementMilesFound),
  /** The term's per-mile rate in thousandths of a dollar; null for Unlimited. */
  perMileMills: nullable(number()),
});
export type StatementVehicle = Infer<typeof StatementVehicle>;

/** A bill's line: its kind, vehicle (null for the policy's), words (describeBillLine) and signed cents. */
export const StatementLine = type({ kind: string(), carNumber: nullable(number()), label: string(), cents: number() });
export type StatementLine = Infer<typeof StatementLine>;

export const STATEMENT_BILL_STATUSES = ['due', 'paid', 'carried', 'settled', 'refund-due', 'refunded', 'unpaid'] as const;

/**
 * A bill of the period: its lines and total (the sum of the lines), its status and the day of it (paid on,
 * carried or settled on, refunded on, unpaid since; a bill still due has its bill date), the first failed try
 * and the next one while its charge is declined, and its PDF when one was made (none yet: null).
 */
export const StatementBill = type({
  kind: union([literal('period'), literal('first-payment'), literal('final')]),
  /** YYYY-MM-DD */
  billDate: isoDay(),
  lines: array(StatementLine),
  totalCents: number(),
  status: enums(STATEMENT_BILL_STATUSES),
  /** YYYY-MM-DD: see above */
  statusOn: isoDay(),
  failedOn: nullable(isoDay()),
  nextTryOn: nullable(isoDay()),
  documentUrl: nullable(string()),
});
export type StatementBill = Infer<typeof StatementBill>;

/** One billing period of the policy, as the billing cycle recorded it (api/billing/records.ts). */
export const StatementPeriod = type({
  /** YYYY-MM-DD */
  start: isoDay(),
  end: isoDay(),
  /** The day its readings are due; the bill is made then at the latest. */
  dueOn: isoDay(),
  status: union([literal('open'), literal('closed'), literal('cancelled')]),
  vehicles: array(StatementVehicle),
  /** Its bills, oldest first: the period's own, a renewed term's first payment, a cancellation's final bill. */
  bills: array(StatementBill),
});
export type StatementPeriod = Infer<typeof StatementPeriod>;

/**
 * GET /api/user/statements: the policy's periods that have begun, newest first, and its balance from the
 * ledger (positive: a credit; negative: owed).
 */
export const StatementsAnswer = type({
  data: type({
    policyNumber: string(),
    balanceCents: number(),
    periods: array(StatementPeriod),
    /** The odometer page's link for this period's photo; null when nothing is due (Unlimited only). */
    odometerUrl: nullable(string()),
  }),
});
export type StatementsAnswer = Infer<typeof StatementsAnswer>;
