/**
 * The spec's numeric constants that rules and screens share (doc 1 section 9, doc 2 section 9,
 * doc 3 section 9). One number, one name; the rules import these instead of repeating the digits.
 */
export const LIMITS = {
  /** doc 1 and doc 2 section 9: names, and the contact form's middle initial (doc 1 section 5). */
  nameMax: 63,
  /** doc 1 section 5: claim form maxima. */
  incidentLocationMax: 128,
  incidentDescriptionMax: 256,
  ownerVehicleDetailsMax: 200,
  vehicleDamageMax: 128,
  policeAgencyMax: 128,
  policeReportMax: 128,
  /**
   * ours: free texts the spec shows without a maximum (claim follow-up answers, contact subject and
   * body, lienholder address). The API refuses unbounded input; these caps are far above real answers.
   */
  shortTextMax: 128,
  freeTextMax: 256,
  messageBodyMax: 5000,
  /** doc 1 section 9, doc 2 section 9. */
  zipLength: 5,
  vinLength: 17,
  /** doc 1 section 5, doc 3 section 9: password minimum; the maximum is ours (hashing cost, ASVS allows 64+). */
  passwordMin: 10,
  passwordMax: 128,
  /** doc 1 section 9: minimum age for date-of-birth input; doc 2 section 9: 16 for other drivers, 120 years back. */
  policyholderMinAge: 18,
  spouseMinAge: 18,
  driverMinAge: 16,
  maxAge: 120,
  /** doc 3 section 9: effective date window, today to 30 days ahead. */
  effectiveDateMaxDaysAhead: 30,
  /** doc 2 section 9: lapsed expiry window up to 31 days back; default lapsed expiry 15 days ago. */
  lapsedExpiryMaxDaysBack: 31,
  lapsedExpiryDefaultDaysBack: 15,
  /** doc 3 section 9: plan term in months. */
  termMonths: 6,
  /** doc 2 section 9: insured value $1,000 to $300,000, at most 6 integer digits. */
  insuredValueMin: 1_000,
  insuredValueMax: 300_000,
  insuredValueDigits: 6,
  /** doc 2 section 9: miles field max 7 digits. */
  annualMilesDigits: 7,
  /** doc 3 section 9: Pay-Per-Mile suits under 14,000 a year. */
  mileageThreshold: 14_000,
  /**
   * doc 3 section 9: the request and capped billing use at most 14,600 miles a year. Also the mileage
   * notice's threshold and the number it names (doc 2 said 13,000 for both; docs/architecture.md, choices).
   */
  requestMilesCap: 14_600,
  /** doc 2 section 9: at most 4 vehicles, 4 drivers not counting spouses; doc 2 section 5: accidents 0-3. */
  maxVehicles: 4,
  maxDrivers: 4,
  maxAccidents: 3,
} as const;
