/**
 * Every text of the account dashboard (/account), keyed (STYLE.md habit 7). Doc 1 "Account dashboard"'s own
 * words: the greeting, the four section names, the five buttons that open the 'Call Us' modal, 'To be
 * confirmed', the coverage labels ('Uninsured Bodily', the '(Each Person | Each Accident)' style) and the list
 * of coverages that carry a description. The descriptions themselves and everything else are ours.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';

export const DASHBOARD_TEXTS = {
  loading: 'Loading...',
  signInRequired: MESSAGES.signInRequired,
  logIn: 'Log in',
  unavailable: MESSAGES.callUs,
  pageTitle: 'My Account',
  welcome: (firstName: string) => `Welcome back, ${firstName}`,
  policyLine: (policyNumber: string) => `Policy #${policyNumber}`,
  noVehicles: 'There are no vehicles on this policy yet.',

  // the four sections of each vehicle's block
  myVehicle: 'My vehicle',
  myPolicy: 'My policy',
  myCoverage: 'My coverage',
  myDrivers: 'My drivers',

  // My vehicle
  year: 'Year',
  make: 'Make',
  model: 'Model',
  bodyStyle: 'Body style',
  vin: 'VIN',
  addReplaceVehicle: 'Add/Replace Vehicle',

  // My policy
  policyNumber: 'Policy number',
  policyOwner: 'Policy owner',
  renewalDate: 'Renewal date',
  toBeConfirmed: 'To be confirmed',
  garagingAddress: 'Garaging address',
  mailingAddress: 'Mailing address',
  changeAddress: 'Change Address',
  viewStatement: 'View My Statement',
  idCard: 'View My ID Card',
  idCardNewTab: '(PDF, opens in a new tab)',
  idCardMissing: 'Your ID card will be here once your policy is issued. It is also e-mailed to you.',
  // ours (issue 21): a policy cancelled for non-payment
  idCardCancelled: 'This policy is cancelled, so it has no ID card.',
  cancelled: (day: string) => `This policy was cancelled for non-payment at 12:01 a.m. on ${day}. Your statement shows its final bill. Please call us with any question.`,

  // My coverage
  plan: 'Plan',
  payPerMile: 'Pay-Per-Mile',
  unlimited: 'Unlimited',
  baseRate: 'Monthly base rate',
  perMileRate: 'Per-mile rate',
  unlimitedPremium: 'Premium for the 6-month term',
  coveragesTitle: 'Coverages',
  noCoverages: 'The coverages of this vehicle are not available yet.',
  changeCoverage: 'Change Coverage',

  // My drivers
  driverDob: 'Date of birth',
  driverLicense: "Driver's license",
  licenseEnding: (lastFour: string) => `ending ${lastFour}`,
  noDrivers: 'There are no drivers on this policy yet.',
  addEditDrivers: 'Add/Edit Drivers',

  // the account's links
  linksTitle: 'More in your account',
  statements: 'Statements',
  paymentCard: 'Change the card for your monthly bill',
  requestCard: 'Request a Card',
  lookupQuotes: 'Lookup Quotes',
  changePassword: 'Change Password',
  otherPolicy: 'View another policy',

  // the 'Call Us' modal (doc 1: "each opens a 'Call Us' modal (OK button) showing the customer service phone number")
  callUsTitle: 'Call Us',
  callUsText: 'To make this change, please call a customer service concierge at',
  callUsHours: `We answer the phone ${BRAND.supportHours}.`,
  ok: 'OK',
  // ours: the label of core's modal's close button (widgets/core/modal.tsx)
  close: 'Close',
};

export type DashboardTexts = typeof DASHBOARD_TEXTS;

/**
 * How each coverage is labelled on the dashboard, by its coverageName (doc 1: "Labels: Bodily Injury (Each
 * Person | Each Accident), Property Damage (Each Accident), Rental (Each Day | Each Loss); Comprehensive and
 * Collision are shown as deductibles; the coverage name UMUIMBI is shown as 'Uninsured Bodily'"). A name not
 * listed shows the API's coverageDescription.
 */
export const COVERAGE_DASHBOARD_LABELS: Readonly<Record<string, string>> = {
  BI: 'Bodily Injury (Each Person | Each Accident)',
  PD: 'Property Damage (Each Accident)',
  RENT: 'Rental (Each Day | Each Loss)',
  COMP: 'Comprehensive Deductible',
  COLL: 'Collision Deductible',
  UMUIMBI: 'Uninsured Bodily',
};

/**
 * What each coverage pays for, in plain words (doc 1: "Descriptions shown: Bodily Injury, Property Damage,
 * Comprehensive, Collision, Rental, Uninsured Motorist Property Damage, Personal Injury Protection"). Ours.
 */
export const COVERAGE_DASHBOARD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  BI:
    'Pays for injuries you or a driver on your policy cause to other people in an accident, such as their medical bills and lost wages, and for your legal defense if you are sued. The first amount is the most paid for one person, the second the most for one accident.',
  PD:
    "Pays for damage you or a driver on your policy cause to other people's property in an accident, such as their car, a fence or a building, up to the amount shown for one accident.",
  COMP:
    'Pays to repair or replace your vehicle, including custom parts, after damage that is not a collision: theft, fire, vandalism, hail, flood, falling objects or hitting an animal. You pay the deductible shown; covered glass has no deductible.',
  COLL:
    'Pays to repair or replace your vehicle, including custom parts, after it hits another vehicle or an object, or rolls over, whoever is at fault. You pay the deductible shown.',
  RENT:
    'Pays for a rental car while your vehicle is repaired after a covered claim: up to the first amount each day, and up to the second amount for one claim.',
  UMPD:
    'Pays for damage to your vehicle caused by a driver who is at fault and has no insurance, up to the amount shown.',
  PIP:
    "Pays your and your passengers' medical expenses after an accident, whoever is at fault, and in some states part of lost wages and other costs, up to the amount shown.",
};
