import { BRAND } from '../../contract/index.ts';

/**
 * Every text the wizard shell and steps 1 and 2 show, keyed (STYLE.md habit 7). The spec's texts are word
 * for word and say where they come from; labels, questions and the tooltips' wording are ours (doc 2 names
 * the fields and says what each tooltip explains, not how). Rule messages come from contract/messages.ts.
 */
export const QUOTE_WIZARD_TEXTS = {
  title: `Your ${BRAND.productName} quote`,
  // doc 2 section 1: step 1's intro
  intro: "Before you start, have your driver's license number and your current insurance information to hand.",
  // doc 2 section 1 and section 4
  loading: 'Loading...',
  busy: "Please wait, we're hitting our servers!",
  verifyLocation: 'One moment while we verify your location...',
  back: 'Back',
  continue: 'Continue',
  stepsLabel: 'Quote steps',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  // doc 2 section 1's step names; step 7 is the thank-you screen (doc 3)
  stepTitles: {
    info: 'Your Info', vehicles: 'Your Vehicle', drivers: 'Your Drivers', coverage: 'Your Coverage', quote: 'Your Quote',
    payment: 'Payment', 'thank-you': 'Thank You',
  },
  phoneLead: 'Questions, or something this form cannot do? Call us at',
  // ours: the way on from a spent or expired hand-over link (issue 7)
  retrieveQuote: 'Retrieve my quote',

  // step 1
  firstName: 'First Name',
  lastName: 'Last Name',
  streetAddressOne: 'Street Address',
  zipCode: 'ZIP Code',
  city: 'City',
  state: 'State',
  stateNoMatch: 'No state matches what you typed',
  zipUnknown: 'We could not find this ZIP code. Please check it.',
  isGarageSameAsMailing: 'Is your vehicle garaged at your mailing address?',
  garagingHeading: 'Garaging address',
  garagingStreetAddressOne: 'Garaging Street Address',
  garagingZipCode: 'Garaging ZIP Code',
  garagingCity: 'Garaging City',
  garagingState: 'Garaging State',
  lengthOfResidency: 'How long have you lived at this address?',
  householdCount: 'How many people live in your household?',
  dateOfBirth: 'Date of Birth',
  dateHint: 'For example, 03/27/1980',
  mobilePhoneNumber: 'Mobile Phone Number',
  phoneHint: 'For example, 602-555-0134',
  // doc 2 section 2: what the mobile number is for
  mobileTooltipLabel: 'Why we ask for your mobile number',
  mobileTooltip: 'We use your mobile number for policy notifications, such as reminders to submit a photo of your odometer.',
  preferredContactNumber: 'Preferred Contact Number',
  phoneType: 'Phone Type',
  hearAbout: 'How did you hear about us?',
  dealer: 'Which dealer?',
  isPCAMember: `Are you a member of the ${BRAND.club}?`,
  // doc 2 section 2: club members get exclusive discounts
  clubTooltipLabel: 'About club membership',
  clubTooltip: `Members of the ${BRAND.club} are eligible for exclusive discounts.`,
  select: 'Select...',

  // step 2
  vehicleLegend: 'Your Vehicle',
  // doc 2 section 2
  additionalVehicle: 'Additional Vehicle',
  vehicleOf: (index: number, total: number) => `Vehicle ${index} of ${total}`,
  vin: 'Vehicle Identification Number (VIN)',
  vinHint: '17 letters and digits',
  // doc 2 section 2: where the VIN is, and what it never holds
  vinTooltipLabel: 'Where to find your VIN',
  vinTooltip:
    "The 17-character VIN sits at the base of the windshield on the driver's side, on the driver's door jamb, or on your registration or insurance card. It never includes the letters I, O or Q.",
  vinChecked: 'Vehicle found',
  vinCheckRequired: 'Please enter a VIN we can find before you continue.',
  year: 'Year',
  make: 'Make',
  model: 'Model',
  style: 'Style',
  priorDamage: 'Does this vehicle have existing damage?',
  leaseOwnFinance: 'Is this vehicle owned, leased or financed?',
  lengthOfOwnership: 'How long have you owned this vehicle?',
  purpose: 'Primary use',
  miles: 'Annual Miles',
  milesHint: 'About how many miles you drive this vehicle in a year',
  statedValue: 'Insured Value',
  statedValueHint: 'Between $1,000 and $300,000',
  // doc 2 section 2: the insured-value tooltip
  valueTooltipLabel: 'About the insured value',
  valueTooltip:
    'This is the amount we pay if your vehicle is a covered total loss. If it is financed or leased, choose a value that covers the balance you owe.',
  addVehicle: 'Add Another Vehicle',
  removeVehicle: 'Remove Vehicle',
  // doc 2 section 8: modals
  sorry: 'Sorry!',
  notice: 'Notice',
  ok: 'OK',
  close: 'Close',
} as const;

export type QuoteWizardTexts = typeof QUOTE_WIZARD_TEXTS;

/** doc 2 section 9: the redirect loader stays 3000 ms; the page scrolls up 100 ms after a step change. */
export const LOCATION_DELAY_MS = 3000;
export const SCROLL_DELAY_MS = 100;
/** doc 2 section 1: each step's page-view event comes about 25 ms after the step shows. */
export const PAGE_VIEW_DELAY_MS = 25;
