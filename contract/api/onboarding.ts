import { array, define, enums, literal, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { maxLength, requiredText } from '../rules/text.ts';
import { token } from './common.ts';

/**
 * What a bound policy still needs before it is issued (doc 3 section 2, step 7): the application signed
 * electronically, and a verified photo of each vehicle's odometer. The pages behind the e-mailed and texted
 * links read and send these; each call carries the link's token, never a policy number.
 */

export const TokenQuery = object({ token });
export type TokenQuery = Infer<typeof TokenQuery>;

// --- E-signature -----------------------------------------------------------------------------------------

/** The e-sign page's view of its application. */
export const EsignView = type({
  policyNumber: string(),
  /** What is signed: the policy's own application, or (once the policy is issued) its renewal's. */
  subject: enums(['application', 'renewal']),
  /** The application PDF to read before signing (opens through the same token). */
  applicationUrl: string(),
  /** The consent to do business electronically, shown beside its checkbox and recorded word for word. */
  consentText: string(),
  status: enums(['open', 'signed']),
  /** ISO time, once signed */
  signedAt: optional(string()),
  /** The documents page of the policy, where the signed copy is listed */
  documentsUrl: string(),
});
export type EsignView = Infer<typeof EsignView>;

export const EsignRequest = object({
  token,
  /** The checkbox: true only (ESIGN Act 15 U.S.C. 7001(c): consent before electronic records). */
  consent: define<true>('consent', (value) => value === true || MESSAGES.esignConsentRequired),
  /** Typed full name; it must match the named insured (the server compares without case and spacing). */
  fullName: maxLength(requiredText(MESSAGES.esignFullName), 130),
});
export type EsignRequest = Infer<typeof EsignRequest>;

export const EsignAnswer = type({ signed: literal(true), documentsUrl: string() });
export type EsignAnswer = Infer<typeof EsignAnswer>;

// --- Odometer photo --------------------------------------------------------------------------------------

/**
 * superseded: held for review, then replaced by a newer photo of the same vehicle (never a vehicle's latest).
 * suggested (issue 24): both readers agreed on a reading other than the typed one; the sender was shown what
 * the photo reads and asked to look again; kept, not accepted. confirmed: a reading retyped after such a
 * suggestion that both readers read; accepted, but never 'verified' (the typed value was not independent).
 */
export const ODOMETER_STATUSES = ['verified', 'needs_review', 'rejected', 'approved', 'declined', 'superseded', 'suggested', 'confirmed'] as const;
export type OdometerStatus = (typeof ODOMETER_STATUSES)[number];

/** The latest reading sent for one vehicle, as its owner may see it. */
export const OdometerReadingView = type({
  status: enums(ODOMETER_STATUSES),
  reading: number(),
  /** YYYY-MM-DD */
  sentOn: string(),
  /** What to do next, for a rejected or declined reading */
  message: optional(string()),
});
export type OdometerReadingView = Infer<typeof OdometerReadingView>;

/** A billing period as the odometer page names it: YYYY-MM-DD days, as the billing records keep them. */
export const OdometerPeriodView = type({
  /** Its first day */
  start: string(),
  /** Its end: the next period's first day */
  end: string(),
  /** The day its reading is due (7 days after its end) */
  dueOn: string(),
});
export type OdometerPeriodView = Infer<typeof OdometerPeriodView>;

export const OdometerView = type({
  policyNumber: string(),
  vehicles: array(
    type({
      carNumber: number(),
      year: number(),
      make: string(),
      model: string(),
      /** The last six characters of the VIN, to tell two vehicles of one model apart */
      vinEnd: string(),
      latest: nullable(OdometerReadingView),
      /**
       * The billing period a reading sent today closes (api/billing/reading-period.ts), or null when none is
       * open to it: the reading is kept and counted in the next bill. Absent for a vehicle the billing cycle
       * does not bill by the mile (Unlimited) or before the policy's periods are recorded.
       */
      readingCloses: optional(nullable(OdometerPeriodView)),
    }),
  ),
});
export type OdometerView = Infer<typeof OdometerView>;

/** A typed odometer reading: digits only, up to 7 (odometers show six; some seven). */
export const odometerReading = define<string>('odometerReading', (value) =>
  (typeof value === 'string' && /^\d{1,7}$/.test(value)) || MESSAGES.odometerReading,
);

/** The guide frame's box (issue 24), as fractions of the upright photo: its left and top edges, its width and height. */
export interface OdometerBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest side a box may have, as a fraction of the photo's side: below it there is nothing to read. */
export const ODOMETER_BOX_MIN_SIDE = 0.02;
/** Rounding of the four fractions as they travel: a box drawn to the edge may sum to 1.0001. */
const BOX_SLACK = 0.001;
const FRACTION = /^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?|\.\d{1,6})$/;

/**
 * The box as the form sends it, one field: `left,top,width,height`, each a decimal from 0 to 1 with at most
 * six places ("0.2,0.4,0.6,0.2"); the box lies inside the photo and each side is at least ODOMETER_BOX_MIN_SIDE.
 * Null when the text is not such a box.
 */
export function parseOdometerBox(text: string): OdometerBox | null {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((part) => FRACTION.test(part))) return null;
  const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
  if (width < ODOMETER_BOX_MIN_SIDE || height < ODOMETER_BOX_MIN_SIDE) return null;
  if (left + width > 1 + BOX_SLACK || top + height > 1 + BOX_SLACK) return null;
  return { left, top, width, height };
}

/** The box's field text: `left,top,width,height`, four places each (a tenth of a pixel on a 12-megapixel photo). */
export const odometerBoxText = (box: OdometerBox): string =>
  [box.left, box.top, box.width, box.height].map((value) => String(Math.round(value * 10_000) / 10_000)).join(',');

export const odometerBoxField = define<string>('odometerBox', (value) => (typeof value === 'string' && parseOdometerBox(value) !== null) || MESSAGES.odometerBox);

/**
 * The text fields of the photo upload (multipart/form-data: token, carNumber, reading, and the file as
 * `photo`). The file itself is checked by its bytes on the server (api/odometer/image.ts). Issue 24 adds
 * two optional fields: `box`, the guide frame the sender placed over the digits (without it the whole
 * photo is read, as for a page without scripts), and `afterSuggestion`, the attempt whose suggestion the
 * sender was shown before typing this reading (the server checks it against its own record).
 */
export const OdometerPhotoFields = object({
  token,
  carNumber: define<string>('carNumber', (value) => (typeof value === 'string' && /^[1-9]$/.test(value)) || MESSAGES.odometerVehicle),
  reading: odometerReading,
  box: optional(odometerBoxField),
  afterSuggestion: optional(define<string>('afterSuggestion', (value) => (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) || MESSAGES.odometerAfterSuggestion)),
});
export type OdometerPhotoFields = Infer<typeof OdometerPhotoFields>;

/**
 * What became of a photo and its reading: verified at once, confirmed (retyped after a suggestion and read
 * so by both readers), waiting for a person, or (issue 24) suggested: both readers read `suggestion.reading`,
 * not the typed reading; nothing is accepted, and the page asks the sender to look again. A reading sent
 * after it names `suggestion.attempt` as `afterSuggestion`.
 */
export const OdometerPhotoAnswer = type({
  status: enums(['verified', 'confirmed', 'needs_review', 'suggested']),
  message: string(),
  suggestion: optional(type({ attempt: number(), reading: string() })),
});
export type OdometerPhotoAnswer = Infer<typeof OdometerPhotoAnswer>;

// --- Operations review (/ops/odometer) -------------------------------------------------------------------
// The operations page is ours, not the product's API: its calls live under /ops, beside the page, where the
// browser's Basic credentials for it apply. They are checked with these structs all the same.

export const OdometerReviewRequest = object({
  decision: enums(['approve', 'reject']),
  /** The reading a person read on the photo (approve); digits only */
  correctedReading: optional(odometerReading),
  /** Why, for the customer's e-mail (reject) */
  note: optional(maxLength(requiredText(), 500)),
});
export type OdometerReviewRequest = Infer<typeof OdometerReviewRequest>;

export const OdometerReviewAnswer = type({ status: enums(['approved', 'declined']) });
export type OdometerReviewAnswer = Infer<typeof OdometerReviewAnswer>;
