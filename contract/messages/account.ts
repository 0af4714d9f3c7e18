/**
 * The messages of the account pages: sign-in, password resets, policies, cards, rollover, documents,
 * e-signature and odometer. contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';

// doc 1 section 8
export const passwordNoToken = 'Please come through the link in email';

// ours: a confirmation link that is unknown, used or expired (one message for every miss)
export const accountConfirmationLinkInvalid = `We were unable to confirm your account: this link has already been used or has expired. If you confirmed your account already, you can sign in. Otherwise please call ${BRAND.phone} to speak to a customer service concierge.`;

// ours: sign-in (issue 9). One answer for an unknown address and a wrong password.
export const loginFailed = 'The e-mail address or password is not correct. Please try again, or sign in with a link sent by e-mail.';

// ours: a right password for an account whose e-mail address is not confirmed yet
export const loginUnconfirmed = 'Please confirm your account first with the link we e-mailed you, or sign in with a link sent by e-mail.';

// ours: the magic link's answer, the same whether or not the address has an account
export const magicLinkSent = 'If an account uses that address, we have e-mailed it a link to sign in. The link works once, within 10 minutes.';

// ours: a sign-in link that is unknown, used or expired
export const magicLinkInvalid = 'This sign-in link has already been used or has expired. Please ask for a new one.';

// doc 1 section 8: forgot password success
export const resetSent = 'Sent a link to reset your password';

// doc 1 section 8: change or create password success
export const passwordUpdated = 'Successfully updated the Password!';

// ours: a reset or create-password link that is unknown, used or expired
export const passwordLinkInvalid = 'This link has already been used or has expired. Please ask for a new one on the Forgot Password page.';

// ours: change password with a wrong current password
export const currentPasswordWrong = 'The current password is not correct.';

// ours: a policy number that is not on the signed-in account (the same answer as one that does not exist)
export const accountPolicyNotFound = 'We could not find that policy on your account.';

// ours: the card request's two outcomes
export const cardEmailed = 'We have e-mailed the insurance ID card to the address on your account.';
export const cardMailed = 'Thank you. We will post the insurance ID card to the mailing address on your policy within 5 business days.';

// ours: a card request for a policy without an ID card yet (its documents are being made)
export const cardNotReady = 'The ID card for this policy is not ready yet. Please try again in a few minutes.';
// ours (issue 21): a policy cancelled for non-payment insures nothing, so it has no ID card
export const cardPolicyCancelled = 'This policy is cancelled, so it has no ID card. Please call us if you have a question.';

// doc 1 section 8: rollover not found or error (the spec's two spaces kept)
export const rolloverNotFound = `We were unable to locate your policy rollover information.  Please call Customer Care at ${BRAND.phone} to complete your updated policy.`;

// ours: the answer of a sign-out (POST user/clear_session)
export const signedOut = 'You are signed out.';

// doc 1 section 8: the documents page when its link is expired or unknown, and when the server failed
export const documentsLinkExpired = 'This link has expired. You can request a new one from the My Policy page.';
export const documentsUnavailable = 'We were unable to locate your documents. Please try again later or request a new link from the My Policy page.';

// doc 1 section 8: "Policy-docs request failure" (the answer is the same whether or not a policy exists)
export const policyDocsRequestFailed = 'Cannot locate policy - please call Customer Care (Contact details below).';

// ours: the e-signature of the application (issue 8)
export const esignFullName = 'Please type your full name.';
export const esignConsentRequired = 'Please agree to sign and receive your documents electronically.';
export const esignNameMismatch = 'The name you typed does not match the named insured on the application. Please type your full name as it appears on the application.';
export const esignAlreadySigned = 'This application is already signed. Your documents are on your documents page.';
// ours: the application is being made (the documents job, issue 20); like cardNotReady
export const esignNotReady = 'Your application is not ready yet. Please try again in a few minutes.';

// ours: the odometer photo (issue 8); each says what to do next, on the same page
export const odometerReading = 'Please type the reading on the odometer: digits only, up to 7.';
export const odometerPhotoMissing = 'Please take or choose a photo of the odometer.';
export const odometerVehicle = 'Please choose one of the vehicles on this policy.';
/** The guide frame's box (issue 24): four fractions of the upright photo, as the page sends them. */
export const odometerBox = 'The frame around the odometer digits could not be read. Please place the frame over the digits again, then send the photo.';
/** The attempt a retyped reading follows (issue 24): a whole number, as the suggestion's answer gave it. */
export const odometerAfterSuggestion = 'The suggestion this reading answers could not be read. Please send the photo again.';
export const odometerAlreadyVerified = "This vehicle's odometer reading is already verified. Thank you.";
/** Past the upload's rate limit (per link and per client address; issue 22): the 429 says when to try again. */
export const odometerPhotosTooMany = 'You have sent many photos in a short time. Please wait a few minutes, then send the photo again.';
/** Past the cap on uploads running at once from one address (issue 22): one photo is still being read. */
export const odometerPhotoBusy = 'We are still reading a photo you sent. Please wait for its answer, then send the next one.';
