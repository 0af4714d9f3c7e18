/** The calls the wizard's first steps make: health, ZIP, VIN and the vehicle's picture. (Entries of contract/api/endpoints.ts.) */
import { unknown } from 'superstruct';
import { VehicleImageResponse } from '../policy.ts';
import { VehicleImageQuery } from '../vehicle-image.ts';
import { VinCheckRequest, VinCheckResponse } from '../vin.ts';
import { ZipLookupResponse } from '../zip.ts';
import { endpoint, json, none } from './endpoint.ts';

export const health = endpoint({
  method: 'GET', path: '/api/health', request: null, answer: unknown(), body: none, session: false,
  summary: 'liveness, with a round trip to the database',
});

export const zipLookup = endpoint({
  method: 'GET', path: '/api/zip/:zip', request: null, answer: ZipLookupResponse, body: none, session: false,
  summary: 'city and state of a ZIP, and whether it is restricted',
});

export const vinCheck = endpoint({
  method: 'POST', path: '/api/vin/check', request: VinCheckRequest, answer: VinCheckResponse, body: json, session: false,
  summary: 'decodes a VIN offline: year, make, model line, body style; 404 invalid, 422 another maker',
});

export const vehicleImage = endpoint({
  method: 'GET', path: '/api/vehicle/image', request: VehicleImageQuery, answer: VehicleImageResponse, body: none, session: false,
  summary: 'picture entries (`extcam02` first) pointing at our drawn silhouettes; query `vin`, `year`, `model`',
});

export const vehicleSilhouette = endpoint({
  method: 'GET', path: '/api/vehicle/silhouette/:file', request: null, answer: null, body: none, session: false,
  summary: 'one drawn silhouette (SVG), cached for a month',
});
