/** The availability sign-up, the claim form and the contact form. (Entries of contract/api/endpoints.ts.) */
import { ClaimAnswer, ContactRequest, ContactResponse, SubscribeRequest, SubscribeResponse } from '../contact.ts';
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX } from '../../rules/photo.ts';
import { DEFAULT_JSON_LIMIT, endpoint, json } from './endpoint.ts';

export const subscribe = endpoint({
  method: 'POST', path: '/api/contact/subscribe', request: SubscribeRequest, answer: SubscribeResponse, body: json, session: false,
  partner: true,
});

/** Five photos of 10 MB each, and the claim's answers (a few KiB) with the multipart framing. */
export const CLAIM_UPLOAD_LIMIT = CLAIM_PHOTOS_MAX * CLAIM_PHOTO_MAX_BYTES + 64 * 1024;

export const claims = endpoint({
  method: 'POST', path: '/api/contact/claims', request: null, answer: ClaimAnswer,
  body: {
    kind: 'multipart', limitBytes: CLAIM_UPLOAD_LIMIT,
    // the answers as one JSON text (a few KiB: the same limit as a JSON body) and the photos
    parts: { files: CLAIM_PHOTOS_MAX, fileBytes: CLAIM_PHOTO_MAX_BYTES, fields: 4, fieldBytes: DEFAULT_JSON_LIMIT },
  }, session: false, headers: ['Idempotency-Key'],
  idempotency: { scope: 'claim', each: 'claim', reused: 'claimIdempotencyKeyReused', inFlight: 'claimInProgress' },
  partner: true,
});

export const contactSubmit = endpoint({
  method: 'POST', path: '/api/contact/submit', request: ContactRequest, answer: ContactResponse, body: json, session: false,
  headers: ['Idempotency-Key'],
  idempotency: { scope: 'contact', each: 'message', reused: 'contactKeyReused', inFlight: 'contactInProgress' },
});
