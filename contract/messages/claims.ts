/**
 * The claim form's own messages (doc 1 section 8 gives the failure and success texts, which the widget keeps;
 * these are ours: the damage photos are beyond the spec, and the claim's answer and idempotency are ours too).
 */
import { CLAIM_PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, CLAIM_PHOTOS_MAX } from '../rules/photo.ts';

const megabytes = CLAIM_PHOTO_MAX_BYTES / (1024 * 1024);
const PHOTO_MAX_MEGAPIXELS = PHOTO_MAX_PIXELS / 1_000_000;

export const claimPhotoNotAPhoto = (name: string) =>
  `${name} is not a photo. Please choose a JPEG, PNG, WebP or HEIC photo of the damage.`;
export const claimPhotoTooLarge = (name: string) =>
  `${name} is larger than ${megabytes} MB. Please choose a smaller copy of the photo.`;
export const claimPhotoEmpty = (name: string) => `${name} is empty. Please choose the photo again.`;
/** A photo whose pixels exceed what we decode (issue 22: a 109 KB PNG of 30,000 x 30,000 pixels). */
export const claimPhotoTooManyPixels = (name: string) =>
  `${name} has more than ${PHOTO_MAX_MEGAPIXELS} megapixels, more than we can take. Please choose a smaller copy of the photo.`;
/** A JPEG, PNG or WebP by its first bytes whose image cannot be decoded: cut short or damaged. */
export const claimPhotoDamaged = (name: string) =>
  `${name} could not be opened: the file seems damaged or incomplete. Please choose the photo again, or another photo.`;
export const claimPhotosTooMany = `Please add at most ${CLAIM_PHOTOS_MAX} photos.`;
export const claimMissing = 'Please send the claim form with its answers.';
/** A person sees it when an answer was lost and they changed the form before sending again (the widget then takes a new key). */
export const claimIdempotencyKeyReused =
  'We already received a claim from this form with different answers. Press Submit again to send this one as a new claim.';
/** A second Submit (a retry after no answer) while the first one is still being filed: the same key, later, gets its answer. */
export const claimInProgress = 'Your claim is still being sent. Please wait a moment before trying again.';
/** The API's answer to a filed claim (the widget shows doc 1's success text with the reference). */
export const claimReceived = (reference: string) => `Claim ${reference} received.`;
/** A claim of this client is still being received and read (issue 22, item 5: one at a time per address). */
export const claimBusy = 'We are still receiving a claim you sent. Please wait for its answer before sending another.';
