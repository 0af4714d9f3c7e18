import type { CoverageForm } from '../../../contract/coverage/coverage-model.ts';
import { DEFAULT_EDUCATION, isStateCode, type QuoteRequest } from '../../../contract/index.ts';
import type { PurchaseState } from './purchase-model.ts';

/**
 * The quote wizard's form, as the person fills it in (doc 2 section 3). Every field the person types or
 * picks is a string as the control holds it ('MM/DD/YYYY' dates, '$85,000' values), so a reload restores
 * exactly what was on screen; the quote request (doc 3 section 3) is built from this later, in one place.
 *
 * The shell (QuoteWizard.tsx, shell/use-wizard-state.ts) owns this state and persists it tab-scoped; each
 * step reads it and changes it through StepProps (step.ts).
 */

/** Step 1, Your Info. isGarageSameAsMailing: '1' same, '2' different (doc 2 section 3). */
export interface InfoForm {
  firstName: string;
  lastName: string;
  streetAddressOne: string;
  zipCode: string;
  city: string;
  state: string;
  lengthOfResidency: string;
  householdCount: string;
  isGarageSameAsMailing: '' | '1' | '2';
  garagingStreetAddressOne: string;
  garagingZipCode: string;
  garagingCity: string;
  garagingState: string;
  dateOfBirth: string;
  mobilePhoneNumber: string;
  preferredContactNumber: string;
  phoneType: string;
  hearAbout: string;
  /** A dealer code from contract's dealer list, when hearAbout is Dealer. */
  dealer: string;
  isPCAMember: string;
}

/** Step 2, one vehicle. isVINValid: null before the VIN check, then true or false (doc 2 section 3). */
export interface VehicleForm {
  id: string;
  vin: string;
  year: string;
  make: string;
  model: string;
  style: string;
  isVINValid: boolean | null;
  priorDamage: string;
  leaseOwnFinance: string;
  lengthOfOwnership: string;
  purpose: string;
  miles: string;
  statedValue: string;
  /** Billing type chosen on the coverage step (issue 4); false until then. */
  isUnlimited: boolean;
}

/** Which legend a driver page shows (doc 2 section 2, step 3). */
export type DriverRole = 'primary' | 'spouse' | 'additionalSpouse' | 'additional';

/** Step 3, one driver page. hasAutoInsurance: '3' yes, '0' never, '1' lapsed < 1 month, '2' lapsed > 1 month. */
export interface DriverForm {
  id: string;
  role: DriverRole;
  firstName: string;
  lastName: string;
  /** First driver only. */
  emailAddress: string;
  dateOfBirth: string;
  gender: string;
  /** INSURED for the first driver, Spouse for spouse pages, else Child, Parent, Relative or Other. */
  relation: string;
  maritalStatus: string;
  licenseState: string;
  licenseStatus: string;
  licenseNum: string;
  homeRentalStatus: string;
  levelOfEducation: string;
  hasAutoInsurance: string;
  previousCompany: string;
  previousExpirationDate: string;
  recentCoverageLimits: string;
  recentIssuerLength: string;
  accidentsConvictions: string;
  addAnotherDriver: string;
  /** Spouse pages only: 'Yes' excludes the spouse (status LIST, no licence questions). */
  isExcluded: string;
  occupationIndustry: string;
  occupation: string;
  occupationCode: string;
}

/** 0 loading, 1 info, 2 vehicles, 3 drivers, 4 coverage, 5 quote, 6 payment, 7 final (doc 2 section 4). */
export type StepNumber = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WizardState {
  step: StepNumber;
  info: InfoForm;
  vehicles: VehicleForm[];
  /** The vehicle on screen in step 2. */
  vehicleIndex: number;
  drivers: DriverForm[];
  /** The driver page on screen in step 3. */
  driverIndex: number;
  /** Who sent the visitor: a dealer code from the `dealer` attribute or the quote-start hand-over. */
  attribution: { dealer: string; agencyCode?: string };
  /** The priced quote (issue 4); any later change to info, vehicles or drivers clears it (doc 2 section 4). */
  quoteResponse: unknown | null;
  /**
   * Step 4's choices (issue 4): null until step 4 first opens, and again after the rated (garaging) state changes
   * (doc 3 section 4: "Changing the garaging or rated state resets all coverages and the effective date").
   */
  coverage: CoverageForm | null;
  /** The request that produced quoteResponse; forward navigation compares it before calling again. */
  quoteRequest: QuoteRequest | null;
  /**
   * The number of the shopper's quote (issue 11): kept when a change clears the quote, so pricing it again
   * sends it (the request's quoteNumber) and the API keeps the number, as a new version, mailing once.
   */
  quoteNumber?: string;
  /** The first vehicle's picture entries, fetched after step 2. */
  vehicleImage: { view: string; uri: string }[] | null;
  /** The mileage notice (above the request's cap of miles) was shown (doc 2 section 4: "a one-time notice"); it is not shown again. */
  mileageNoticeShown?: boolean;
  /** Steps 6 and 7 (steps/payment/purchase-model.ts): frequency, a refused payment, the bound policy, lienholders. */
  purchase?: PurchaseState;
}

let nextId = 0;
/** Ids for list entries, unique within the page's life and across reloads (they are persisted). */
export function newId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${Date.now().toString(36)}-${nextId}`;
}

/*
 * Answers a fresh page starts with (issue 11, item 8: a Texas quote in 20 inputs, not 44). Each is the common
 * answer, stays on screen as a checked radio or a chosen option, and is changed with one input; the spec asks
 * for an answer to each (doc 2 section 5, "required") without saying it starts empty. The spec's line for
 * each is in docs/architecture.md ("Choices made where the spec was unclear"); test/e2e/quote-inputs.e2e.test.ts
 * counts what they save.
 */

/**
 * A fresh vehicle page: Personal use, because Business is refused (doc 2 section 4: "Purpose of Business shows a
 * refusal modal and blocks progress"), so outside PA it is the one answer that goes on. Existing damage stays
 * unanswered: it is an underwriting declaration the applicant makes, and an insurer cannot rely on a default.
 */
export function emptyVehicle(): VehicleForm {
  return {
    id: newId('vehicle'), vin: '', year: '', make: '', model: '', style: '', isVINValid: null, priorDamage: '',
    leaseOwnFinance: '', lengthOfOwnership: '', purpose: 'Pleasure', miles: '', statedValue: '', isUnlimited: false,
  };
}

/**
 * A fresh driver page: education College graduate (the request's own default, doc 3 section 3: "educationCode
 * (default CollegeGraduated)") and no other driver to add (the answer that ends the step; Yes opens the next
 * page, as Married does with No, doc 2 section 4). Licence status and accidents or convictions stay unanswered:
 * like existing damage they are the applicant's declarations of the risk, answered by the person, never preset.
 */
export function emptyDriver(role: DriverRole): DriverForm {
  return {
    id: newId('driver'), role, firstName: '', lastName: '', emailAddress: '', dateOfBirth: '', gender: '',
    relation: role === 'primary' ? 'INSURED' : role === 'additional' ? '' : 'Spouse', maritalStatus: '',
    licenseState: '', licenseStatus: '', licenseNum: '', homeRentalStatus: '', levelOfEducation: DEFAULT_EDUCATION,
    hasAutoInsurance: '', previousCompany: '', previousExpirationDate: '', recentCoverageLimits: '',
    recentIssuerLength: '', accidentsConvictions: '', addAnotherDriver: 'No', isExcluded: '', occupationIndustry: '',
    occupation: '', occupationCode: '',
  };
}

/**
 * The first driver's licence state, still unanswered, prefilled with the state they live in (issue 11): what
 * step 1 told us, and most often right; the person changes it on their page. The same list when nothing changes.
 */
export function licenceStateFromHome(drivers: DriverForm[], home: string): DriverForm[] {
  const first = drivers[0];
  if (!first || first.licenseState !== '' || !isStateCode(home)) return drivers;
  return [{ ...first, licenseState: home }, ...drivers.slice(1)];
}

/**
 * A fresh step 1. The garaging answer starts at Yes, the common case (issue 11): the question stays on screen
 * with its answer, and No opens the garaging address as before. Club membership starts at No: a member says
 * Yes for the discount its tooltip tells of (doc 2 section 2).
 */
export function emptyInfo(): InfoForm {
  return {
    firstName: '', lastName: '', streetAddressOne: '', zipCode: '', city: '', state: '', lengthOfResidency: '',
    householdCount: '', isGarageSameAsMailing: '1', garagingStreetAddressOne: '', garagingZipCode: '',
    garagingCity: '', garagingState: '', dateOfBirth: '', mobilePhoneNumber: '', preferredContactNumber: '',
    phoneType: '', hearAbout: '', dealer: '', isPCAMember: 'No',
  };
}

export function initialWizardState(): WizardState {
  return {
    step: 1, info: emptyInfo(), vehicles: [emptyVehicle()], vehicleIndex: 0, drivers: [emptyDriver('primary')],
    driverIndex: 0, attribution: { dealer: '' }, quoteResponse: null, vehicleImage: null, coverage: null,
    quoteRequest: null,
  };
}

/**
 * Where the vehicles are garaged: the garaging state when the person said they are garaged elsewhere, else
 * the mailing state. This is the rated state: doc 3's "one coverage form exists per rated state", the quote
 * request's ratedState, which the API prices with that state's rate table and refuses when it is not the
 * garaging address's state. It also picks the purpose list (PA) and the length-of-ownership question.
 */
export function garagingStateOf(info: InfoForm): string {
  return info.isGarageSameAsMailing === '2' && info.garagingState ? info.garagingState : info.state;
}

/**
 * The state of the mailing address, step 1's State: where the policyholder lives. The drivers step reads
 * its state rules (occupation questions, Oregon's gender option) from it; the price follows garagingStateOf.
 */
export function mailingStateOf(info: InfoForm): string {
  return info.state;
}
