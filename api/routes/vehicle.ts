import { Hono } from 'hono';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../deps.ts';
import { vehicleImageFor } from '../vehicle/picture.ts';
import { silhouetteSvg } from '../vehicle/silhouettes.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

export const NO_PICTURE = 'There is no picture for this vehicle.';
/**
 * POST /api/vehicle/image { vin, year, model } (DESIGN.md; doc 2 section 7): picture entries of a vehicle,
 * the side-view silhouette of its line and body. The uri is an absolute path on this service; a widget
 * on another origin resolves it against its api-base. A picture service could be plugged in here later
 * and add views after extcam02. 404 (the widget clears the picture) when no silhouette applies.
 *
 * GET /api/vehicle/silhouette/<line>-<body>.svg: the drawing itself. Static, generated from our own
 * numbers (no script, no external reference); the API's default-src 'none' policy covers it too.
 */
export function vehicleRoutes(deps: Deps): Hono {
  const app = new Hono();

  // A POST, so the VIN stays out of URLs and their logs (issue 22 item 11)
  on(app, endpoints.vehicleImage, (_c, request) => {
    const body = vehicleImageFor(request.vin, request.year, request.model, deps.clock());
    if (!body) throw new ApiError(404, NO_PICTURE);
    return { body };
  });

  on(app, endpoints.vehicleSilhouette, (c) => {
    const key = /^([a-z0-9-]+)\.svg$/.exec(c.req.param('file') ?? '')?.[1];
    const svg = key ? silhouetteSvg(key) : undefined;
    if (!svg) throw new ApiError(404, NO_PICTURE);
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The drawings change only with a release; a month is long enough to matter and short enough to heal.
      'Cache-Control': 'public, max-age=2592000',
    });
  });

  return app;
}
