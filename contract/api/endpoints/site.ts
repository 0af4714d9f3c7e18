/** The calls the wizard's first steps make: health, ZIP, VIN and the vehicle's picture. (Entries of contract/api/endpoints.ts.) */
import { unknown } from 'superstruct';
import { VehicleImageResponse } from '../policy.ts';
import { VehicleImageRequest } from '../vehicle-image.ts';
import { VinCheckRequest, VinCheckResponse } from '../vin.ts';
import { ZipLookupResponse } from '../zip.ts';
import { endpoint, json, none } from './endpoint.ts';

export const health = endpoint({
  method: 'GET', path: '/api/health', request: null, answer: unknown(), body: none, session: false,
});

export const ready = endpoint({
  method: 'GET', path: '/api/health/ready', request: null, answer: unknown(), body: none, session: false,
});

export const zipLookup = endpoint({
  method: 'GET', path: '/api/zip/:zip', request: null, answer: ZipLookupResponse, body: none, session: false,
  partner: true,
});

export const vinCheck = endpoint({
  method: 'POST', path: '/api/vin/check', request: VinCheckRequest, answer: VinCheckResponse, body: json, session: false,
  partner: true,
});

export const vehicleImage = endpoint({
  method: 'POST', path: '/api/vehicle/image', request: VehicleImageRequest, answer: VehicleImageResponse, body: json, session: false,
  partner: true,
});

export const vehicleSilhouette = endpoint({
  method: 'GET', path: '/api/vehicle/silhouette/:file', request: null, answer: null, body: none, session: false,
});
