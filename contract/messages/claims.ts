/**
 * The claim form's own messages (doc 1 section 8 gives the failure and success texts, which the widget keeps;
 * these are ours: the damage photos are beyond the spec, and the claim's answer and idempotency are ours too).
 */
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX } from '../rules/photo.ts';

const megabytes = CLAIM_PHOTO_MAX_BYTES / (1024 * 1024);

export const claimPhotoNotAPhoto = (name: string) =>
  `${name} is not a photo. Please choose a JPEG, PNG, WebP or HEIC photo of the damage.`;
export const claimPhotoTooLarge = (name: string) =>
  `${name} is larger than ${megabytes} MB. Please choose a smaller copy of the photo.`;
export const claimPhotoEmpty = (name: string) => `${name} is empty. Please choose the photo again.`;
export const claimPhotosTooMany = `Please add at most ${CLAIM_PHOTOS_MAX} photos.`;
export const claimMissing = 'Please send the claim form with its answers.';
/** A person sees it when an answer was lost and they changed the form before sending again (the widget then takes a new key). */
export const claimIdempotencyKeyReused =
  'We already received a claim from this form with different answers. Press Submit again to send this one as a new claim.';
/** A second Submit (a retry after no answer) while the first one is still being filed: the same key, later, gets its answer. */
export const claimInProgress = 'Your claim is still being sent. Please wait a moment before trying again.';
/** The API's answer to a filed claim (the widget shows doc 1's success text with the reference). */
export const claimReceived = (reference: string) => `Claim ${reference} received.`;
