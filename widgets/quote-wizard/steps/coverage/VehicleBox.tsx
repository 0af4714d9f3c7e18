import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../core/api-client.ts';
import { CarDrawing } from '../../../core/CarDrawing.tsx';
import { fetchVehiclePictures, pictureUrl, type VehiclePictures } from '../../vehicle-picture/vehicle-picture.ts';
import type { VehicleForm } from '../../model/wizard-model.ts';
import { modelLine, shownVin } from './coverage-logic.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/**
 * The vehicle box of step 4 (doc 3 section 2): 'Vehicle', or 'Vehicle N of M'; the model line; the
 * picture; the VIN line unless the VIN is a placeholder; previous and next chevrons with more than one
 * vehicle and a calculated quote. The first vehicle's picture was fetched after step 2; another vehicle's
 * is fetched when its page shows (vehicle-picture/), and the drawing stands in when there is none.
 */
export interface VehicleBoxProps {
  vehicles: readonly VehicleForm[];
  index: number;
  firstPictures: VehiclePictures | null;
  api: ApiClient;
  apiBase: string;
  chevrons: boolean;
  onMove: (index: number) => void;
  headingId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

/** Pictures fetched for vehicles after the first, by VIN, for the page's life. */
const fetched = new Map<string, VehiclePictures | null>();

function usePictures(vehicle: VehicleForm | undefined, index: number, firstPictures: VehicleBoxProps['firstPictures'], api: ApiClient) {
  const key = vehicle?.vin ?? '';
  const [, rerender] = useState(0);
  useEffect(() => {
    if (index === 0 || !vehicle || !vehicle.vin || fetched.has(key)) return;
    let live = true;
    fetched.set(key, null);
    void fetchVehiclePictures(api, vehicle).then((pictures) => {
      fetched.set(key, pictures);
      if (live) rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [key, index]);
  return index === 0 ? firstPictures : (fetched.get(key) ?? null);
}

export function VehicleBox({ vehicles, index, firstPictures, api, apiBase, chevrons, onMove, headingId, headingRef }: VehicleBoxProps) {
  const vehicle = vehicles[index];
  const pictures = usePictures(vehicle, index, firstPictures, api);
  const [broken, setBroken] = useState<string | null>(null);
  if (!vehicle) return null;
  const src = pictureUrl(pictures, apiBase, globalThis.location?.origin ?? '');
  const vin = shownVin(vehicle);
  const many = vehicles.length > 1;

  return (
    <div className="ppm-cover-vehicle" part="vehicle-box">
      <div className="ppm-cover-vehicle__head">
        {chevrons && many && (
          <button
            type="button"
            className="ppm-cover-vehicle__chevron"
            aria-label={T.previousVehicle}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <h4 id={headingId} ref={headingRef} tabIndex={-1} className="ppm-cover-vehicle__heading">
          {many ? T.vehicleOf(index + 1, vehicles.length) : T.vehicle}
        </h4>
        {chevrons && many && (
          <button
            type="button"
            className="ppm-cover-vehicle__chevron"
            aria-label={T.nextVehicle}
            disabled={index === vehicles.length - 1}
            onClick={() => onMove(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        )}
      </div>
      <div className="ppm-cover-vehicle__body">
        <div className="ppm-cover-vehicle__picture">
          {src && broken !== src ? (
            // the model line beside it says what the picture shows
            <img src={src} alt="" onError={() => setBroken(src)} />
          ) : (
            <CarDrawing className="ppm-cover-vehicle__default" />
          )}
        </div>
        <dl className="ppm-cover-vehicle__facts">
          <div>
            <dt>{T.model}</dt>
            <dd>{modelLine(vehicle)}</dd>
          </div>
          {vin && (
            <div>
              <dt>{T.vin}</dt>
              <dd className="ppm-cover-vehicle__vin">{vin}</dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}
