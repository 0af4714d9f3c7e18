/** The availability sign-up, the claim form and the contact form. (Entries of contract/api/endpoints.ts.) */
import { ClaimAnswer, ContactRequest, ContactResponse, SubscribeRequest, SubscribeResponse } from '../contact.ts';
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX } from '../../rules/photo.ts';
import { endpoint, json } from './endpoint.ts';

export const subscribe = endpoint({
  method: 'POST', path: '/api/contact/subscribe', request: SubscribeRequest, answer: SubscribeResponse, body: json, session: false,
  summary: 'the availability sign-up (rate limited; a second sign-up of an address answers 409)',
});

/** Five photos of 10 MB each, and the claim's answers (a few KiB) with the multipart framing. */
export const CLAIM_UPLOAD_LIMIT = CLAIM_PHOTOS_MAX * CLAIM_PHOTO_MAX_BYTES + 64 * 1024;

export const claims = endpoint({
  method: 'POST', path: '/api/contact/claims', request: null, answer: ClaimAnswer,
  body: { kind: 'multipart', limitBytes: CLAIM_UPLOAD_LIMIT }, session: false, headers: ['Idempotency-Key'],
  idempotency: { scope: 'claim', each: 'claim', reused: 'claimIdempotencyKeyReused', inFlight: 'claimInProgress' },
  summary:
    'the claim form (First Notice of Loss; multipart: `claim`, the answers as JSON checked with the contract, and up to 5 `photos` ' +
    'checked by their bytes, 10 MB each): stores it with a reference (201 { reference, msg }), ' +
    'e-mails the claims team (with the photos) and the claimant; rate limited',
});

export const contactSubmit = endpoint({
  method: 'POST', path: '/api/contact/submit', request: ContactRequest, answer: ContactResponse, body: json, session: false,
  headers: ['Idempotency-Key'],
  idempotency: { scope: 'contact', each: 'message', reused: 'contactKeyReused', inFlight: 'contactInProgress' },
  summary:
    "the Contact Us form (doc 1 section 3's contact payload; an empty subject becomes 'Auto Insurance - Contact Form'): " +
    'stores the message and, in the same transaction, queues it to customer care (`CARE_EMAIL`, Reply-To the sender) ' +
    'and an acknowledgement to the sender (at most 5 an hour to one address); rate limited',
});
