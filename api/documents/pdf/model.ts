/**
 * What the PDF builders print (issue 8, item 1 and the PDF half of item 3). The caller loads a policy from
 * the database and fills these; the builders only lay them out, so a document can be rebuilt at any time
 * from the same data and gives the same bytes.
 *
 * Money is whole cents where the programme charges it (fees, billing) and dollars where the rate table
 * states it (base and per-mile rates, which carry fractions of a cent per mile, and stated values).
 */

export interface PersonName {
  firstName: string;
  lastName: string;
  middleName?: string;
  suffix?: string;
}

export interface PostalAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface DocumentCoverage {
  /** As the insured reads it: 'Bodily Injury', 'Collision deductible'. */
  name: string;
  /** Limit or deductible as printed: '$50,000/$100,000', '$500', 'Not carried'. */
  limit: string;
  /**
   * The spec's limit name (doc 3: BI, PD, PIP, UMBI, COMP, COLL, ...). Optional; the ID card uses it to
   * print the liability limits (BI, PD) and the coverages a state wants on its card (Florida: PIP).
   */
  code?: string;
}

export interface DocumentVehicle {
  carNumber: number;
  year: number;
  make: string;
  model: string;
  bodyStyle: string;
  vin: string;
  statedValueDollars: number | null;
  financing: 'OWN' | 'LEASE' | 'FINANCE';
  /** Pay-Per-Mile or Unlimited (doc 3: per_mile or capped). */
  billingType: 'per_mile' | 'capped';
  /** Monthly base rate. */
  baseRateDollars: number;
  /** The per-mile rate; an Unlimited vehicle's is priced into its fixed premium (7,300 miles a term). */
  perMileRateDollars: number;
  /**
   * What the vehicle is charged a month, fees aside, as the rating engine priced it: Pay-Per-Mile, its base
   * rate plus its per-mile rate for the estimated miles (an estimate); Unlimited, a sixth of its 6-month
   * Unlimited premium (fixed). The vehicles' charges and the monthly fees make the estimated monthly payment.
   */
  monthlyChargeCents: number;
  /** The vehicle's premium for the term, fees aside; the vehicles' premiums make the estimated total written. */
  termPremiumCents: number;
  coverages: DocumentCoverage[];
  lienholder: (PostalAddress & { name: string }) | null;
}

export interface DocumentDriver {
  driverNumber: number;
  name: PersonName;
  /** YYYY-MM-DD */
  dob: string;
  /** doc 3: INSURED, SPOUSE, ... */
  relation: string;
  licenseState: string | null;
  /** Only the last four characters ever reach a document. */
  licenseNumberLast4: string | null;
}

export interface PolicyDocumentModel {
  /** The underwriting company. */
  insurerName: string;
  /** The insurer's NAIC company code, printed on the ID card when known (Texas and Florida cards carry it). */
  insurerNaicCode?: string;
  /** BRAND.productName */
  programName: string;
  policyNumber: string;
  binderNumber: string;
  /** BOUND: coverage is bound, documents are a binder; ISSUED: signed and odometer verified. */
  status: 'BOUND' | 'ISSUED' | 'CANCELLED';
  /** When the policy took that status (its status history's last change). */
  statusSince: Date;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** YYYY-MM-DD */
  expirationDate: string;
  namedInsured: PersonName;
  emailAddress: string;
  mailingAddress: PostalAddress;
  garagingAddress: PostalAddress;
  /** Two letters. */
  ratedState: string;
  drivers: DocumentDriver[];
  vehicles: DocumentVehicle[];
  /** Coverages that apply to the policy as a whole (liability, uninsured motorist, PIP, ...). */
  policyCoverages: DocumentCoverage[];
  /** { name: 'Policy fee', cents: 500, per: 'month' } */
  fees: { name: string; cents: number; per: string }[];
  billing: {
    frequency: 'monthly' | 'biannually';
    payPlan: number;
    downPaymentCents: number;
    estimatedMonthlyPaymentCents: number;
    estimatedTotalWrittenCents: number;
  };
  rateTableVersion: string;
  /** When this document was generated; printed as its date and written as the PDF's dates. */
  createdAt: Date;
}

export interface ApplicationModel extends PolicyDocumentModel {
  /** Steps 1 to 4's answers as label and value, in the wizard's order. */
  answers: { question: string; answer: string }[];
  /** The statements the applicant attests by signing. */
  declarations: string[];
}

/** What the e-sign page records (ESIGN Act: consent, intent, association of signature and record). */
export interface SignatureRecord {
  /** The typed full name. */
  signerName: string;
  signedAt: Date;
  /** Hex SHA-256 of the application PDF the signer was shown, computed by the caller. */
  documentSha256: string;
  ipAddress: string;
  userAgent: string;
  /** The consent to do business electronically, word for word as shown. */
  consentText: string;
  consentedAt: Date;
}
