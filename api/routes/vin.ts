import { Hono } from 'hono';
import { MESSAGES } from '../../contract/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../deps.ts';
import { decodeVin } from '../vin/decode.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

/**
 * POST /api/vin/check (doc 2 section 7). The widget reads the status and error_messages[0]
 * (contract vinCheckFailureMessage):
 * - 200 {year, make, model, bodyStyle} for a marque VIN we can name;
 * - 404 'Invalid VIN' when the VIN is not a VIN (check digit, model-year code);
 * - 404 'Invalid VIN / Cannot locate vehicle' for a valid marque VIN that names no vehicle we know
 *   (type number, body letter or model year unknown: see api/vin/porsche.ts);
 * - 422 'We are unable to insure non-Porsche vehicles in this state.' for a valid VIN of another maker
 *   (422: the VIN is well-formed and found, the programme just cannot take it);
 * - 400 with the contract rule's message for a malformed body (length, I/O/Q, state).
 * Nothing of the VIN is logged; the request logger writes the path only.
 */
export function vinRoutes(deps: Deps): Hono {
  const app = new Hono();

  on(app, endpoints.vinCheck, (_c, request) => {
    const decoded = decodeVin(request.vin, deps.clock());
    switch (decoded.kind) {
      case 'porsche': {
        return { body: { year: decoded.year, make: decoded.make, model: decoded.model, bodyStyle: decoded.bodyStyle } };
      }
      case 'other-maker':
        throw new ApiError(422, MESSAGES.vinNonMarque);
      case 'unknown':
        throw new ApiError(404, MESSAGES.vinNotFound);
      case 'invalid':
        throw new ApiError(404, MESSAGES.vinInvalid);
    }
  });

  return app;
}
