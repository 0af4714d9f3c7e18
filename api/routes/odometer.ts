/**
 * The odometer photo page's calls (issue 8; doc 3 section 1: "Mileage is reported by a photo of the
 * odometer, through a web link sent by text and email"):
 *
 * GET  /api/odometer?token=TOKEN   -> the policy's vehicles, the latest reading of each and the billing
 *                                  period a reading sent today closes
 * POST /api/odometer/photo         multipart: token, carNumber, reading, photo, and optionally box (the
 *                                  guide frame, `left,top,width,height` as fractions) and afterSuggestion ->
 *                                  201 { status: verified | confirmed | needs_review, message }
 *                                  | 200 { status: suggested, message, suggestion: { attempt, reading } }
 *                                  | 4xx with what to do
 *
 * The token is the texted odometer link's or the documents link's. A photo that is not one, or too large,
 * is refused before anything is stored; a photo that was read is stored with its outcome, even a rejected
 * one (an insurer keeps what it was sent), and the person is told at once what to do. Uploads are limited
 * per client address and per token (429 with Retry-After), and one address has at most two worked on at
 * once (issue 22). The kept copy carries no metadata: no location, no device (api/odometer/image.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MESSAGES, OdometerPhotoFields, parseOdometerBox, type OdometerPhotoAnswer, type OdometerView } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { check } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { policyOfToken } from '../documents/links.ts';
import { on } from '../http/endpoint.ts';
import { requestRefused } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { bytesOf, MalformedUpload, textsOf, uploadOf, valuesOf, type UploadedForm } from '../http/multipart.ts';
import { concurrencyCap, type ConcurrencyCap, type SharedCap } from '../http/concurrency.ts';
import { hit, type RateLimit } from '../http/rate-limit.ts';
import { NO_STORE } from '../http/security-headers.ts';
import { refusal } from './refusals.ts';
import { countedReading, latestReadings } from '../odometer/readings.ts';
import { policyNumberOf, vehiclesOf } from '../policies/records.ts';
import { submitOdometerPhoto } from '../odometer/submit.ts';
import { ODOMETER_MESSAGES } from '../odometer/messages.ts';
import { readingPeriods } from '../billing/reading-period.ts';

const ODOMETER_TOKENS = ['odometer-photo', 'documents'] as const;

export interface OdometerLimits {
  /** Per client address, counted before the body is read. */
  perClient: RateLimit;
  /** Per link token, counted once the token is read from the body and known to open a policy. */
  perToken: RateLimit;
  /** Uploads of one client address worked on at once (api/http/concurrency.ts). */
  concurrency: ConcurrencyCap;
  /** Uploads of all clients at once, shared with the claims (api/app.ts UPLOADS_AT_ONCE). */
  uploads?: SharedCap;
  clientOf: (c: Context) => string;
}

export function odometerRoutes(deps: Deps, limits: OdometerLimits): Hono {
  const app = new Hono();

  async function openPolicy(token: string): Promise<number> {
    const policyId = await policyOfToken(deps.db, token, ODOMETER_TOKENS, deps.clock());
    if (policyId === null) throw new ApiError(404, MESSAGES.documentsLinkExpired);
    return policyId;
  }

  on(app, endpoints.odometerView, async (_c, { token }) => {
    const policyId = await openPolicy(token);
    const vehicles = await vehiclesOf(deps.db, policyId);
    const latest = new Map((await latestReadings(deps.db, policyId)).map((reading) => [reading.carNumber, reading]));
    const closes = await readingPeriods(deps.db, policyId, deps.clock());
    const view: OdometerView = {
      policyNumber: (await policyNumberOf(deps.db, policyId)) ?? '',
      vehicles: vehicles.map((vehicle) => {
        const reading = latest.get(vehicle.car_number);
        return {
          carNumber: vehicle.car_number,
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          vinEnd: vehicle.vin.trim().slice(-6),
          latest: reading
            ? {
                status: reading.status,
                reading: countedReading(reading),
                sentOn: reading.createdAt.toISOString().slice(0, 10),
                ...(reading.message ? { message: reading.message } : {}),
              }
            : null,
          ...(closes.has(vehicle.car_number) ? { readingCloses: closes.get(vehicle.car_number) ?? null } : {}),
        };
      }),
    };
    return { body: view, headers: NO_STORE };
  });

  /**
   * Issue 22, item 4: the cap on uploads at once comes first (a client past it is answered before its body
   * is read), then the per-address rate limit, then, inside, the per-token one. Each refusal is a 429 with
   * Retry-After and the rule's own message.
   */
  const oneAtATime = concurrencyCap(limits.concurrency, limits.clientOf, MESSAGES.odometerPhotoBusy, limits.uploads);
  const tooMany = (retryAfter: number) => new ApiError(429, MESSAGES.odometerPhotosTooMany, { headers: { 'Retry-After': String(retryAfter) } });
  const perClient: MiddlewareHandler = async (c, next) => {
    const counted = await hit(deps.db, limits.perClient, limits.clientOf(c), deps.clock());
    if (!counted.allowed) throw tooMany(counted.retryAfter);
    await next();
  };

  on(app, endpoints.odometerPhoto, oneAtATime, perClient, async (c) => {
    let form: UploadedForm;
    try {
      form = await uploadOf(c);
    } catch (error) {
      if (error instanceof MalformedUpload) throw new ApiError(400, MESSAGES.odometerPhotoMissing);
      throw error; // the body's or a part's limit (413)
    }
    const last = (name: string) => textsOf(form, name).at(-1);
    const fields = check(
      { token: last('token'), carNumber: last('carNumber'), reading: last('reading'), box: last('box'), afterSuggestion: last('afterSuggestion') },
      OdometerPhotoFields,
    );
    if (!fields.ok) throw requestRefused(fields.errors);
    const photo = valuesOf(form, 'photo').at(-1);
    if (photo === undefined || typeof photo === 'string' || photo.size === 0) throw new ApiError(400, MESSAGES.odometerPhotoMissing);
    // cut off at the entry's 10 MB as it streamed (api/http/multipart.ts): the photo check's own refusal
    if (photo.tooLarge) throw refusal({ reason: 'photo-too-large', message: ODOMETER_MESSAGES.tooLarge });
    const policyId = await openPolicy(fields.value.token);
    const counted = await hit(deps.db, limits.perToken, fields.value.token, deps.clock());
    if (!counted.allowed) throw tooMany(counted.retryAfter);
    // the struct checked the box's text; parsed here into its four fractions
    const box = fields.value.box === undefined ? null : parseOdometerBox(fields.value.box);
    const outcome = await submitOdometerPhoto(deps, {
      policyId,
      carNumber: Number(fields.value.carNumber),
      typedReading: Number(fields.value.reading),
      photo: await bytesOf(photo),
      ...(box ? { box } : {}),
      ...(fields.value.afterSuggestion ? { afterSuggestion: Number(fields.value.afterSuggestion) } : {}),
    });
    if (outcome.kind === 'refused') throw refusal(outcome);
    if (outcome.kind === 'suggested') {
      // nothing accepted: the page shows what the photo reads and asks for another look (issue 24)
      const body: OdometerPhotoAnswer = { status: 'suggested', message: outcome.message, suggestion: { attempt: outcome.attempt, reading: outcome.reading } };
      return { status: 200, body, headers: NO_STORE };
    }
    // A verified reading may have issued the policy, whose e-mail is queued.
    void deps.mail.deliverDue();
    return { status: 201, body: { status: outcome.status, message: outcome.message }, headers: NO_STORE };
  });

  return app;
}
