import { BRAND } from './brand.ts';

/**
 * Every user-visible message of a rule, keyed. The spec's texts are quoted word for word (the comment
 * names the document and section); where the spec gives no text (it often says "messages not shown") we
 * wrote one and mark it `ours`. Widgets and the API show exactly these strings, so a test can pin them.
 * Functions build the few messages that carry a number, a state or a date.
 */
export const MESSAGES = {
  // doc 1 section 5: e-mail everywhere
  email: 'Please enter a valid email address.',
  // ours: a required field left empty (also any select left unchosen)
  required: 'This field is required.',
  // ours: names where the spec says "letters only"
  nameLetters: 'Please use letters only.',
  // ours: the spec's maxima (63, 128, 200, 256)
  maxLength: (max: number) => `Please use at most ${max} characters.`,
  // ours: a text holding a control character (NUL, escape ...) or half of a surrogate pair: nothing a
  // person types, and nothing the database can store (PostgreSQL refuses NUL and broken UTF-16 in JSON)
  textCharacters: 'Please remove the invisible control characters or broken symbols from this field.',
  // ours: state picked from the list of 50 states and DC
  state: 'Please choose a state from the list.',
  // ours: a value outside a fixed list of options (a select the page did not offer)
  choice: 'Please choose one of the options.',

  // ours: ZIP (doc 1 section 5, doc 2 section 5: digits only, exactly 5)
  zip: 'Please enter a 5-digit ZIP code.',
  // ours: US phone (doc 1 section 5, doc 2 section 5: "a valid US number formatted 000-000-0000")
  phone: 'Please enter a valid US phone number as 000-000-0000.',

  // ours: dates (doc 2 section 5: "Date format check MM/DD/YYYY plus real-date check"; messages not shown)
  dateFormat: 'Please enter the date as MM/DD/YYYY.',
  dateIsoFormat: 'Please send the date as YYYY-MM-DD.',
  dateReal: 'Please enter a real calendar date.',
  // ours: date-of-birth windows (18-year rule 18 to 120, 16-year rule 16 to 120, spouses 18)
  minAge: (years: number) => `The driver must be at least ${years} years old.`,
  maxAge: (years: number) => `Please enter a date of birth within the last ${years} years.`,
  // ours: policy effective date, today to 30 days ahead (doc 3 section 5, "exact messages: not shown")
  effectiveDate: (first: string, last: string) => `Please choose an effective date from ${first} to ${last}.`,
  // ours: lapsed prior insurance, 31 days ago to today (doc 2 section 5)
  lapsedExpiry: (first: string, last: string) =>
    `A lapsed policy must have expired between ${first} and ${last}.`,
  // ours: current prior insurance, "a valid date in the future" (doc 2 section 5)
  currentExpiry: 'Your current policy must expire after today.',
  // ours: a current policy expiring more than a year ahead is a typo (no US auto term is longer than 12 months)
  currentExpiryTooFar: 'Please check the expiration date: it is more than a year away.',
  // ours: a claim is about something that already happened
  incidentDate: 'The incident date cannot be in the future.',
  // ours: the quote request's expiration date is the effective date plus the 6-month term (doc 3 section 3)
  expirationDate: 'The expiration date must be 6 months after the effective date.',

  // doc 2 section 5 and section 8: the VIN's length
  vinLength: 'The VIN must be 17 characters. Please try again.',
  // ours: the VIN's characters (doc 1 and doc 2 tooltips: "never contains the letters I, O or Q")
  vinCharacters: 'A VIN has only letters and digits, and never the letters I, O or Q.',
  // doc 2 section 8: VIN check answers and the duplicate rule
  vinInvalid: 'Invalid VIN',
  vinNotFound: 'Invalid VIN / Cannot locate vehicle',
  vinNonMarque: 'We are unable to insure non-Porsche vehicles in this state.',
  vinDuplicate: 'Duplicate VIN',

  // ours: licence number against its state's format (doc 2 section 5 gives the formats, not a message)
  licence: (stateName: string) => `Please enter a valid ${stateName} driver's license number.`,
  // doc 2 section 5: duplicate licence numbers among non-excluded drivers
  licenceDuplicate: 'License number already added',
  // doc 2 section 5 (the spec's typographic apostrophe kept)
  licenceRevoked:
    'Unfortunately we cannot provide coverage for drivers with a revoked or suspended driver’s license.',

  // ours: password rule (doc 1 section 5, doc 3 section 5: messages not shown)
  passwordLength: 'The password must be at least 10 characters long.',
  passwordTooLong: 'The password must be at most 128 characters long.',
  passwordRule:
    'The password needs a number, an upper-case letter, a lower-case letter and one of ! @ # $ % ^ & * ) ( + = . _ -',
  passwordMatch: 'The passwords do not match.',
  // doc 1 section 8
  passwordNoToken: 'Please come through the link in email',
  // doc 3 section 8: sign-up success (the toast, 10 s); the API answers it whatever happened (no enumeration)
  signUpSuccess:
    'Thank you for creating your account. You will receive an email shortly containing a link to confirm your registration...',
  // ours: the account confirmation page, after the e-mailed link is spent
  accountConfirmed: 'Thank you. Your account is confirmed, and you can now sign in.',
  // ours: a confirmation link that is unknown, used or expired (one message for every miss)
  accountConfirmationLinkInvalid: `We were unable to confirm your account: this link has already been used or has expired. If you confirmed your account already, you can sign in. Otherwise please call ${BRAND.phone} to speak to a customer service concierge.`,

  // ours: sign-in (issue 9). One answer for an unknown address and a wrong password.
  loginFailed: 'The e-mail address or password is not correct. Please try again, or sign in with a link sent by e-mail.',
  // ours: a right password for an account whose e-mail address is not confirmed yet
  loginUnconfirmed: 'Please confirm your account first with the link we e-mailed you, or sign in with a link sent by e-mail.',
  // ours: the magic link's answer, the same whether or not the address has an account
  magicLinkSent: 'If an account uses that address, we have e-mailed it a link to sign in. The link works once, within 10 minutes.',
  // ours: a sign-in link that is unknown, used or expired
  magicLinkInvalid: 'This sign-in link has already been used or has expired. Please ask for a new one.',
  // ours: a call that needs a session without one (401)
  signInRequired: 'Please sign in to continue.',
  // doc 1 section 8: forgot password success
  resetSent: 'Sent a link to reset your password',
  // doc 1 section 8: change or create password success
  passwordUpdated: 'Successfully updated the Password!',
  // ours: a reset or create-password link that is unknown, used or expired
  passwordLinkInvalid: 'This link has already been used or has expired. Please ask for a new one on the Forgot Password page.',
  // ours: change password with a wrong current password
  currentPasswordWrong: 'The current password is not correct.',
  // ours: doc 1 "the password should not contain parts of the name or e-mail", enforced
  passwordPersonal: 'The password must not contain your name or the name of your e-mail address.',
  // doc 1 section 4: Save My Quote success
  quoteSaved: 'Quote Saved Successfully',
  // ours: a policy number that is not on the signed-in account (the same answer as one that does not exist)
  accountPolicyNotFound: 'We could not find that policy on your account.',
  // ours: the card request's two outcomes
  cardEmailed: 'We have e-mailed the insurance ID card to the address on your account.',
  cardMailed: 'Thank you. We will post the insurance ID card to the mailing address on your policy within 5 business days.',
  // ours: a card request for a policy without an ID card yet (its documents are being made)
  cardNotReady: 'The ID card for this policy is not ready yet. Please try again in a few minutes.',
  // doc 1 section 8: session retrieval failure (3500 ms danger snackbar)
  sessionRetrievalFailed: "We were unable to retrieve your quote. Please click the 'Start a new quote' button to continue.",
  // doc 1 section 8: rollover not found or error (the spec's two spaces kept)
  rolloverNotFound: `We were unable to locate your policy rollover information.  Please call Customer Care at ${BRAND.phone} to complete your updated policy.`,
  // ours: Save My Quote with an e-mail address that is not the signed-in account's (quotes are saved to
  // the account of the address they were made with)
  accountEmailMismatch: 'Quotes can be saved only to the account of the e-mail address they were made with. Please sign in with that address.',
  // ours: the answer of a sign-out (POST user/clear_session)
  signedOut: 'You are signed out.',

  // ours: money (doc 2 section 5: insured value between $1,000 and $300,000, at most 6 integer digits)
  insuredValue: 'Please enter an insured value between $1,000 and $300,000.',
  // ours: annual miles (doc 2 section 5: numeric, max 7 digits)
  annualMiles: 'Please enter the annual miles as a whole number of up to 7 digits.',
  // doc 2 section 8: purpose Business
  businessPurpose: 'Unfortunately we cannot insure vehicles used for business purposes.',
  // doc 2 section 8: the one-time mileage notice above 13,000 miles
  mileageNotice:
    'We will quote your vehicle based on 13,000 annual miles; however, your premium will still be charged based on the actual miles you drive.',
  // ours: household count (doc 2 section 5: required and numeric, OH only)
  householdCount: 'Please enter the number of people in your household.',

  // doc 1 section 5: request a card
  cardVehicle: 'At least one Car must be selected.',
  cardDelivery: 'At least one Delivery method must be selected.',
  // ours: the contact form's privacy-agreement checkbox (doc 1 section 5: "agree checkbox required")
  privacyAgreement: 'Please agree to the privacy policy.',
  // ours: a return address the API would not redirect to
  returnUrl: 'Please send a valid return address.',
  // doc 3 section 8: forward or continue failure, and the call-us answer for a state we cannot rate
  callUs: `The system is unable to complete your request at this time. Please call ${BRAND.phone} to speak to a customer service concierge.`,
  // ours: Unlimited (capped billing) is offered only in the Unlimited states (doc 3 section 9)
  unlimitedNotOffered: (state: string) =>
    `The Unlimited plan is not offered in ${state}. Please choose Pay-Per-Mile for this vehicle.`,
  // ours: a quote is rated in the state where its vehicles are garaged
  ratedStateMismatch: 'The rated state must be the state of the garaging address.',
  // doc 1 section 8: quote lookup failure (the homepage snackbar), for any mismatch of e-mail, birth date or ZIP
  quoteNotFound:
    'We were unable to locate your quote using that information. To try again, please close this window, or you may begin a new quote.',
  // doc 1 section 8: quote not found via the link in the URL (used, expired or unknown)
  quoteLinkNotFound:
    "We were unable to locate your quote. Please click the button 'Start a new quote' to begin a new quote.",
  // doc 3 section 8: payment errors by the card provider's error type
  paymentDeclined:
    'Your payment method has been declined. Please check to make sure your card information is correct, or try a different payment method.',
  paymentNotProcessed: 'We were unable to process your payment - please check that your card information is correct and try again.',
  // ours: the bind's refusals (issue 7); each says what to do next
  idempotencyKeyRequired: 'Send an Idempotency-Key header (8 to 255 letters, digits, dashes or underscores) with each payment attempt.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different payment. Please start a new payment attempt.',
  paymentInProgress: 'This payment is still being processed. Please wait a moment before trying again.',
  quoteToBindNotFound: `We were unable to locate this quote. Please call ${BRAND.phone} to complete your purchase.`,
  quoteAlreadyBound: 'This quote has already been purchased. Your policy documents are on their way by e-mail.',
  coverageSelectionMismatch: 'The coverages chosen do not match the limits sent. Please press Calculate again.',
  quoteExpired: 'This quote is more than 30 days old. Please start a new quote for a current price.',
  effectiveDatePassed: "Your initial effective date has passed; your new effective date has been updated to today's date.",
  stripeKeyNotOurs: 'The payment key does not belong to this site. Please reload the page and try again.',
  // ours: the hand-over from a widget on another origin to our site (issue 7)
  handoverTooLarge: 'The quote is too large to carry over. Please call us to complete your purchase.',
  handoverNeedsQuote: 'Please name the quote by its number or by its e-mail address.',
  handoverNotFound: `This link has expired or was already used. You can retrieve your quote with your e-mail address, date of birth and ZIP code, or call us on ${BRAND.phone}.`,
  // ours: POST /api/policy/lienholder refusals
  lienholderPolicyNotFound: 'We could not find a purchased policy with that vehicle.',
  lienholderNotFinanced: 'A lienholder can be added only to a financed or leased vehicle.',
  // ours: doc 2 section 4 "at the maximum, a message tells the user to call the phone number"
  maxVehicles: `To add more than 4 vehicles, please call ${BRAND.phone}.`,
  maxDrivers: `To add more than 4 drivers, please call ${BRAND.phone}.`,
  // ours: a quote request needs a mailing address, and a garaging one when they differ
  mailingAddress: 'Please enter your mailing address.',
  garagingAddress: 'Please enter the garaging address.',
  // ours: a model year outside 1981 (doc 1 section 1: "1981 and later") to next year's models
  modelYear: 'Please enter a model year from 1981 on.',
  // ours: a policy or quote number that cannot be one
  policyNumber: 'Please enter a valid policy number.',
  // ours: a token from a link that cannot be one (the API answers an unknown or expired one the same way)
  token: 'This link is not valid or has expired.',

  // doc 1 section 8: the documents page when its link is expired or unknown, and when the server failed
  documentsLinkExpired: 'This link has expired. You can request a new one from the My Policy page.',
  documentsUnavailable: 'We were unable to locate your documents. Please try again later or request a new link from the My Policy page.',
  // doc 1 section 8: "Policy-docs request failure" (the answer is the same whether or not a policy exists)
  policyDocsRequestFailed: 'Cannot locate policy - please call Customer Care (Contact details below).',
  // ours: the e-signature of the application (issue 8)
  esignFullName: 'Please type your full name.',
  esignConsentRequired: 'Please agree to sign and receive your documents electronically.',
  esignNameMismatch: 'The name you typed does not match the named insured on the application. Please type your full name as it appears on the application.',
  esignAlreadySigned: 'This application is already signed. Your documents are on your documents page.',
  // ours: the odometer photo (issue 8); each says what to do next, on the same page
  odometerReading: 'Please type the reading on the odometer: digits only, up to 7.',
  odometerPhotoMissing: 'Please take or choose a photo of the odometer.',
  odometerVehicle: 'Please choose one of the vehicles on this policy.',
  odometerAlreadyVerified: "This vehicle's odometer reading is already verified. Thank you.",

  // doc 3 section 5: payment card fields (the card fields themselves are the card provider's)
  cardNumber: 'Card Number is Required',
  cardExpiry: 'Expiry date is Required',
  cardCvc: 'CVC is Required',

  // ours: the coverage step's decline warning modal (doc 3 section 8: "text explains comprehensive and
  // collision must be bought together (full text not shown)")
  coveragePairWarning:
    'Comprehensive and collision coverage must be bought together. Declining one declines the other.',
  // ours: FL's variant of the warning (doc 3 section 4: "In FL, collision requires comprehensive")
  collisionNeedsComprehensive:
    'In Florida, collision coverage requires comprehensive coverage, so collision has been declined too.',
  // ours: the API's check of a quote request's coverage limits (doc 3 sections 3 and 4)
  coverageMissing: (coverage: string) => `${coverage}: please choose a limit.`,
  coverageValue: (coverage: string, value: string) => `${value} is not a ${coverage} option in this state.`,
  coverageNotOffered: (coverage: string) =>
    `The ${coverage} limit does not fit the other coverages chosen. Please review your coverage.`,
  coverageUnknown: (name: string) => `${name} is not a coverage offered in this state.`,
  coverageDuplicate: (coverage: string) => `${coverage} is given more than once.`,
  coverageVehicleCount: 'Each vehicle needs its own coverage limits.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
