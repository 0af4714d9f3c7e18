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

/** superseded: held for review, then replaced by a newer photo of the same vehicle (never a vehicle's latest). */
export const ODOMETER_STATUSES = ['verified', 'needs_review', 'rejected', 'approved', 'declined', 'superseded'] as const;
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

/**
 * The text fields of the photo upload (multipart/form-data: token, carNumber, reading, and the file as
 * `photo`). The file itself is checked by its bytes on the server (api/odometer/image.ts).
 */
export const OdometerPhotoFields = object({
  token,
  carNumber: define<string>('carNumber', (value) => (typeof value === 'string' && /^[1-9]$/.test(value)) || MESSAGES.odometerVehicle),
  reading: odometerReading,
});
export type OdometerPhotoFields = Infer<typeof OdometerPhotoFields>;

/** A reading that was kept: verified at once, or waiting for a person to look at the photo. */
export const OdometerPhotoAnswer = type({
  status: enums(['verified', 'needs_review']),
  message: string(),
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
