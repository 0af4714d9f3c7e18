import { Hono } from 'hono';
import { ALREADY_SUBSCRIBED, MESSAGES, check, claimRequest, localToday } from '../../contract/index.ts';
import { fileClaim } from '../claims/file-claim.ts';
import { readClaimPhotos } from '../claims/photos.ts';
import { addSubscriber } from '../contact/subscribers.ts';
import { submitContact } from '../contact/messages.ts';
import { idempotencyOf, idempotent, REPLAYED_HEADER } from '../http/idempotency.ts';
import { MalformedUpload, textsOf, uploadOf, valuesOf, type UploadedFile, type UploadedForm } from '../http/multipart.ts';
import { clientAddress } from '../http/client.ts';
import { limiterOf, tooManyRequests, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { refusal } from './refusals.ts';
import { subscribeConfirmation } from '../contact/subscribe-mail.ts';
import { parseRequestJson, requestRefused } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

export const SUBSCRIBED = 'Subscribed.';
/** The API's own word on a stored contact message; the form shows doc 1's success text. */
export const CONTACT_RECEIVED = 'Message received.';

export interface ContactLimits {
  subscribe: MiddlewareHandler;
  claims: MiddlewareHandler;
  /** Claims received at once, per client and of all uploads together (api/http/concurrency.ts). */
  claimUploads: MiddlewareHandler;
  claimMail: RateLimit;
  contact: RateLimit;
  contactMail: RateLimit;
}

export function contactRoutes(deps: Deps, limits: ContactLimits): Hono {
  const app = new Hono();
  // the incident date may not be after today (doc 1 section 5), today as of each request
  const claimRule = claimRequest({ today: () => localToday(deps.clock()) });
  const claimMail = limiterOf(deps.db, limits.claimMail, deps.clock);
  const contact = limiterOf(deps.db, limits.contact, deps.clock);
  const contactMail = limiterOf(deps.db, limits.contactMail, deps.clock);

  /** Availability sign-up (doc 1 sections 3 and 7). 201 on a new address, 409 on a known one. */
  on(app, endpoints.subscribe, limits.subscribe, async (_c, request) => {
    const added = await addSubscriber(deps.db, request, deps.clock());
    if (!added) throw new ApiError(409, ALREADY_SUBSCRIBED);
    // Queued: the mail server's answer (and its retries) never holds up the visitor (api/mail/queue.ts).
    await deps.mail.send('subscribe confirmation mail', subscribeConfirmation(request, deps.config.publicOrigin));
    return { status: 201, body: { msg: SUBSCRIBED } };
  });

  /**
   * The claim form (doc 1 sections 3, 5, 7; issue 10): multipart with the answers as JSON in `claim`, checked
   * with the contract's rule, and up to 5 `photos`. The Idempotency-Key (api/http/idempotency.ts) makes a
   * second press or a retry answer the first claim; it is claimed after the rate limit, so a client past its
   * limit is refused before its photos are read and hashed (and a replay counts, as any request does). The
   * claim keeps the key too (api/claims/file-claim.ts). Nothing of the claim is logged. Before all that, the
   * caps on claims received at once (issue 22, item 5): one per client address, and a place among the
   * uploads of everyone (api/app.ts UPLOADS_AT_ONCE), or a 429 before the body is read; the body itself is
   * counted as it comes and refused 413 past its limit (api/http/guards.ts limitUpload).
   */
  on(app, endpoints.claims, limits.claimUploads, limits.claims, idempotent(deps), async (c) => {
    let form: UploadedForm;
    try {
      form = await uploadOf(c);
    } catch (error) {
      if (error instanceof MalformedUpload) throw new ApiError(400, MESSAGES.claimMissing);
      throw error; // the body's or a part's limit (413)
    }
    const claimText = textsOf(form, 'claim').at(-1);
    let answers: unknown;
    try {
      answers = claimText === undefined ? undefined : parseRequestJson(claimText);
    } catch (error) {
      if (error instanceof ApiError) throw error; // nested too deeply
      answers = undefined;
    }
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) throw new ApiError(400, MESSAGES.claimMissing);
    const checked = check(answers, claimRule);
    if (!checked.ok) throw requestRefused(checked.errors);
    const sent = valuesOf(form, 'photos');
    if (sent.some((part) => typeof part === 'string')) throw new ApiError(400, MESSAGES.claimPhotoNotAPhoto('A photo'));
    if (form.tooManyFiles) throw refusal({ reason: 'claim-photos-too-many', message: MESSAGES.claimPhotosTooMany });
    const photos = await readClaimPhotos(sent as UploadedFile[], form.folder);
    if (!photos.ok) throw refusal(photos);
    const filed = await fileClaim(deps, { claim: checked.value, photos: photos.photos, request: idempotencyOf(c) }, claimMail);
    if (filed.kind === 'mismatch') throw new ApiError(422, MESSAGES.claimIdempotencyKeyReused);
    const body = { reference: filed.reference, msg: MESSAGES.claimReceived(filed.reference) };
    return { status: 201, body, headers: { ...NO_STORE, ...(filed.kind === 'replay' ? { [REPLAYED_HEADER]: 'true' } : {}) } };
  });

  /**
   * Contact Us (doc 1 sections 3 and 5): 201 { msg } when stored and queued. The Idempotency-Key
   * (api/http/idempotency.ts) answers a repeat of the same key and payload with the same 201 (marked
   * Idempotent-Replayed), which sends nothing again and is not counted by the rate limit; the message keeps
   * the key too (api/contact/messages.ts).
   */
  on(app, endpoints.contactSubmit, idempotent(deps), async (c, request) => {
    const outcome = await submitContact(deps, { request, idempotent: idempotencyOf(c), client: clientAddress(c, deps.config.trustProxy), limit: contact, mailLimit: contactMail });
    if (outcome.kind === 'key-reused') throw new ApiError(422, MESSAGES.contactKeyReused);
    if (outcome.kind === 'rate-limited') throw tooManyRequests(outcome.retryAfter);
    return { status: 201, body: { msg: CONTACT_RECEIVED }, headers: { ...NO_STORE, ...(outcome.kind === 'replayed' ? { [REPLAYED_HEADER]: 'true' } : {}) } };
  });

  return app;
}
