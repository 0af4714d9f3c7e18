import { Hono } from 'hono';
import { check, MESSAGES, zip, ZIP_NOT_FOUND } from '../../contract/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../deps.ts';
import { lookupZip } from '../zip/lookup.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

/**
 * 200 ZipLookupResponse; 400 with the contract ZIP rule's message when the path is not 5 digits (the
 * rule strips non-digits first, as the field does, so 85-004 is 85004 and 85004-1234 is nine digits);
 * 404 when the data set has no such ZIP in the 50 states or DC.
 * The ZIP stands in the logged path: a 5-digit ZIP alone is not personal data, and api/log.ts keeps
 * paths (its test pins /api/zip/85001 as logged as is).
 */
export function zipRoutes(deps: Deps): Hono {
  const app = new Hono();
  const restricted = new Set(deps.config.restrictedZips);

  on(app, endpoints.zipLookup, (c) => {
    const result = check(c.req.param('zip'), zip);
    if (!result.ok) throw new ApiError(400, MESSAGES.zip);
    const place = lookupZip(result.value);
    if (!place) throw new ApiError(404, ZIP_NOT_FOUND);
    return { body: { ...place, restricted: restricted.has(place.zip) } };
  });

  return app;
}
