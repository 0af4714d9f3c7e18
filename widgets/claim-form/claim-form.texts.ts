/**
 * Every text the claim form shows, keyed (STYLE.md habit 7), so a brand or a locale replaces them through
 * the element's `texts` property. doc 1's texts are word for word: the five step titles (section 2), the
 * buttons Back, Next and Submit, the failure and success texts (section 8). The questions are the
 * contract's (CLAIM_QUESTIONS), which the claims team's e-mail uses too; the rest is ours.
 */
import { CLAIM_QUESTIONS, MESSAGES, VEHICLE_LOCATION_QUESTIONS } from '../../contract/index.ts';

export const CLAIM_FORM_TEXTS = {
  ...CLAIM_QUESTIONS,
  locationQuestions: VEHICLE_LOCATION_QUESTIONS as Record<string, string>,
  heading: 'File a Claim',
  intro: 'First Notice of Loss: tell us what happened in five short steps. Questions marked (optional) may be left empty.',
  steps: ['Contact and insurer', 'Incident and own vehicle', 'Other vehicle', 'People and injuries', 'Police'],
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  back: 'Back',
  next: 'Next',
  submit: 'Submit',
  optional: '(optional)',
  yes: 'Yes',
  no: 'No',
  choose: 'Select...',
  relationInsured: 'I am the insured',
  relationOther: 'Other',
  dateHint: 'For example, 03/27/2026',
  calendar: 'Choose the incident date from the calendar',
  phoneHint: 'For example, 602-555-0134',
  photos: 'Photos of the damage (optional)',
  photosHint: 'Up to 5 photos: JPEG, PNG, WebP or HEIC, at most 10 MB each.',
  photosList: 'Photos to send',
  /** The Remove button shows `remove`; its accessible name adds the photo's name. */
  remove: 'Remove',
  removePhoto: (name: string) => `Remove ${name}`,
  // the API's own messages (contract/messages/claims.ts), said before the upload
  photoNotAPhoto: MESSAGES.claimPhotoNotAPhoto,
  photoTooLarge: MESSAGES.claimPhotoTooLarge,
  photoEmpty: MESSAGES.claimPhotoEmpty,
  photosTooMany: MESSAGES.claimPhotosTooMany,
  photoRemoved: (name: string) => `${name} removed.`,
  sending: 'Sending your claim...',
  // doc 1 section 8, word for word
  failure: 'Something went wrong. Please try again later or contact our team via phone.',
  success: "We've received your message, and someone from Claims Concierge will contact you soon.",
  reference: (reference: string) => `Your claim reference is ${reference}. We have e-mailed it to you as well.`,
};

export type ClaimFormTexts = typeof CLAIM_FORM_TEXTS;

/** doc 1 section 8: the success text shows for 10 s (section 9: success notices last 10 s), then the form is fresh. */
export const SUCCESS_MS = 10_000;
