import { preferredPicture } from '../../../contract/index.ts';
import type { ApiClient } from '../../core/api-client.ts';
import type { VehicleForm } from '../model/wizard-model.ts';
import * as endpoints from '../../../contract/api/endpoints.ts';

/**
 * A vehicle's picture (doc 2 section 2: fetched after step 2; doc 3 section 2: shown in the coverage step's
 * vehicle box): the one call, the one check of what it answers, and the one way to its address. The shell
 * fetches the first vehicle's as the person leaves step 2; the vehicle box fetches another vehicle's when its
 * page shows. Where there is none, CarDrawing.tsx stands in.
 */
export type VehiclePictures = { view: string; uri: string }[];

/** The vehicle's picture entries, or null: no checked VIN to ask by, a failed call, or no picture to show. */
export async function fetchVehiclePictures(
  api: ApiClient,
  vehicle: Pick<VehicleForm, 'vin' | 'year' | 'model' | 'isVINValid'> | undefined,
): Promise<VehiclePictures | null> {
  if (!vehicle?.vin || vehicle.isVINValid !== true) return null;
  // POSTed: the VIN stays out of URLs (issue 22 item 11)
  const result = await api.call(endpoints.vehicleImage, { vin: vehicle.vin, year: Number(vehicle.year), model: vehicle.model });
  return result.ok && preferredPicture(result.data.Vin.picture) ? result.data.Vin.picture : null;
}

/**
 * The picture's address: entries carry a path on the API's origin ('/api/vehicle/silhouette/...'), so it
 * resolves against the API base (another origin when embedded), else the page. Null: show the drawing.
 */
export function pictureUrl(pictures: readonly { view: string; uri: string }[] | null | undefined, apiBase: string, pageOrigin: string): string | null {
  const uri = pictures ? preferredPicture(pictures) : undefined;
  if (!uri) return null;
  try {
    return new URL(uri, apiBase || pageOrigin).href;
  } catch {
    return null;
  }
}
