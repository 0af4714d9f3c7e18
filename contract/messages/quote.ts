/**
 * The messages of the quote: VIN, licence, vehicle and household answers, addresses, the rated state and
 * the coverages. contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';
import { LIMITS } from '../rules/limits.ts';

// doc 2 section 5 and section 8: the VIN's length
export const vinLength = 'The VIN must be 17 characters. Please try again.';

// ours: the VIN's characters (doc 1 and doc 2 tooltips: "never contains the letters I, O or Q")
export const vinCharacters = 'A VIN has only letters and digits, and never the letters I, O or Q.';

// doc 2 section 8: VIN check answers and the duplicate rule
export const vinInvalid = 'Invalid VIN';
export const vinNotFound = 'Invalid VIN / Cannot locate vehicle';
export const vinNonMarque = 'We are unable to insure non-Porsche vehicles in this state.';
export const vinDuplicate = 'Duplicate VIN';

// ours: licence number against its state's format (doc 2 section 5 gives the formats, not a message)
export const licence = (stateName: string) => `Please enter a valid ${stateName} driver's license number.`;

// doc 2 section 5: duplicate licence numbers among non-excluded drivers
export const licenceDuplicate = 'License number already added';

// doc 2 section 5 (the spec's typographic apostrophe kept)
export const licenceRevoked =
  'Unfortunately we cannot provide coverage for drivers with a revoked or suspended driver’s license.';

// ours: money (doc 2 section 5: insured value between $1,000 and $300,000, at most 6 integer digits)
export const insuredValue = 'Please enter an insured value between $1,000 and $300,000.';

// ours: annual miles (doc 2 section 5: numeric, max 7 digits)
export const annualMiles = 'Please enter the annual miles as a whole number of up to 7 digits.';

// doc 2 section 8: purpose Business
export const businessPurpose = 'Unfortunately we cannot insure vehicles used for business purposes.';

// doc 2 section 8's one-time mileage notice, with the number the quote is really based on: doc 3 section 9's
// cap of the request, not doc 2's 13,000 (issue 20; docs/architecture.md, choices where the spec was unclear)
export const mileageNotice =
  `We will quote your vehicle based on ${LIMITS.requestMilesCap.toLocaleString('en-US')} annual miles; however, your premium will still be charged based on the actual miles you drive.`;

// ours: household count (doc 2 section 5: required and numeric, OH only)
export const householdCount = 'Please enter the number of people in your household.';

// doc 3 section 8: forward or continue failure, and the call-us answer for a state we cannot rate
export const callUs = `The system is unable to complete your request at this time. Please call ${BRAND.phone} to speak to a customer service concierge.`;

// ours: Unlimited (capped billing) is offered only in the Unlimited states (doc 3 section 9)
export const unlimitedNotOffered = (state: string) =>
  `The Unlimited plan is not offered in ${state}. Please choose Pay-Per-Mile for this vehicle.`;

// ours: a quote is rated in the state where its vehicles are garaged
export const ratedStateMismatch = 'The rated state must be the state of the garaging address.';

// ours: doc 2 section 4 "at the maximum, a message tells the user to call the phone number"
export const maxVehicles = `To add more than 4 vehicles, please call ${BRAND.phone}.`;
export const maxDrivers = `To add more than 4 drivers, please call ${BRAND.phone}.`;

// ours: a quote request needs a mailing address, and a garaging one when they differ
export const mailingAddress = 'Please enter your mailing address.';
export const garagingAddress = 'Please enter the garaging address.';

// ours: a model year outside 1981 (doc 1 section 1: "1981 and later") to next year's models
export const modelYear = 'Please enter a model year from 1981 on.';

// ours: the coverage step's decline warning modal (doc 3 section 8: "text explains comprehensive and
// collision must be bought together (full text not shown)")
export const coveragePairWarning =
  'Comprehensive and collision coverage must be bought together. Declining one declines the other.';

// ours: FL's variant of the warning (doc 3 section 4: "In FL, collision requires comprehensive")
export const collisionNeedsComprehensive =
  'In Florida, collision coverage requires comprehensive coverage, so collision has been declined too.';

// ours: the API's check of a quote request's coverage limits (doc 3 sections 3 and 4)
export const coverageMissing = (coverage: string) => `${coverage}: please choose a limit.`;
export const coverageValue = (coverage: string, value: string) => `${value} is not a ${coverage} option in this state.`;
export const coverageNotOffered = (coverage: string) =>
  `The ${coverage} limit does not fit the other coverages chosen. Please review your coverage.`;
export const coverageUnknown = (name: string) => `${name} is not a coverage offered in this state.`;
export const coverageDuplicate = (coverage: string) => `${coverage} is given more than once.`;
export const coverageVehicleCount = 'Each vehicle needs its own coverage limits.';
