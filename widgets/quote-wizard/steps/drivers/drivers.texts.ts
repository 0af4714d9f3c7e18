import { BRAND, ISSUER_LENGTH_LABELS, MESSAGES } from '../../../../contract/index.ts';

/**
 * Every text step 3 (Your Drivers) shows, keyed (STYLE.md habit 7). The legends, the issuer-length labels,
 * the duplicate-licence snackbar and the revoked-licence modal are the spec's words (doc 2 sections 2, 4,
 * 5 and 8); the field labels, hints and the exclusion explanation are ours (the spec names the fields,
 * not their labels, and gives no text for 'More info.').
 */
export const DRIVERS_TEXTS = {
  // doc 2 section 2, step 3
  legends: {
    primary: 'Your Drivers',
    spouse: 'Your Spouse',
    additionalSpouse: 'Additional Driver Spouse',
    additional: 'Additional Driver',
  },
  pageOf: (page: number, pages: number) => `Driver ${page} of ${pages}`,

  firstName: 'First Name',
  lastName: 'Last Name',
  dateOfBirth: 'Date of Birth',
  lockedHint: 'Your name and date of birth come from Your Info. To change them, go back to step 1.',
  emailAddress: 'Email Address',
  gender: 'Gender',
  maritalStatus: 'Marital Status',
  marriedNext: "Next, we'll ask about your spouse.",
  relation: 'Relationship to You',
  levelOfEducation: 'Highest Level of Education',
  occupationIndustry: 'Occupation Industry',
  occupation: 'Occupation',
  occupationFreeHint: 'Your job title, in your own words.',
  homeRentalStatus: 'Do you own or rent your home?',
  licenseState: "Driver's License State",
  licenseStatus: "Driver's License Status",
  licenseNum: "Driver's License Number",
  licenseNumHint: 'Letters and digits as on the card; spaces and dashes are removed.',
  accidentsConvictions: 'Accidents or convictions in the last 3 years',
  hasAutoInsurance: 'Do you currently have auto insurance?',
  // doc 2 section 4: the two labels of the length-with-insurer question
  issuerLength: ISSUER_LENGTH_LABELS,
  previousCompany: 'Insurance Company',
  previousExpirationCurrent: 'When does your current policy expire?',
  previousExpirationLapsed: 'When did your policy expire?',
  recentCoverageLimits: 'Bodily Injury Liability Limits on That Policy',
  recentCoverageLimitsHint: 'Per person / per accident, in thousands of dollars, as on your declarations page.',
  addAnotherDriver: 'Add another driver?',
  yes: 'Yes',
  no: 'No',
  removeDriver: 'Remove Driver',
  select: 'Select...',
  stateNoMatch: 'No state matches what you typed',

  // the exclude question on spouse pages and its 'More info.' modal (doc 2 section 2; text ours)
  isExcluded: 'Exclude your spouse from this policy?',
  moreInfo: 'More info.',
  excludeTitle: 'Excluding a spouse',
  excludeBody: [
    'An excluded spouse is not covered by this policy. If they drive one of the insured vehicles, nothing is paid for an accident they cause: not the damage to the car, not the injuries or damage to anyone else.',
    'Exclude your spouse only if they will never drive the insured vehicles, for example because they have their own car and their own insurance. Their driver’s license and driving record are then not asked for.',
    `Questions? Call us at ${BRAND.phone}.`,
  ],
  excludedNote: 'Excluded spouse: no license or driving-record questions.',
  close: 'Close',
  ok: 'OK',

  // doc 2 sections 5 and 8
  duplicateLicence: MESSAGES.licenceDuplicate,
  revokedTitle: 'Sorry!',
  revoked: MESSAGES.licenceRevoked,
  // doc 2 section 9: at most 4 drivers not counting spouses; the call-us message (MESSAGES.maxDrivers)
  maxDrivers: MESSAGES.maxDrivers,
  phone: BRAND.phone,
  phoneHref: BRAND.phoneHref,
};

export type DriversTexts = typeof DRIVERS_TEXTS;
