/**
 * The one table from the use cases' refusals to HTTP statuses (STYLE.md 13). A use case says what happened in
 * the domain's words (`{ kind: 'refused', reason: 'quote-expired', message }`: the message is the spec's text
 * the domain chose, often built from what it found); the route layer alone decides the status. A reason that
 * is not in this table does not compile at the route that answers it.
 */
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';

export const REFUSAL_STATUS = {
  // the bind, 3-D Secure and the purchase token (api/policies/bind.ts)
  'stripe-key-not-ours': 400,
  'quote-not-found': 404,
  'quote-bought': 409,
  'quote-expired': 422,
  'effective-date-passed': 422,
  'purchase-token-invalid': 401,
  'authentication-not-pending': 404,
  'test-mode-only': 404,
  // the hand-over (api/quotes/handover.ts)
  'quote-not-named': 400,
  // lienholders (api/policies/lienholders.ts)
  'no-such-policy': 404,
  'not-financed': 422,
  // the e-signature (api/documents/esign.ts)
  'already-signed': 409,
  'link-expired': 404,
  // the application is still being made by the documents job (api/documents/job.ts): try again in a moment
  'application-not-ready': 409,
  'name-mismatch': 422,
  // an odometer photo (api/odometer/submit.ts) and its review (api/ops/review.ts)
  'no-such-vehicle': 422,
  'reading-already-verified': 409,
  'photo-not-a-photo': 415,
  'photo-too-large': 413,
  'photo-too-many-pixels': 413,
  'photo-damaged': 422,
  'reading-rejected': 422,
  'no-such-reading': 404,
  'reading-already-decided': 409,
  // a notice queued for posting, marked posted from the operations page (api/notices/notices.ts)
  'no-such-notice': 404,
  'notice-already-posted': 409,
  // a claim's photos (api/claims/photos.ts)
  'claim-photos-too-many': 400,
  'claim-photo-empty': 400,
  'claim-photo-too-large': 413,
  'claim-photo-not-a-photo': 400,
  'claim-photo-too-many-pixels': 413,
  'claim-photo-damaged': 422,
} as const satisfies Record<string, ClientErrorStatusCode>;

export type RefusalReason = keyof typeof REFUSAL_STATUS;

/** A use case's refusal as the 4xx it is answered with. */
export function refusal(refused: { reason: RefusalReason; message: string }, headers?: Record<string, string>): ApiError {
  return new ApiError(REFUSAL_STATUS[refused.reason], refused.message, headers ? { headers } : {});
}
