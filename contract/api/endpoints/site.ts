/** The calls the wizard's first steps make: health, ZIP, VIN and the vehicle's picture. (Entries of contract/api/endpoints.ts.) */
import { unknown } from 'superstruct';
import { VehicleImageResponse } from '../policy.ts';
import { VehicleImageQuery } from '../vehicle-image.ts';
import { VinCheckRequest, VinCheckResponse } from '../vin.ts';
import { ZipLookupResponse } from '../zip.ts';
import { endpoint, json, none } from './endpoint.ts';

export const health = endpoint({
  method: 'GET', path: '/api/health', request: null, answer: unknown(), body: none, session: false,
});

export const zipLookup = endpoint({
  method: 'GET', path: '/api/zip/:zip', request: null, answer: ZipLookupResponse, body: none, session: false,
});

export const vinCheck = endpoint({
  method: 'POST', path: '/api/vin/check', request: VinCheckRequest, answer: VinCheckResponse, body: json, session: false,
});

export const vehicleImage = endpoint({
  method: 'GET', path: '/api/vehicle/image', request: VehicleImageQuery, answer: VehicleImageResponse, body: none, session: false,
});

export const vehicleSilhouette = endpoint({
  method: 'GET', path: '/api/vehicle/silhouette/:file', request: null, answer: null, body: none, session: false,
});
